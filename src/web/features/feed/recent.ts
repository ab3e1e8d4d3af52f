import { useEffect, useState } from 'react';
import type { InitialData } from '../../../shared/discovery.ts';
import { RECENT_COUNT_CAP } from '../../../shared/feed.ts';
import { api } from '../../api/request.ts';

/** "99+" past the cap. */
export const badgeText = (count: number) => (count > RECENT_COUNT_CAP ? `${RECENT_COUNT_CAP}+` : String(count));

/** Opening one of these moves the reader's last-seen time to now (spec/content.md §2: `/my/new` sets the flag). */
const RECENT_PATHS = ['/new', '/all/new', '/my/new'];

/**
 * The /new badge: entries published since the reader last opened a recent feed, from `GET /v3.0/initialData`
 * (the server keeps the time: in the account when signed in, else in the `last-recent-seen` cookie, 365 days).
 * Opening a recent feed resets it; a first visit starts the count from now.
 */
export function useRecentCount(pathname: string): number {
  const [count, setCount] = useState(0);
  const path = pathname.replace(/\/+$/, '') || '/';
  const onRecent = RECENT_PATHS.includes(path);
  useEffect(() => {
    if (onRecent) setCount(0);
    let live = true;
    api
      .get<InitialData>(
        'initialData',
        { updateRecentLastSeen: onRecent ? 1 : 0, url: path },
        { notify: false, authRetry: false },
      )
      .then((r) => {
        if (live && r.ok) setCount(r.data.recent_count);
      });
    return () => {
      live = false;
    };
    // The badge is asked for again when the reader enters or leaves a recent feed, not on every page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onRecent]);
  return count;
}
