import { useState } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/notifications';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { NotificationRow } from '../features/notifications/NotificationRow.tsx';
import { notificationCalls, unreadStore } from '../features/notifications/unread.ts';
import type { NotificationItem } from '../../shared/notifications.ts';
import { useStore } from '../lib/store.ts';

/** `/notifications`: the reader's notifications, newest change first; anonymous visitors get the 401 page. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  return { page: await services.notifications.list(), now: Date.now() };
}

export function meta() {
  return [{ title: `${ui.notifications.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const [items, setItems] = useState(loaderData.page.items);
  const [cursor, setCursor] = useState(loaderData.page);
  const [loading, setLoading] = useState(false);
  const unread = useStore(unreadStore);

  async function more() {
    if (loading || cursor.is_finished || cursor.last_id === null || cursor.last_sorting_value === null) return;
    setLoading(true);
    const result = await notificationCalls.page({
      last_id: cursor.last_id,
      last_sorting_value: cursor.last_sorting_value,
    });
    setLoading(false);
    if (!result.ok) return;
    setItems((prev) => [...prev, ...result.data.items]);
    setCursor(result.data);
  }

  async function readAll() {
    const result = await notificationCalls.markRead();
    if (result.ok) setItems((prev) => prev.map((n) => ({ ...n, is_read: true })));
  }

  function opened(item: NotificationItem) {
    if (item.is_read) return;
    void notificationCalls.markRead({ id: item.id });
    setItems((prev) => prev.map((n) => (n.id === item.id ? { ...n, is_read: true } : n)));
  }

  return (
    <div className="notifications-page" data-testid="notifications-page">
      <div className="notifications-page__head">
        <h1>{ui.notifications.title}</h1>
        <div className="notifications-page__actions">
          {unread > 0 && (
            <button type="button" className="btn btn-secondary btn-small" onClick={readAll} data-testid="mark-all-read">
              {ui.notifications.markAllRead}
            </button>
          )}
          <Link to="/u/me/settings#notifications" className="btn btn-secondary btn-small">
            {ui.notifications.settingsLink}
          </Link>
        </div>
      </div>
      {items.length === 0 ? (
        <div className="notifications-empty" data-testid="notifications-empty">
          <strong>{ui.notifications.empty}</strong>
          {ui.notifications.emptyHint}
        </div>
      ) : (
        <ul className="notifications-list">
          {items.map((n) => (
            <NotificationRow key={n.id} item={n} now={loaderData.now} onOpen={opened} />
          ))}
        </ul>
      )}
      {!cursor.is_finished && (
        <button type="button" className="btn btn-secondary notifications-more" onClick={more} disabled={loading}>
          {ui.notifications.more}
        </button>
      )}
    </div>
  );
}
