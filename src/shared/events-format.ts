/** How an event's place, time and price read, for the server (the .ics file) and the web alike. */
import { eventsUi as t } from './catalogue/events.ts';
import { formatDateTime, formatNumber } from './format.ts';
import { localTime } from './events.ts';

interface Placed {
  town: { name: string } | null;
  address: string;
  is_online: boolean;
}

/** "Казань, ул. Баумана, 1", "Онлайн", or both: "Казань · Онлайн". */
export function eventPlace(e: Placed): string {
  const offline = [e.town?.name, e.address].filter(Boolean).join(', ');
  return [offline, e.is_online ? t.online : ''].filter(Boolean).join(' · ');
}

/** "Бесплатно" or "1 500 ₽". */
export const eventPrice = (price: number) => (price === 0 ? t.free : `${formatNumber(price)}\u00a0₽`);

/** In the event's own zone: "5 марта в 19:00–22:00" for one day, "5 марта в 19:00 — 7 марта в 21:00" for more. */
export function eventWhen(e: { starts_at: string; ends_at: string; time_zone: string }, now: number | string): string {
  const opts = { timeZone: e.time_zone };
  const start = formatDateTime(e.starts_at, now, opts);
  const startDay = localTime(e.starts_at, e.time_zone).slice(0, 10);
  const end = localTime(e.ends_at, e.time_zone);
  return end.slice(0, 10) === startDay
    ? `${start}–${end.slice(11)}`
    : `${start} — ${formatDateTime(e.ends_at, now, opts)}`;
}

/**
 * Which clock the times follow, as a reader says it: "московское время" or "местное время, GMT+7" (an IANA name such
 * as Asia/Novosibirsk means nothing to a reader, and ICU's Russian zone names call Novosibirsk's zone «Красноярск»).
 */
export function eventZone(e: { starts_at: string; time_zone: string }): string {
  if (e.time_zone === 'Europe/Moscow') return t.moscowTime;
  const offset = new Intl.DateTimeFormat('ru', { timeZone: e.time_zone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(e.starts_at))
    .find((p) => p.type === 'timeZoneName')?.value;
  return t.localTime(offset ?? e.time_zone);
}
