import type { EventCalendarData, EventData, EventFilters, EventsPageData, EventsWidgetData } from '../api/events.ts';

/** What page loaders may ask about events; implemented in src/server/modules/events/page.ts. */
export interface EventsPageServices {
  /** The first page of upcoming published events by the filters. */
  list(filters: EventFilters): Promise<EventsPageData>;
  /** The calendar's days with events of a month (`2026-12`) by the filters. */
  calendar(filters: EventFilters, month: string): Promise<EventCalendarData>;
  /** One event as the reader may see it (rc 404 otherwise). */
  one(id: number): Promise<EventData>;
  /** The signed-in reader's own events in every state ([] for anonymous readers). */
  mine(): Promise<EventData[]>;
  /** Staff's queue (rc 403 for others). */
  queue(): Promise<EventData[]>;
  /** The right column's widget: the first events of the town. */
  widget(townId: number | null): Promise<EventsWidgetData>;
}
