import { useEffect, useState } from 'react';
import type { initialData, InitialData } from '../../../shared/api/discovery.ts';
import { ACTION_PARAMS } from '../../../shared/discovery.ts';
import { RECENT_COUNT_CAP } from '../../../shared/feed.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { openAuthPopup } from '../auth/open.ts';

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
    void call<typeof initialData>(
      'GET /initialData',
      // The query goes too on the first call: it may ask for an action (ACTION_PARAMS).
      { updateRecentLastSeen: onRecent ? 1 : 0, url: path + location.search },
      { notify: false, authRetry: false },
    ).then((r) => {
      if (!live || !r.ok) return;
      setCount(r.data.recent_count);
      if (r.data.action) runAction(r.data.action);
    });
    return () => {
      live = false;
    };
    // The badge is asked for again when the reader enters or leaves a recent feed, not on every page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onRecent]);
  return count;
}

/** Does what the address asked for once (initialData's `action`) and drops the asking fields from the address. */
function runAction(action: NonNullable<InitialData['action']>) {
  if (action.type === 'notify') {
    const { type, text } = action.data;
    toast.show(text, type === 'info' ? {} : { type });
  } else void openAuthPopup('login');
  const url = new URL(location.href);
  ACTION_PARAMS.forEach((name) => url.searchParams.delete(name));
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
