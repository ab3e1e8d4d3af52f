import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { messengerButtonUi } from '../../../shared/catalogue/shown.ts';
import { useStore } from '../../lib/store.ts';
import { badgeText } from '../feed/recent.ts';
import { drawerStore, openMessenger } from './unread.ts';

const t = messengerButtonUi;

// The drawer and the messenger in it load when it is first opened: a page carries no messenger code until then.
const MessengerDrawer = lazy(() => import('./MessengerDrawer.tsx').then((m) => ({ default: m.MessengerDrawer })));

const ChatIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden>
    <path d="M4 5h16v11H9l-5 4V5z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
  </svg>
);

/**
 * The header's messenger icon with the unread badge, and the drawer it opens: the messenger over the right side of
 * any page, the page staying as it is under it (Escape or the close button put it away).
 */
export function MessengerButton({ me, count }: { me: number; count: number }) {
  const open = useStore(drawerStore, null);
  const location = useLocation();
  const onPage = location.pathname === '/messenger';

  useEffect(() => {
    if (open === null) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && drawerStore.set(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  // Navigating to the full page closes the drawer.
  useEffect(() => {
    if (onPage) drawerStore.set(null);
  }, [onPage]);

  return (
    <>
      <button
        type="button"
        className="icon-btn messenger-button"
        aria-label={count > 0 ? `${t.open}: ${count}` : t.open}
        aria-expanded={open !== null}
        onClick={() => (open === null ? openMessenger() : drawerStore.set(null))}
        data-testid="messenger-button"
      >
        <ChatIcon />
        {count > 0 && (
          <span className="notifications-badge" data-testid="messenger-badge">
            {badgeText(count)}
          </span>
        )}
      </button>
      {open !== null && !onPage && (
        <Suspense>
          <MessengerDrawer me={me} open={open} />
        </Suspense>
      )}
    </>
  );
}
