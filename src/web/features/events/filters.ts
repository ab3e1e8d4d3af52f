import type { EventFilters } from '../../../shared/api/events.ts';
import { DAY_RE, EVENT_FORMATS, EVENT_LIMITS } from '../../../shared/events.ts';
import { idParam as id } from '../board/filters.ts';

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
