import { useEffect, useState } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/events';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import type { list } from '../../shared/api/events.ts';
import { EVENT_FORMATS, localTime } from '../../shared/events.ts';
import { TOWN_COOKIE } from '../../shared/vacancies.ts';
import { call } from '../api/call.ts';
import { readCookie } from '../lib/cookies.ts';
import { ChoiceField, FormField } from '../ui/FormField.tsx';
import { EventCard } from '../features/events/EventCard.tsx';
import { EventCalendar } from '../features/events/EventCalendar.tsx';
import { EventsWidget } from '../features/events/EventsWidget.tsx';
import { eventFiltersOf } from '../features/events/filters.ts';
import { BoardFilters, BoardMine } from '../features/board/BoardList.tsx';
import { filterInput } from '../features/board/filters.ts';
import '../features/vacancies/vacancies.css';
import '../features/events/events.css';

const t = ui.events;

/** `/events`: upcoming events by filters; the town defaults to the reader's own (`?town_id=0`: any); the calendar. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const filters = eventFiltersOf(params);
  if (!params.has('town_id')) {
    const own = await services.vacancies.readerTown(readCookie(request.headers.get('cookie'), TOWN_COOKIE));
    if (own) filters.town_id = own.id;
  }
  const now = Date.now();
  const month = (filters.date_from ?? localTime(new Date(now), 'Europe/Moscow')).slice(0, 7);
  const { date_from: _from, date_to: _to, ...calendarFilters } = filters;
  const [page, town, mine, calendar] = await Promise.all([
    services.events.list(filters),
    filters.town_id ? services.vacancies.town(filters.town_id) : null,
    services.events.mine(),
    services.events.calendar(calendarFilters, month),
  ]);
  if (!page) throw data(null, { status: 500 });
  return { filters, page, town, mine, calendar, signedIn: Boolean(user), now };
}

export function meta() {
  return [
    { title: `${t.title} — ${ui.siteName}` },
    { name: 'description', content: t.lead },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: t.title, href: '/events/rss' },
  ];
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { filters, page, now } = loaderData;
  const [items, setItems] = useState(page.items);
  const [next, setNext] = useState(page.next_offset);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setItems(page.items);
    setNext(page.next_offset);
  }, [page]);

  async function more() {
    if (loading || next === null) return;
    setLoading(true);
    const res = await call<typeof list>('GET /events', { ...filterInput(filters), offset: next });
    setLoading(false);
    if (!res.ok) return;
    setItems((prev) => [...prev, ...res.data.items]);
    setNext(res.data.next_offset);
  }

  return (
    <div className="job-layout">
      <div className="page job-page">
        <header className="job-head">
          <h1 className="page-title">{t.title}</h1>
          <Link to="/events/new" className="btn btn-primary" data-testid="events-new">
            {t.newEvent}
          </Link>
        </header>
        <BoardFilters kind="event" filters={filters} town={loaderData.town}>
          <ChoiceField
            name="format"
            label={t.format}
            list={EVENT_FORMATS}
            names={t.formats}
            value={filters.format}
            empty={t.any}
          />
          <FormField label={t.dateFrom}>
            <input
              type="date"
              name="date_from"
              className="form-input"
              defaultValue={filters.date_from ?? ''}
              data-testid="events-date-from"
            />
          </FormField>
          <FormField label={t.dateTo}>
            <input
              type="date"
              name="date_to"
              className="form-input"
              defaultValue={filters.date_to ?? ''}
              data-testid="events-date-to"
            />
          </FormField>
          <label className="form-check">
            <input
              type="checkbox"
              name="online"
              value="1"
              defaultChecked={filters.online ?? false}
              data-testid="events-online"
            />
            {t.onlineOnly}
          </label>
          <label className="form-check">
            <input
              type="checkbox"
              name="free"
              value="1"
              defaultChecked={filters.free ?? false}
              data-testid="events-free"
            />
            {t.freeOnly}
          </label>
        </BoardFilters>
        <div className="job-list" data-testid="events-list">
          {items.length === 0 && <p className="feed-empty">{t.empty}</p>}
          {items.map((e) => (
            <EventCard key={e.id} e={e} now={now} />
          ))}
        </div>
        {next !== null && (
          <button type="button" className="btn btn-secondary btn-wide" onClick={more} disabled={loading}>
            {loading ? t.loading : t.more}
          </button>
        )}
      </div>
      <aside className="job-aside" aria-label={t.asideLabel}>
        <EventCalendar initial={loaderData.calendar} filters={filters} />
        {loaderData.signedIn && (
          <BoardMine
            kind="event"
            title={t.myEvents}
            items={loaderData.mine}
            card={(e) => <EventCard key={e.id} e={e} now={now} compact />}
          />
        )}
        <EventsWidget />
      </aside>
    </div>
  );
}
