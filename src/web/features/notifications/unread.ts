import { useEffect, useSyncExternalStore } from 'react';
import { call } from '../../api/call.ts';
import { createStore } from '../../lib/store.ts';
import { badgeText } from '../feed/recent.ts';
import { channelName, type UserEvent } from '../../../shared/realtime.ts';
import { useChannel } from '../realtime/useChannel.ts';
import type { list, markRead } from '../../../shared/api/notifications.ts';

/** The reader's unread count: the page data sets it, the private channel `user-{id}` moves it, marking read lowers it. */
export const unreadStore = createStore(0);
/** Which page data (reader and count) the store was last seeded from; until then the page data's count is shown. */
let seededFor = '';

/** Keeps the count live for a signed-in reader and prefixes the page title with `(N) ` (spec/content.md §9). */
export function useUnreadCount(userId: number | null, initial: number, extraInTitle = 0): number {
  const seed = `${userId}:${initial}`;
  useEffect(() => {
    seededFor = seed;
    unreadStore.set(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `seed` carries `initial`
  }, [seed]);
  useChannel<UserEvent>(
    userId ? channelName.user(userId) : null,
    (event) => {
      if (event.type === 'notification') unreadStore.set(event.unread_count);
    },
    // Notifications made before the channel was joined (just signed in, back online) were told to nobody.
    () => void refreshUnread(),
  );
  // No flash of 0 after hydration: the store speaks only once this page data has seeded it.
  const count = useSyncExternalStore(
    unreadStore.subscribe,
    () => (seededFor === seed ? unreadStore.get() : initial),
    () => initial,
  );
  const shown = userId ? count : 0;
  useEffect(() => {
    // React Router's <Meta> owns the title; the prefix is put on (and taken off) whatever title the page set.
    const apply = () => {
      const bare = document.title.replace(/^\(\d+\+?\) /, '');
      // The prefix counts unread messages of the messenger too (`extraInTitle`); the bell shows only its own.
      const total = shown + extraInTitle;
      const next = total > 0 ? `(${badgeText(total)}) ${bare}` : bare;
      if (document.title !== next) document.title = next;
    };
    apply();
    const title = document.querySelector('title');
    if (!title) return;
    const watch = new MutationObserver(apply);
    watch.observe(title, { childList: true, characterData: true, subtree: true });
    return () => watch.disconnect();
  }, [shown, extraInTitle]);
  return shown;
}

/** The count as the server has it now. */
async function refreshUnread() {
  const result = await notificationCalls.page(undefined, 1);
  if (result.ok) unreadStore.set(result.data.unread_count);
}

export const notificationCalls = {
  page: (cursor?: { last_id: number; last_sorting_value: number }, count?: number) =>
    call<typeof list>('GET /notifications', { ...cursor, ...(count ? { count } : {}) }, { notify: false }),
  async markRead(what: { id?: number; commentId?: number } = {}) {
    const result = await call<typeof markRead>('POST /notifications/mark-as-read', what);
    if (result.ok) unreadStore.set(result.data.unread_count);
    return result;
  },
};
