import { data } from 'react-router';
import type { Route } from './+types/events.form';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { EventForm } from '../features/events/EventForm.tsx';
import '../features/vacancies/vacancies.css';

const t = ui.events;

/** `/events/new` and `/events/{id}/edit`: the event form for a signed-in author (anonymous readers sign in first). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  const blogs = await services.vacancies.authorBlogs();
  if (params.id === undefined) return { blogs, event: null };
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw data(null, { status: 404 });
  const event = await services.events.one(id).catch((e: { rc?: number }) => {
    throw data(null, { status: e.rc ?? 500 });
  });
  if (!event.can_edit) throw data(null, { status: 403 });
  return { blogs, event };
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [
    { title: `${d?.event ? t.editEvent : t.formTitle} — ${ui.siteName}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function EventFormPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page vacancy-form-page">
      <h1 className="page-title">{loaderData.event ? t.editEvent : t.formTitle}</h1>
      <EventForm blogs={loaderData.blogs} event={loaderData.event} />
    </div>
  );
}
