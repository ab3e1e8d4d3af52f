import { data, Link, useRevalidator } from 'react-router';
import type { Route } from './+types/admin.events';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { EventCard } from '../features/events/EventCard.tsx';
import { publishEvent, rejectEvent } from '../features/events/StaffActions.tsx';
import '../features/vacancies/vacancies.css';
import '../features/events/events.css';

const t = ui.events;

/** `/admin/events`: events waiting for staff, oldest first; publish, or reject with a reason (`event_reject`). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return { items: await services.events.queue(), now: Date.now() };
}

export function meta() {
  return [{ title: `${t.queueTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function EventQueue({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const done = (ok: boolean) => ok && void revalidator.revalidate();
  return (
    <div className="page">
      <h1 className="page-title">{t.queueTitle}</h1>
      {loaderData.items.length === 0 && <p className="feed-empty">{t.queueEmpty}</p>}
      <ul className="job-queue" data-testid="events-queue">
        {loaderData.items.map((e) => (
          <li key={e.id} className="job-queue__item" data-testid="events-queue-item" data-id={e.id}>
            <EventCard e={e} now={loaderData.now} />
            <p className="job-queue__text">{e.description.slice(0, 400)}</p>
            <div className="vacancy-actions">
              <button
                type="button"
                className="btn btn-primary btn-small"
                data-testid="event-publish"
                onClick={async () => done(await publishEvent(e.id))}
              >
                {t.publish}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-testid="event-reject"
                onClick={async () => done(await rejectEvent(e.id))}
              >
                {t.reject}
              </button>
              <Link to={e.url} className="btn btn-secondary btn-small">
                {t.description}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
