import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationsBellUi } from '../../../shared/catalogue/shown.ts';
import { relativeTime } from '../../../shared/format.ts';
import { Popover, type PopoverItem, type PopoverSection } from '../../ui/overlays/index.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { badgeText } from '../feed/recent.ts';
import { notificationCalls } from './unread.ts';
import type { NotificationItem } from '../../../shared/notifications.ts';
import { SystemIcon } from './NotificationRow.tsx';

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

/** How many notifications the popover shows; the rest are on /notifications. */
const POPOVER_SIZE = 8;

/** The header's bell: the unread badge, and a popover with the latest notifications. */
export function NotificationsBell({ count }: { count: number }) {
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const navigate = useNavigate();

  async function toggle() {
    if (open) return setOpen(false);
    setOpen(true);
    const result = await notificationCalls.page(undefined, POPOVER_SIZE);
    if (result.ok) setItems(result.data.items);
  }

  const now = Date.now();
  const list: PopoverItem[] = (items ?? []).map((n) => ({
    label: n.text,
    details: relativeTime(n.date, now),
    value: `notification:${n.id}`,
    color: n.is_read ? 'var(--text-muted)' : undefined,
    icon: n.actors[0] ? (
      <Avatar name={n.actors[0].name} color={n.actors[0].avatar_color} url={n.actors[0].avatar_url} size={32} />
    ) : (
      <SystemIcon />
    ),
  }));
  const sections: PopoverSection[] = [
    {
      title: notificationsBellUi.title,
      items: list.length ? list : [{ label: items ? notificationsBellUi.empty : '…', disabled: true, value: 'empty' }],
    },
    {
      title: '',
      items: [
        ...(count > 0 ? [{ label: notificationsBellUi.markAllRead, value: 'read-all' }] : []),
        { label: notificationsBellUi.showAll, value: 'all' },
      ],
    },
  ];

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
      <Popover
        anchor={anchor.current}
        open={open}
        onClose={() => setOpen(false)}
        align="right"
        width={typeof window === 'undefined' ? 380 : Math.min(380, window.innerWidth - 16)}
        items={sections}
        onSelect={(item) => {
          setOpen(false);
          if (item.value === 'read-all') {
            void notificationCalls.markRead();
            return;
          }
          if (item.value === 'all') return navigate('/notifications');
          // Items are buttons, not links: the router navigates without a page load.
          const picked = items?.find((n) => item.value === `notification:${n.id}`);
          if (!picked) return;
          if (!picked.is_read) void notificationCalls.markRead({ id: picked.id });
          navigate(picked.url);
        }}
      />
    </>
  );
}
