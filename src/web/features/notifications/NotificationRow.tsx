import { Link } from 'react-router';
import { relativeTime } from '../../../shared/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import type { NotificationItem } from '../../../shared/notifications.ts';

/** The site's own mark for notifications without a person (system, moderation). */
export const SystemIcon = () => (
  <span className="notification-system-icon" aria-hidden>
    <svg width="18" height="18" viewBox="0 0 24 24">
      <path
        d="M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7l8-4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  </span>
);

/** One notification on /notifications: who (up to three faces), what, when, and the quote. */
export function NotificationRow({
  item,
  now,
  onOpen,
}: {
  item: NotificationItem;
  now: number;
  onOpen(item: NotificationItem): void;
}) {
  return (
    <li
      className={`notification-row${item.is_read ? '' : ' is-unread'}`}
      data-testid="notification"
      data-id={item.id}
      data-type={item.type}
    >
      <div className="notification-row__faces">
        {item.actors.length ? (
          item.actors.map((a) => (
            <Avatar key={a.id} name={a.name} color={a.avatar_color} url={a.avatar_url} size={36} />
          ))
        ) : (
          <SystemIcon />
        )}
      </div>
      <Link to={item.url} className="notification-row__body" onClick={() => onOpen(item)}>
        <span className="notification-row__text">{item.text}</span>
        {item.quote && <span className="notification-row__quote">{item.quote}</span>}
        <time className="notification-row__date" dateTime={item.date}>
          {relativeTime(item.date, now)}
        </time>
      </Link>
      {!item.is_read && <span className="notification-row__dot" aria-hidden />}
    </li>
  );
}
