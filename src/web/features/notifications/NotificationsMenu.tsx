import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationsBellUi } from '../../../shared/catalogue/shown.ts';
import { relativeTime } from '../../../shared/format.ts';
import { Popover, type PopoverItem, type PopoverSection } from '../../ui/overlays/popover.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { notificationCalls } from './unread.ts';
import type { NotificationItem } from '../../../shared/notifications.ts';
import { SystemIcon } from './NotificationRow.tsx';

/** How many notifications the popover shows; the rest are on /notifications. */
const POPOVER_SIZE = 8;

/**
 * The bell's popover with the latest notifications (NotificationsBell.tsx loads it at the first press): the list is
 * asked for each time it opens.
 */
export function NotificationsMenu({
  count,
  anchor,
  open,
  setOpen,
}: {
  count: number;
  anchor: HTMLElement | null;
  open: boolean;
  setOpen(open: boolean): void;
}) {
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    let live = true;
    void notificationCalls.page(undefined, POPOVER_SIZE).then((result) => {
      if (live && result.ok) setItems(result.data.items);
    });
    return () => {
      live = false;
    };
  }, [open]);

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
    <Popover
      anchor={anchor}
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
        void navigate(picked.url);
      }}
    />
  );
}
