/**
 * First-party analytics (issue 30 point 4; spec/content.md §3 "Page data for analytics", §7 `POST /analytics-event
 * {eventType}`, §9 "Action analytics stack size 2, cookie 5 days. Analytics events: default Show and Click; ads
 * In-Viewport and Click"; spec/foundation.md §7 "Events are pushed to a data layer").
 */

export const ANALYTICS_EVENTS = ['Show', 'Click', 'In-Viewport'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENTS)[number];

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
} as const;

/** The browser sends what gathered this often, and at once when the page is left. */
export const ANALYTICS_SEND_MS = 5000;
/** The server writes what came this often (a node task); a burst past `ANALYTICS_QUEUE_MAX` waiting events is dropped. */
export const ANALYTICS_FLUSH_MS = 2000;
export const ANALYTICS_QUEUE_MAX = 50_000;
/** Raw events are kept this long; the roll-up stays. */
export const ANALYTICS_RAW_DAYS = 30;
/** The report's days. */
export const ANALYTICS_REPORT_DAYS = 30;
