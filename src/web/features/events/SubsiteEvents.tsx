import type { EventCardData } from '../../../shared/api/events.ts';
import { eventsUi as t } from '../../../shared/catalogue/events.ts';
import { SubsiteBoard } from '../vacancies/SubsiteVacancies.tsx';
import { EventCard } from './EventCard.tsx';
import './events.css';

/** A blog's first coming events on its page, beside its vacancies; nothing when it has none. */
export function SubsiteEvents({ subsiteId, items, now }: { subsiteId: number; items: EventCardData[]; now: number }) {
  if (!items.length) return null;
  return (
    <SubsiteBoard
      title={t.subsiteEvents}
      all={{ url: `/events?subsite_id=${subsiteId}&town_id=0`, text: t.widgetAll }}
      testId="subsite-events"
    >
      {items.map((e) => (
        <EventCard key={e.id} e={e} now={now} compact />
      ))}
    </SubsiteBoard>
  );
}
