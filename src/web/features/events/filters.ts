import type { EventFilters } from '../../../shared/api/events.ts';
import { DAY_RE, EVENT_FORMATS, EVENT_LIMITS } from '../../../shared/events.ts';

const id = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
const day = (v: string | null) => (v && DAY_RE.test(v) ? v : undefined);

/** The list's filters from the page's address (`/events?town_id=5&free=1…`); a value that does not fit is dropped. */
export function eventFiltersOf(params: URLSearchParams): EventFilters {
  const q = params.get('q')?.trim().slice(0, EVENT_LIMITS.query);
  const format = params.get('format');
  let from = day(params.get('date_from'));
  const to = day(params.get('date_to'));
  if (from && to && from > to) from = undefined;
  return {
    town_id: id(params.get('town_id')),
    online: params.get('online') === '1' ? true : undefined,
    free: params.get('free') === '1' ? true : undefined,
    format: EVENT_FORMATS.find((f) => f === format),
    subsite_id: id(params.get('subsite_id')),
    date_from: from,
    date_to: to,
    q: q || undefined,
  };
}

/** The filters without their empty values: the API call's input and the address's query. */
export const eventFilterInput = (f: EventFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as EventFilters;

/** The address of the list with these filters (`town_id=0` keeps "any town" over the reader's own). */
export function eventsHref(f: EventFilters): string {
  const query = new URLSearchParams(
    Object.entries(eventFilterInput(f)).map(([k, v]) => [k, v === true ? '1' : String(v)]),
  );
  if (f.town_id === undefined) query.set('town_id', '0');
  return `/events?${query}`;
}
