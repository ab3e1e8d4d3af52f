import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/api.ts';

// Only the managers of a community or company get the comment author switch: its code comes when it is shown.
const AuthorSwitch = lazy(() => import('./AuthorSwitch.tsx'));

/**
 * The comment author switch of a discussion (issue 32): the communities and companies the reader runs, the one chosen
 * (null: as themselves) and the control for the forms; no control for anyone else.
 */
export function useAuthorSwitch(user: CurrentUser | null): { asSubsite: number | null; control: ReactNode } {
  const [asSubsite, setAsSubsite] = useState<number | null>(null);
  const speakable = (user?.managedSubsites ?? []).filter((s) => s.additionalData.uri.startsWith('/s/'));
  const control = speakable.length ? (
    <Suspense fallback={null}>
      <AuthorSwitch subsites={speakable} value={asSubsite} onChange={setAsSubsite} />
    </Suspense>
  ) : null;
  return { asSubsite: speakable.some((s) => s.value === asSubsite) ? asSubsite : null, control };
}
