import { data } from 'react-router';
import type { Route } from './+types/admin.outbox';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { formatDateTime } from '../../shared/format.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return { items: await services.outbox(), now: Date.now() };
}

export function meta() {
  return [{ title: `${ui.outbox.title} — ${ui.siteName}` }];
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1 className="page-title">{ui.outbox.title}</h1>
      {loaderData.items.length === 0 && <p className="feed-empty">{ui.outbox.empty}</p>}
      <ul className="outbox" data-testid="outbox">
        {loaderData.items.map((m) => (
          <li key={m.id} className="outbox-item">
            <div className="outbox-meta">
              <span>
                {ui.outbox.to}: <b>{m.to}</b>
              </span>
              <span className={`badge badge-${m.status}`}>{ui.outbox.status[m.status] ?? m.status}</span>
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, loaderData.now)}</time>
            </div>
            <h3>{m.subject}</h3>
            <pre className="outbox-text">{m.text}</pre>
          </li>
        ))}
      </ul>
    </div>
  );
}
