import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { formatUntil, relativeTime } from '../../../shared/format.ts';
import type { BanItem } from '../../../shared/api/moderation.ts';

const L = ui.moderation;

/** Bans as a list: who, where, for how long, why, by whom, and how it ended. */
export function BanList({
  items,
  empty,
  now,
  showUser = false,
  onUnban,
}: {
  items: BanItem[];
  empty: string;
  /** The page's clock, so past events read as in the feeds ("вчера в 20:37"). */
  now: number;
  showUser?: boolean;
  onUnban?(ban: BanItem): void;
}) {
  if (!items.length) return <p className="mod-empty">{empty}</p>;
  return (
    <ul className="mod-bans" data-testid="ban-list">
      {items.map((b) => (
        <li key={b.id} className={`mod-ban${b.is_active ? ' mod-ban--active' : ''}`} data-testid="ban-item">
          <div className="mod-ban__head">
            {showUser && (
              <Link to={b.user.url} className="mod-ban__user">
                {b.user.name}
              </Link>
            )}
            <span className="mod-ban__scope">{b.subsite ? b.subsite.name : L.siteWide}</span>
            <span className="mod-ban__term">{b.until ? L.until(formatUntil(b.until)) : L.forever}</span>
            <span className={`badge ${b.is_active ? 'badge-failed' : ''}`}>
              {b.is_active
                ? L.active
                : b.lifted_by && b.ended
                  ? L.lifted(b.lifted_by.name, relativeTime(b.ended, now))
                  : L.ended(relativeTime(b.ended ?? b.date, now))}
            </span>
          </div>
          <p className="mod-ban__reason">{b.reason}</p>
          <p className="mod-ban__meta">
            {relativeTime(b.date, now)}
            {b.by && <> · {L.by(b.by.name)}</>}
            {b.remove_all_data && <> · {L.removedData(b.removed_entries, b.removed_comments)}</>}
          </p>
          {onUnban && b.is_active && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              data-testid="ban-unban"
              onClick={() => onUnban(b)}
            >
              {L.unban}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
