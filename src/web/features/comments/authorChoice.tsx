import { lazy, Suspense } from 'react';
import type { CurrentUser } from '../../../shared/api.ts';
import { createStore } from '../../lib/store.ts';

// Only the managers of a community or company get the comment author switch: its code comes when it is shown.
const AuthorSwitch = lazy(() => import('./AuthorSwitch.tsx'));

/** The subsite the reader writes as (0: as themselves); the switch sets it, the add and reply forms send it. */
export const writingAs = createStore(0);

/** The comment author switch for a form (issue 32); nothing for a reader who runs no community or company. */
export const authorSwitch = (user: CurrentUser | null) =>
  user?.show_possession && (
    <Suspense>
      <AuthorSwitch subsites={user.managedSubsites} choice={writingAs} />
    </Suspense>
  );
