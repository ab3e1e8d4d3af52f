import { lazy, Suspense, useRef, useState } from 'react';
import { notificationsBellUi } from '../../../shared/catalogue/shown.ts';
import { badgeText } from '../feed/recent.ts';

const BellIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden>
    <path
      d="M6 17V11a6 6 0 1 1 12 0v6l1.5 2h-15L6 17zM10 21h4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      strokeLinecap="round"
    />
  </svg>
);

// The popover (its list, rows and requests) loads at the first press of the bell.
const NotificationsMenu = lazy(() => import('./NotificationsMenu.tsx').then((m) => ({ default: m.NotificationsMenu })));

/** The header's bell: the unread badge, and a popover with the latest notifications. */
export function NotificationsBell({ count }: { count: number }) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the popover's closing animation still plays afterwards.
  const [used, setUsed] = useState(false);

  function toggle() {
    setUsed(true);
    setOpen(!open);
  }

  return (
    <>
      <button
        ref={anchor}
        type="button"
        className="icon-btn notifications-bell"
        aria-label={count > 0 ? `${notificationsBellUi.bell}: ${count}` : notificationsBellUi.bell}
        aria-haspopup="menu"
        onClick={toggle}
        data-testid="notifications-bell"
      >
        <BellIcon />
        {count > 0 && (
          <span className="notifications-badge" data-testid="notifications-badge">
            {badgeText(count)}
          </span>
        )}
      </button>
      {used && (
        <Suspense fallback={null}>
          <NotificationsMenu count={count} anchor={anchor.current} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
