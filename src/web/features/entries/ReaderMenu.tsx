import { lazy, Suspense, useState } from 'react';
import { historyShownUi } from '../../../shared/catalogue/shown.ts';
import { MoreIcon } from '../../ui/icons.tsx';
import type { StubEntry } from '../feed/EntryStub.tsx';

/** The feed card's menu and stub: a reader's entry page loads their code on the first press (the page's script budget). */
const EntryPageMenu = lazy(() => import('../feed/EntryStub.tsx').then((m) => ({ default: m.EntryPageMenu })));

/**
 * The '…' of an entry page for its readers: the feed card's menu (hide, ignore the author or the subsite, unsubscribe,
 * complain). Until pressed it is a button alone; the press loads the menu, which opens as it comes.
 */
export function ReaderMenu({ entry }: { entry: StubEntry }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      className="icon-btn entry-card-more"
      aria-label={historyShownUi.menu}
      aria-haspopup="menu"
      data-testid="entry-menu"
      onClick={() => setWanted(true)}
    >
      <MoreIcon />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <EntryPageMenu entry={entry} />
    </Suspense>
  );
}
