/**
 * First-party analytics (issue 30 point 4; spec/content.md §3 "Page data for analytics", §7 `POST /analytics-event
 * {eventType}`, §9 "Action analytics stack size 2, cookie 5 days. Analytics events: default Show and Click; ads
 * In-Viewport and Click"; spec/foundation.md §7 "Events are pushed to a data layer").
 */

/**
 * Show and Click (default), In-Viewport (ads), and on an entry's page Read-End (its end came into view) and Read-Time
 * (`seconds` the page was visible, sent as it is left).
 */
export const ANALYTICS_EVENTS = ['Show', 'Click', 'In-Viewport', 'Read-End', 'Read-Time'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENTS)[number];

/** Where a reader came to an entry from (its Show's `source`): a feed or another page of the site, search, outside. */
export const ENTRY_SOURCES = ['feed', 'search', 'outside'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/**
 * What a roll-up row (`analytics_daily.event_type`) counts: an event, or for an entry the readers new that day
 * (`Readers`), the seconds of its Read-Time events (`Read-Seconds`) and its Shows by source (`Source-feed` …).
 */
export const ANALYTICS_MEASURES = [
  ...ANALYTICS_EVENTS,
  'Readers',
  'Read-Seconds',
  ...ENTRY_SOURCES.map((s) => `Source-${s}` as const),
] as const;
export type AnalyticsMeasure = (typeof ANALYTICS_MEASURES)[number];

/**
 * The source of an entry's Show: the last action of this tab (the action stack, `eventType:path`) when the reader
 * moved inside the site, else the referrer (another site or none: outside).
 */
export function entrySource(lastAction: string | undefined, referrer: string, origin: string): EntrySource {
  const kind = (path: string): EntrySource => (/^\/search(\/|$)/.test(path) ? 'search' : 'feed');
  if (lastAction) return kind(lastAction.slice(lastAction.indexOf(':') + 1));
  if (!referrer) return 'outside';
  try {
    const url = new URL(referrer);
    return url.origin === origin ? kind(url.pathname) : 'outside';
  } catch {
    return 'outside';
  }
}

/** What a roll-up row counts: a unit (a distribution) or an entry. */
export const ANALYTICS_KINDS = ['unit', 'entry'] as const;

/** spec/content.md §3: the page data each event carries. */
export interface PageData {
  author_name?: string;
  author_type?: string;
  tags?: string[];
  comments?: number;
  likes?: number;
  favorites?: number;
  is_advertisement?: boolean;
  navigation_name?: string;
}

/** The action stack: the last two actions, kept in a cookie for 5 days. */
export const ACTION_STACK_COOKIE = 'analytics-actions';
export const ACTION_STACK_SIZE = 2;
export const ACTION_STACK_DAYS = 5;

export const ANALYTICS_LIMITS = {
  /** Events of one request. */
  batch: 50,
  path: 500,
  text: 200,
  tags: 20,
  tag: 60,
  stackItem: 80,
  count: 1_000_000_000,
  /** A Read-Time event's seconds (an hour: a tab left open longer says nothing more). */
  readSeconds: 3600,
} as const;

/** The browser sends what gathered this often, and at once when the page is left. */
export const ANALYTICS_SEND_MS = 5000;
/** The server writes what came this often (a node task); a burst past `ANALYTICS_QUEUE_MAX` waiting events is dropped. */
export const ANALYTICS_FLUSH_MS = 2000;
export const ANALYTICS_QUEUE_MAX = 50_000;
/** Raw events are kept this long (their day partitions are dropped after); the roll-up stays. */
export const ANALYTICS_RAW_DAYS = 30;
/** Day partitions of the raw events are made this many days ahead. */
export const ANALYTICS_PARTITION_AHEAD_DAYS = 7;
/** The report's days. */
export const ANALYTICS_REPORT_DAYS = 30;
