import {
  ACTION_STACK_COOKIE,
  ACTION_STACK_DAYS,
  ACTION_STACK_SIZE,
  ANALYTICS_LIMITS,
  ANALYTICS_SEND_MS,
  type AnalyticsEventType,
  type PageData,
} from '../../../shared/analytics.ts';
import { PHONE_MAX_WIDTH, type AdPlace } from '../../../shared/ads.ts';
import type { AnalyticsEventInput } from '../../../shared/api/analytics.ts';
import { readCookie, setCookie } from '../../lib/cookies.ts';
import { adsCalls } from './calls.ts';

/**
 * First-party analytics in the browser (issue 30 point 4; spec/foundation.md §7 "Events are pushed to a data layer
 * and can also be sent by a request"). Loaded with the ads after the reader's first gesture (AdsHost.tsx), so a page
 * only opened carries none of it. Every event goes onto `window.dataLayer` with the page data, and into a batch sent
 * by `POST /analytics-event` every ANALYTICS_SEND_MS and at once (keepalive) when the page is hidden or left.
 */

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

type Pending = AnalyticsEventInput;

let queue: Pending[] = [];
let started = false;

/** The page data of spec/content.md §3: the entry page writes it (`data-page-data`), other pages their section. */
export function pageData(): PageData {
  const el = document.querySelector<HTMLElement>('[data-page-data]');
  if (el?.dataset.pageData) {
    try {
      return JSON.parse(el.dataset.pageData) as PageData;
    } catch {
      /* a broken attribute: fall through to the section */
    }
  }
  const section = document.querySelector<HTMLElement>('[data-ad-place][data-section]')?.dataset.section;
  return section ? { navigation_name: section } : {};
}

/** The action stack: the last ACTION_STACK_SIZE actions (`eventType:path`), in a cookie for ACTION_STACK_DAYS days. */
function pushAction(eventType: string, path: string): string[] {
  let stack: unknown = [];
  try {
    stack = JSON.parse(readCookie(document.cookie, ACTION_STACK_COOKIE) ?? '[]');
  } catch {
    /* a spoilt cookie starts a new stack */
  }
  const next = [...(Array.isArray(stack) ? stack : []), `${eventType}:${path}`.slice(0, ANALYTICS_LIMITS.stackItem)]
    .filter((s): s is string => typeof s === 'string' && s.length <= ANALYTICS_LIMITS.stackItem)
    .slice(-ACTION_STACK_SIZE);
  setCookie(ACTION_STACK_COOKIE, JSON.stringify(next), ACTION_STACK_DAYS);
  return next;
}

let stack: string[] = [];

/** The last action of the stack (`eventType:path`), none before the first. */
export const lastAction = (): string | undefined => stack.at(-1);

/** The entry whose page the path is (`/u/{author}/{id}-{slug}`, `/s/{subsite}/{id}`), or null. */
export function entryIdOf(path: string): number | null {
  const id = /^\/[us]\/[^/]+\/(\d{1,10})(?:-|$)/.exec(path)?.[1];
  return id ? Number(id) : null;
}

type Extra = Pick<AnalyticsEventInput, 'unit_id' | 'place' | 'entry_id' | 'seconds' | 'source'> & { place?: AdPlace };

/** One event: onto the data layer at once, into the next batch (of the page now, or of `at`, a page just left). */
export function track(eventType: AnalyticsEventType, extra: Extra = {}, at = location.pathname) {
  const path = at.slice(0, ANALYTICS_LIMITS.path);
  const page = pageData();
  (window.dataLayer ??= []).push({ event: eventType, ...extra, path, ...page });
  stack = pushAction(eventType, path);
  const entry = entryIdOf(path);
  queue.push({ eventType, path, page, ...(entry ? { entry_id: entry } : {}), ...extra });
  if (queue.length >= ANALYTICS_LIMITS.batch) send();
}

/** Called as the page is hidden or left, before the batch goes (the reading's time on the page). */
export const beforeLeave = new Set<() => void>();
const leave = () => {
  for (const fn of beforeLeave) fn();
  send(true);
};

function send(leaving = false) {
  if (!queue.length) return;
  const events = queue.slice(0, ANALYTICS_LIMITS.batch);
  queue = queue.slice(events.length);
  const device = matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`).matches ? 'phone' : 'desktop';
  void adsCalls.analytics({ events, stack, device }, leaving);
  if (queue.length) send(leaving);
}

/** Starts once: Show of this page (AdsRoot tracks each page navigated to), Click of links and buttons, the sending. */
export function startAnalytics() {
  if (started) return;
  started = true;
  setInterval(() => send(), ANALYTICS_SEND_MS);
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && leave());
  document.addEventListener(
    'click',
    (e) => {
      const target = (e.target as Element | null)?.closest('a[href], button');
      // An ad's own click is tracked by its unit, with the unit's id.
      if (target && !target.closest('[data-testid="ad-unit"]')) track('Click');
    },
    { capture: true, passive: true },
  );
}
