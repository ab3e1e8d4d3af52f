import { data, Link } from 'react-router';
import type { Route } from './+types/events.event';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import type { EventData } from '../../shared/api/events.ts';
import { eventPlace, eventPrice, eventWhen, eventZone } from '../../shared/events-format.ts';
import { API_BASE } from '../api/request.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { EventsWidget } from '../features/events/EventsWidget.tsx';
import { BoardActions } from '../features/board/BoardActions.tsx';
import '../features/vacancies/vacancies.css';
import '../features/events/events.css';

const t = ui.events;

/** `/events/{id}`: an event; its author and staff also see it while it waits, and why it was rejected. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user, publicUrl } = context.get(appContext);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (!id) throw data(null, { status: 404 });
  try {
    const event = await services.events.one(id);
    return { event, isStaff: Boolean(user?.is_staff), viewerId: user?.id ?? null, publicUrl, now: Date.now() };
  } catch (e) {
    throw data(null, { status: (e as { rc?: number }).rc ?? 500 });
  }
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  if (!d) return [{ title: ui.siteName }];
  const e = d.event;
  const tags = [
    { title: `${e.title} — ${t.title} — ${ui.siteName}` },
    { name: 'description', content: `${eventPlace(e)}. ${e.description.slice(0, 200)}` },
  ];
  return e.state === 'published' || e.state === 'past' ? tags : [...tags, { name: 'robots', content: 'noindex' }];
}

/** schema.org Event (search engines read it). */
function eventJsonLd(e: EventData, publicUrl: string) {
  const url = `${publicUrl}/events/${e.id}`;
  const place = e.town
    ? {
        '@type': 'Place',
        name: e.address || e.town.name,
        address: {
          '@type': 'PostalAddress',
          addressLocality: e.town.name,
          ...(e.town.region ? { addressRegion: e.town.region } : {}),
          ...(e.address ? { streetAddress: e.address } : {}),
          addressCountry: 'RU',
        },
      }
    : null;
  const virtual = e.is_online ? { '@type': 'VirtualLocation', url: e.register_url || url } : null;
  const mode = place && virtual ? 'Mixed' : virtual ? 'Online' : 'Offline';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: e.description,
    startDate: e.starts_at,
    endDate: e.ends_at,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: `https://schema.org/${mode}EventAttendanceMode`,
    location: place && virtual ? [place, virtual] : (place ?? virtual),
    ...(e.cover_url ? { image: [publicUrl + e.cover_url] } : {}),
    organizer: { '@type': 'Organization', name: e.subsite.name, url: publicUrl + e.subsite.url },
    offers: {
      '@type': 'Offer',
      price: e.price,
      priceCurrency: 'RUB',
      url: e.register_url || url,
      availability: 'https://schema.org/InStock',
    },
    url,
  };
}

const BANNERS = {
  moderation: t.waitingBanner,
  rejected: t.rejectedBanner,
  unpublished: t.unpublishedBanner,
  past: t.pastBanner,
  published: '',
} as const;

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event: e, publicUrl, now } = loaderData;
  const paragraphs = e.description.split(/\n+/).filter((p) => p.trim());
  return (
    <div className="job-layout">
      <article className="page vacancy-page" data-testid="event-page" data-state={e.state}>
        <script
          type="application/ld+json"
          // JSON inside a script: `<` is escaped so no text can close the tag.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(eventJsonLd(e, publicUrl)).replace(/</g, '\\u003c') }}
        />
        <Link to="/events" className="vacancy-page__back">
          ← {t.backToList}
        </Link>
        {BANNERS[e.state] && (
          <div className={`vacancy-banner vacancy-banner--${e.state}`} data-testid="event-banner">
            <b>{t.states[e.state]}.</b> {BANNERS[e.state]}
            {e.reason && (
              <p data-testid="event-reason">
                {t.rejectReason}: {e.reason}
              </p>
            )}
          </div>
        )}
        {e.cover_url && <img className="event-page__cover" src={e.cover_url} alt="" />}
        <h1 className="page-title vacancy-page__title">{e.title}</h1>
        <div className="vacancy-page__company">
          <Link to={e.subsite.url} className="vacancy-page__blog">
            <Avatar name={e.subsite.name} color={e.subsite.avatar_color} url={e.subsite.avatar_url} size={32} />
            <span>{e.subsite.name}</span>
          </Link>
        </div>
        <dl className="vacancy-facts">
          <dt>{t.when}</dt>
          <dd data-testid="event-when">
            {eventWhen(e, now)}
            <span className="event-page__zone"> ({eventZone(e)})</span>
          </dd>
          <dt>{t.where}</dt>
          <dd data-testid="event-place">{eventPlace(e)}</dd>
          <dt>{t.format}</dt>
          <dd>{t.formats[e.format]}</dd>
          <dt>{t.price}</dt>
          <dd data-testid="event-price">{eventPrice(e.price)}</dd>
        </dl>
        <div className="vacancy-apply">
          {e.register_url && e.state === 'published' && (
            <a href={e.register_url} className="btn btn-primary" target="_blank" rel="noopener noreferrer nofollow ugc">
              {t.register}
            </a>
          )}
          <a href={`${API_BASE}/events/${e.id}/ics`} className="btn btn-secondary" download data-testid="event-ics">
            {t.addToCalendar}
          </a>
        </div>
        <h2 className="vacancy-page__h2">{t.description}</h2>
        <div className="vacancy-page__text">
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        <BoardActions kind="event" item={e} byStaff={loaderData.isStaff && loaderData.viewerId !== e.author_id} />
      </article>
      <aside className="job-aside" aria-label={t.asideLabel}>
        <EventsWidget location={e.town?.id} />
      </aside>
    </div>
  );
}
