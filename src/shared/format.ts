// Isomorphic (browser + Node) formatting helpers for Russian text.
// Only the standard library and Intl: no machine time zone, no locale data
// whose output differs between ICU builds (numbers are grouped by hand).

import { boundedMemo } from './memo.ts';

const NBSP = '\u00A0';

// ---------------------------------------------------------------- numbers

/** Plain decimal digits of |n| without exponent notation ("1234.5"). */
function plainDigits(abs: number): string {
  // Zero is the commonest counter of all, and the Intl path below costs ~100× String(): a page showed it in profiles.
  if (abs === 0) return '0';
  return abs < 1e21 && abs >= 1e-6
    ? String(abs)
    : abs.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** 9999 -> "9999", 12345 -> "12 345" (NBSP), -1234567.5 -> "-1 234 567,5". */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [int, frac] = plainDigits(Math.abs(n)).split('.');
  // Russian typography groups only from five digits on: "9999" but "10 000".
  const grouped = int.length > 4 ? int.replace(/\B(?=(\d{3})+$)/g, NBSP) : int;
  const sign = n < 0 && (int !== '0' || frac) ? '-' : '';
  return sign + grouped + (frac ? ',' + frac : '');
}

/** 812 -> "812 Б", 1536 -> "1,5 КБ", 5 242 880 -> "5 МБ" (binary units, one decimal below 10, NBSP). */
export function formatFileSize(bytes: number): string {
  const units = ['Б', 'КБ', 'МБ', 'ГБ'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? value : value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${formatNumber(shown)}${NBSP}${units[unit]}`;
}

function compact(n: number, suffixes: readonly string[]): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  let power = 0;
  while (power < suffixes.length && abs >= 1000 ** (power + 1)) power++;
  const divisor = 1000 ** power;
  // One decimal digit only below 10 ("1,2K" but "15K"). Truncate rather than round so a
  // counter never overstates and 999 999 never turns into "1000K"; dividing abs * 10
  // keeps the arithmetic exact for integers (2300 -> 23 tenths, not 22.999…).
  const value = abs < 10 * divisor ? Math.floor((abs * 10) / divisor) / 10 : Math.floor(abs / divisor);
  const sign = n < 0 && value > 0 ? '-' : '';
  return sign + formatNumber(value) + (power > 0 ? suffixes[power - 1] : '');
}

/** SI-style abbreviation by powers of 1000: 1234 -> "1,2k", 5e6 -> "5M", 2.5e24 -> "2,5Y". */
export function abbreviate(n: number): string {
  return compact(n, ['k', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y']);
}

/** Counter form: 999 -> "999", 1234 -> "1,2K", 15300 -> "15K", 2.5e6 -> "2,5M". */
export function compactCount(n: number): string {
  return compact(n, ['K', 'M']);
}

// ---------------------------------------------------------------- text

/** Shortens to at most `max` characters (code points), ending with "…", preferably at a word boundary. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max < 1) return '';
  const hard = chars.slice(0, max - 1).join('');
  // If the cut fell inside a word, step back to the last whitespace before it.
  const atBoundary = /\s/.test(chars[max - 1]);
  const lastSpace = hard.search(/\s\S*$/);
  const soft = atBoundary ? hard : lastSpace > 0 ? hard.slice(0, lastSpace) : hard;
  // Drop dangling spaces and punctuation so we never produce "слово,…".
  const cleaned = soft.replace(/[\s.,;:!?\-–—]+$/u, '');
  return (cleaned || hard.trimEnd()) + '…';
}

/** Collapses whitespace runs (including NBSP and newlines) to a single space and trims. */
export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

// Prepositions, conjunctions and preceding particles that must not end a line.
// prettier-ignore
const SHORT_WORDS = [
  'а', 'в', 'и', 'к', 'о', 'с', 'у',
  'во', 'да', 'до', 'за', 'из', 'ко', 'на', 'не', 'ни', 'но', 'об', 'от', 'по', 'со',
  'без', 'для', 'изо', 'или', 'над', 'обо', 'ото', 'под', 'при', 'про', 'это', 'что',
];
// `\b` is ASCII-only in JS, so the word boundary is a Unicode letter lookbehind. A hyphen
// counts as a boundary on purpose: "из-за угла" binds like "за угла".
const SHORT_WORD_RE = new RegExp(`(?<![\\p{L}\\p{N}])(${SHORT_WORDS.join('|')}) (?=\\S)`, 'giu');

/** Binds short Russian function words to the next word with a non-breaking space. */
export function typograph(text: string): string {
  return text.replace(SHORT_WORD_RE, `$1${NBSP}`);
}

// ---------------------------------------------------------------- plurals

export type PluralForms = readonly [one: string, few: string, many: string];

/** Russian plural form: 1 комментарий, 2 комментария, 5 комментариев; fractions take the "few" form. */
export function plural(n: number, forms: PluralForms): string {
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return Number.isFinite(abs) ? forms[1] : forms[2];
  const mod100 = abs % 100;
  const mod10 = abs % 10;
  if (mod100 >= 11 && mod100 <= 14) return forms[2];
  if (mod10 === 1) return forms[0];
  if (mod10 >= 2 && mod10 <= 4) return forms[1];
  return forms[2];
}

/** "21 комментарий", "12 345 комментариев". */
export function pluralize(n: number, forms: PluralForms): string {
  return `${formatNumber(n)} ${plural(n, forms)}`;
}

// ---------------------------------------------------------------- dates

export interface TimeZoneOptions {
  /** IANA zone used for calendar fields; defaults to Moscow so SSR and hydration match. */
  timeZone?: string;
}

export type DateInput = Date | number | string;

const DEFAULT_TIME_ZONE = 'Europe/Moscow';
const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];
// Indexed by Date#getUTCDay(): Sunday first.
const WEEKDAYS = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'];
// The same in the genitive, for "до вторника, 1 декабря".
const WEEKDAYS_GENITIVE = ['воскресенья', 'понедельника', 'вторника', 'среды', 'четверга', 'пятницы', 'субботы'];

interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 = Sunday
  dayNumber: number; // days since epoch of the local calendar date, for day arithmetic
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Parts by zone and instant: a page asks for the same instants again and again (its `now` once per date shown, the
 * same cards' times for every reader), and `formatToParts` was a few per cent of a page's server CPU. Read-only.
 */
const keptParts = boundedMemo<ZonedParts>(10_000);

function zonedParts(input: DateInput, timeZone = DEFAULT_TIME_ZONE): ZonedParts {
  const date = input instanceof Date ? input : new Date(input);
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Invalid date: ${String(input)}`);
  return keptParts(`${timeZone} ${ms}`, () => readZonedParts(date, timeZone));
}

