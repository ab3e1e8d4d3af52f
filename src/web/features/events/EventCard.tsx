import { Link } from 'react-router';
import type { EventCardData } from '../../../shared/api/events.ts';
import { eventsUi as t } from '../../../shared/catalogue/events.ts';
import { eventPlace, eventPrice, eventWhen } from '../../../shared/events-format.ts';

/** An event in the list, the widget and the staff queue. */
export function EventCard({ e, now, compact = false }: { e: EventCardData; now: number; compact?: boolean }) {
  return (
    <article className={`event-card${compact ? ' event-card--compact' : ''}`} data-testid="event-card" data-id={e.id}>
      {!compact && e.cover_url && <img className="event-card__cover" src={e.cover_url} alt="" loading="lazy" />}
      <div className="event-card__body">
        <time className="event-card__when" dateTime={e.starts_at}>
          {eventWhen(e, now || e.starts_at)}
        </time>
        <Link to={e.url} className="event-card__title">
          {e.title}
        </Link>
        <div className="event-card__meta">
          <span data-testid="event-place">{eventPlace(e)}</span>
          {!compact && <span>{t.formats[e.format]}</span>}
          <span>{eventPrice(e.price)}</span>
          {!compact && <span>{e.subsite.name}</span>}
          {e.state !== 'published' && (
            <span className={`vacancy-state vacancy-state--${e.state}`} data-testid="event-state">
              {t.states[e.state]}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
