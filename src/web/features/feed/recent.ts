import { useEffect, useState } from 'react';
import { RECENT_COUNT_CAP, RECENT_SEEN_COOKIE, RECENT_SEEN_DAYS } from '../../../shared/feed.ts';
import { api } from '../../api/request.ts';
import { getCookie, setCookie } from '../../lib/cookies.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** "99+" past the cap. */
export const badgeText = (count: number) => (count > RECENT_COUNT_CAP ? `${RECENT_COUNT_CAP}+` : String(count));

/**
 * The /new badge: entries published since the reader last opened /new (the `last-recent-seen` cookie,
 * 365 days). Opening /new resets it; a first visit starts the count from now.
 */
export function useRecentCount(pathname: string): number {
  const [count, setCount] = useState(0);
  const onRecent = pathname.replace(/\/+$/, '') === '/new';
  useEffect(() => {
    const seen = Number(getCookie(RECENT_SEEN_COOKIE));
    if (onRecent || !Number.isSafeInteger(seen) || seen <= 0) {
      setCookie(RECENT_SEEN_COOKIE, String(nowSeconds()), RECENT_SEEN_DAYS);
      setCount(0);
      return;
    }
    let live = true;
    api.get<{ count: number }>('feed/recent_count', { since: seen }, { notify: false, authRetry: false }).then((r) => {
      if (live && r.ok) setCount(r.data.count);
    });
    return () => {
      live = false;
    };
  }, [onRecent]);
  return count;
}
