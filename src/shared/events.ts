/** Events (issue 29): the fixed lists and limits an event's fields take, shared by the server, the web and contracts. */

/**
 * on moderation → published | rejected (with a reason) → unpublished (author or staff); a published event whose end
 * passed becomes past (the hourly `events.finish` task; the list hides it at once by its end, its page still opens).
 */
export const EVENT_STATES = ['moderation', 'published', 'rejected', 'unpublished', 'past'] as const;
export type EventState = (typeof EVENT_STATES)[number];

export const EVENT_FORMATS = [
  'conference',
  'meetup',
  'workshop',
  'webinar',
  'lecture',
  'exhibition',
  'festival',
  'other',
] as const;
export type EventFormat = (typeof EVENT_FORMATS)[number];

/** Events start in their town's zone; without a town, in Moscow time. */
export const DEFAULT_EVENT_TIME_ZONE = 'Europe/Moscow';

/** A page of the list; the widget shows this many first and as many more per "+5". */
export const EVENTS_PAGE_SIZE = 20;
export const EVENTS_WIDGET_STEP = 5;

/** Field limits. */
export const EVENT_LIMITS = {
  title: 120,
  description: 10_000,
  address: 300,
  url: 500,
  reason: 1000,
  query: 100,
  /** Roubles; anything above is a typo. */
  price: 10_000_000,
  /** An event lasts at most this many days. */
  days: 366,
} as const;

/** `YYYY-MM-DDTHH:MM`: a wall-clock time of the event's zone, as `<input type="datetime-local">` gives it. */
export const LOCAL_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
/** `YYYY-MM-DD`: a calendar day. */
export const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `YYYY-MM`: a calendar month. */
export const MONTH_RE = /^(\d{4})-(\d{2})$/;

/** The offset of `zone` from UTC at an instant, in ms (Moscow: +3 h). */
function offsetMs(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour') % 24, n('minute'), n('second')) - ms;
}

/** A known IANA zone name (`Europe/Moscow`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The instant of a wall-clock time (`2026-12-05T19:00`) in `zone`; null when it is not a real time. */
export function zonedInstant(local: string, zone: string): Date | null {
  const m = LOCAL_TIME_RE.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(wall);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  const first = wall - offsetMs(zone, wall);
  return new Date(wall - offsetMs(zone, first));
}

/** The wall-clock time of an instant in `zone`, as the form's field shows it: `2026-12-05T19:00`. */
export function localTime(instant: Date | string, zone: string): string {
  const ms = new Date(instant).getTime();
  return new Date(ms + offsetMs(zone, ms)).toISOString().slice(0, 16);
}

/** The zones the form offers (Russia's, west to east); the API takes any IANA zone. */
export const RUSSIAN_TIME_ZONES = [
  'Europe/Kaliningrad',
  'Europe/Moscow',
  'Europe/Samara',
  'Asia/Yekaterinburg',
  'Asia/Omsk',
  'Asia/Novosibirsk',
  'Asia/Krasnoyarsk',
  'Asia/Irkutsk',
  'Asia/Yakutsk',
  'Asia/Vladivostok',
  'Asia/Magadan',
  'Asia/Kamchatka',
] as const;
