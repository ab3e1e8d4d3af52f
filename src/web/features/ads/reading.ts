import { ANALYTICS_LIMITS, entrySource } from '../../../shared/analytics.ts';
import { beforeLeave, entryIdOf, lastAction, track } from './analytics.ts';

/**
 * Reading of an entry's page (issue 30 point 4), loaded with the analytics after the first gesture: Show carries where
 * the reader came from (the referrer for the page the tab opened on, the action stack's last action after a move
 * inside the site), Read-End goes once the entry's end (the page-data mark under it) comes into view, and Read-Time
 * the seconds the page was visible, as it is hidden, left or navigated away from (only the seconds not yet sent).
 */

interface Reading {
  entryId: number;
  path: string;
  visibleMs: number;
  /** Since when the page has been visible (performance.now()), null while hidden. */
  since: number | null;
  end: IntersectionObserver | null;
}

let reading: Reading | null = null;
let shown = 0;

function sendTime(r: Reading) {
  const now = performance.now();
  if (r.since !== null) r.visibleMs += now - r.since;
  r.since = document.visibilityState === 'visible' ? now : null;
  const seconds = Math.min(ANALYTICS_LIMITS.readSeconds, Math.round(r.visibleMs / 1000));
  if (seconds < 1) return;
  r.visibleMs = 0;
  track('Read-Time', { entry_id: r.entryId, seconds }, r.path);
}

let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  beforeLeave.add(() => reading && sendTime(reading));
  document.addEventListener('visibilitychange', () => {
    if (reading && document.visibilityState === 'visible' && reading.since === null) reading.since = performance.now();
  });
}

/** Show of the page now (each page AdsRoot sees), and the reading of an entry's page; the page before is finished. */
export function showPage() {
  listen();
  const path = location.pathname;
  const first = shown++ === 0;
  if (reading) {
    sendTime(reading);
    reading.end?.disconnect();
    reading = null;
  }
  const entryId = entryIdOf(path);
  if (!entryId) {
    track('Show');
    return;
  }
  track('Show', { source: entrySource(first ? undefined : lastAction(), document.referrer, location.origin) });
  const visible = document.visibilityState === 'visible';
  // The page the tab opened on counts from its start: the analytics wake only at the first gesture.
  const r: Reading = {
    entryId,
    path,
    visibleMs: 0,
    since: visible ? (first ? 0 : performance.now()) : null,
    end: null,
  };
  reading = r;
  const mark = document.querySelector('[data-page-data]');
  if (!mark || typeof IntersectionObserver === 'undefined') return;
  r.end = new IntersectionObserver((seen) => {
    if (!seen.some((s) => s.isIntersecting)) return;
    r.end?.disconnect();
    track('Read-End', { entry_id: r.entryId }, r.path);
  });
  r.end.observe(mark);
}