function readZonedParts(date: Date, timeZone: string): ZonedParts {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    // Numeric en-US parts are stable across ICU versions; names come from our own tables.
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, fmt);
  }
  const parts = fmt.formatToParts(date);
  const num = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const year = num('year');
  const month = num('month');
  const day = num('day');
  const localMidnight = Date.UTC(year, month - 1, day); // the zoned calendar date as a UTC instant
  return {
    year,
    month,
    day,
    hour: num('hour') % 24, // some engines report midnight as "24"
    minute: num('minute'),
    weekday: new Date(localMidnight).getUTCDay(),
    dayNumber: localMidnight / 86_400_000,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const time = (p: ZonedParts) => `${pad2(p.hour)}:${pad2(p.minute)}`; // "09:05", as ru-RU writes it
const dayMonth = (p: ZonedParts) => `${p.day} ${MONTHS_GENITIVE[p.month - 1]}`;

/** "5 марта" in the current year of `now`, otherwise "5 марта 2025". */
export function formatDate(date: DateInput, now: DateInput = new Date(), options: TimeZoneOptions = {}): string {
  const p = zonedParts(date, options.timeZone);
  return p.year === zonedParts(now, options.timeZone).year ? dayMonth(p) : `${dayMonth(p)} ${p.year}`;
}

/** "5 марта в 14:07", with the year when it differs from `now`'s: "5 марта 2024 в 14:07". */
export function formatDateTime(date: DateInput, now: DateInput = new Date(), options: TimeZoneOptions = {}): string {
  return `${formatDate(date, now, options)} в ${time(zonedParts(date, options.timeZone))}`;
}

/** "среда, 5 марта 2025, 14:07". */
export function formatFullDate(date: DateInput, options: TimeZoneOptions = {}): string {
  const p = zonedParts(date, options.timeZone);
  return `${WEEKDAYS[p.weekday]}, ${dayMonth(p)} ${p.year}, ${time(p)}`;
}

/** The end of a term, after «до»: "вторника, 1 декабря 2026, 16:52". */
export function formatUntil(date: DateInput, options: TimeZoneOptions = {}): string {
  const p = zonedParts(date, options.timeZone);
  return `${WEEKDAYS_GENITIVE[p.weekday]}, ${dayMonth(p)} ${p.year}, ${time(p)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MINUTE_FORMS: PluralForms = ['минуту', 'минуты', 'минут'];
const HOUR_FORMS: PluralForms = ['час', 'часа', 'часов'];

/**
 * "только что", "5 минут назад", "3 часа назад" (same calendar day), "вчера в 14:07",
 * then "5 марта в 14:07" this year or "5 марта 2024" for earlier years.
 */
export function relativeTime(date: DateInput, now: DateInput = new Date(), options: TimeZoneOptions = {}): string {
  const then = zonedParts(date, options.timeZone);
  const current = zonedParts(now, options.timeZone);
  const elapsed = new Date(now).getTime() - new Date(date).getTime();
  // Future timestamps are clock skew between client and server, not real future events.
  if (elapsed < MINUTE) return 'только что';
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return `${minutes} ${plural(minutes, MINUTE_FORMS)} назад`;
  }
  if (then.dayNumber === current.dayNumber) {
    const hours = Math.floor(elapsed / HOUR);
    return `${hours} ${plural(hours, HOUR_FORMS)} назад`;
  }
  if (then.dayNumber === current.dayNumber - 1) return `вчера в ${time(then)}`;
  return then.year === current.year ? formatDateTime(date, now, options) : formatDate(date, now, options);
}

/** A place in a video or audio: "0:42", "1:30", "1:02:03". */
export function formatTimecode(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

// ---------------------------------------------------------------- images

export interface ImageOptions {
  retina?: boolean;
}

// Small displayed images look blurry at 1x, so they get the double-density treatment too.
const SMALL_SIDE = 80;

function assertSide(n: number, name: string): void {
  if (!Number.isFinite(n) || n <= 0) throw new RangeError(`Invalid image ${name}: ${n}`);
}

// Few distinct widths keep the resizing proxy's cache hot.
function baseBucket(width: number): number {
  const w = Math.ceil(width);
  if (w <= 64) return 64;
  if (w <= 108) return 108;
  return Math.ceil(w / 100) * 100;
}

/** 1-64 -> 64, 65-108 -> 108, 109+ -> next multiple of 100; doubled on retina. */
export function imageWidthBucket(width: number, { retina = false }: ImageOptions = {}): number {
  assertSide(width, 'width');
  return baseBucket(width) * (retina ? 2 : 1);
}

/** Bucketed width with proportional height; both doubled on retina or when either side <= 80. */
export function imageRequestSize(
  width: number,
  height: number,
  { retina = false }: ImageOptions = {},
): { width: number; height: number } {
  assertSide(width, 'width');
  assertSide(height, 'height');
  const w = baseBucket(width);
  const h = Math.max(1, Math.round((height * w) / width));
  const scale = retina || width <= SMALL_SIDE || height <= SMALL_SIDE ? 2 : 1;
  return { width: w * scale, height: h * scale };
}

// ---------------------------------------------------------------- money

/** Kopecks as roubles: 7500 -> "75 ₽", 1125 -> "11,25 ₽", 1234500 -> "12 345 ₽" (NBSP before the sign). */
export function formatRoubles(kopecks: number): string {
  const whole = Math.trunc(kopecks / 100);
  const rest = Math.abs(kopecks % 100);
  const sign = kopecks < 0 && whole === 0 ? '-' : '';
  return `${sign}${formatNumber(whole)}${rest ? ',' + String(rest).padStart(2, '0') : ''}${NBSP}₽`;
}

/** A calendar day with its year, for documents and "until" dates: "25 ноября 2026". */
export function formatDay(date: DateInput, options: TimeZoneOptions = {}): string {
  const p = zonedParts(date, options.timeZone);
  return `${dayMonth(p)} ${p.year}`;
}
