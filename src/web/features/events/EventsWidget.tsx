import type { EventCardData, EventsWidgetData, widget } from '../../../shared/api/events.ts';
import { eventsUi as t } from '../../../shared/catalogue/events.ts';
import { EVENTS_WIDGET_STEP } from '../../../shared/events.ts';
import { call } from '../../api/call.ts';
import { ColumnWidget } from '../vacancies/ColumnWidget.tsx';
import { EventCard } from './EventCard.tsx';

const texts = {
  title: t.widgetTitle,
  all: t.widgetAll,
  loading: t.loading,
  empty: t.widgetEmpty,
  more: t.widgetMore,
  moreLabel: t.widgetMoreLabel,
};

/**
 * The right column's events widget (`GET /widget/events`): the first five upcoming events of the reader's town (or
 * `location`), "+5" reveals five more per click; nothing is asked until it comes within 500 px of the viewport.
 */
export function EventsWidget({ location, inShell }: { location?: number; inShell?: boolean }) {
  return (
    <ColumnWidget<EventCardData, EventsWidgetData>
      texts={texts}
      href="/events"
      testId="events-widget"
      reloadKey={location}
      inShell={inShell}
      load={async (offset, shown) => {
        const town = location ?? shown?.town?.id;
        const input = offset === 0 ? { location } : { location: town, offset, limit: EVENTS_WIDGET_STEP };
        const res = await call<typeof widget>('GET /widget/events', input);
        return res.ok ? res.data : null;
      }}
      render={(e) => <EventCard key={e.id} e={e} now={0} compact />}
    />
  );
}
