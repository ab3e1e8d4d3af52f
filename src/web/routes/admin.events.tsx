import { data } from 'react-router';
import type { Route } from './+types/admin.events';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { EventCard } from '../features/events/EventCard.tsx';
import { BoardQueue } from '../features/board/BoardActions.tsx';
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
  return (
    <BoardQueue
      kind="event"
      items={loaderData.items}
      card={(e) => <EventCard e={e} now={loaderData.now} />}
      text={(e) => e.description}
    />
  );
}
