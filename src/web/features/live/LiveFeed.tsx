import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { realtimeUi } from '../../../shared/catalogue/realtime.ts';
import { formatDateTime, relativeTime } from '../../../shared/format.ts';
import type { LiveItem } from '../../../shared/realtime.ts';
import { setCookie } from '../../lib/cookies.ts';
import {
  LIVE_AUTO_ITEMS,
  LIVE_COOKIE,
  LIVE_COOKIE_DAYS,
  bigButton,
  smallButton,
  type LiveCollapse,
} from './collapse.ts';
import { useLiveFeed } from './liveState.ts';

const L = realtimeUi;

/** How often the items' relative times ('5 минут назад') are brought up to date. */
const CLOCK_TICK_MS = 30_000;

/**
 * The live feed: the right column's widget (collapse states auto / shown / collapsed, remembered in the cookie) or the
 * whole `/live` page. Each item's markup comes rendered and escaped from the server. `collapse` is the cookie's
 * state as the server read it, so the first paint already has it.
 */
export function LiveFeed({
  variant,
  collapse = 'auto',
  initial,
  now,
}: {
  variant: 'widget' | 'page';
  collapse?: LiveCollapse;
  /** Items the server rendered the page with, and the time it rendered them at (`/live`). */
  initial?: LiveItem[];
  now?: number;
}) {
  // The `/live` page shows the same feed in full; the column's widget steps aside there.
  const { pathname } = useLocation();
  if (variant === 'widget' && pathname.replace(/\/+$/, '') === '/live') return null;
  return <LiveView variant={variant} initialCollapse={collapse} initial={initial} renderedAt={now} />;
}

function LiveView({
  variant,
  initialCollapse,
  initial,
  renderedAt,
}: {
  variant: 'widget' | 'page';
  initialCollapse: LiveCollapse;
  initial?: LiveItem[];
  renderedAt?: number;
}) {
  const { items, failed, retry } = useLiveFeed(initial);
  // The server's time until hydration (so both render the same text), then this browser's, kept fresh.
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [items]);
  const [collapse, setCollapse] = useState(initialCollapse);
  const change = (next: LiveCollapse) => {
    setCollapse(next);
    setCookie(LIVE_COOKIE, next, LIVE_COOKIE_DAYS);
  };

  const page = variant === 'page';
  const state = page ? 'shown' : collapse;
  const shown = state === 'collapsed' ? [] : state === 'auto' ? (items ?? []).slice(0, LIVE_AUTO_ITEMS) : (items ?? []);
  return (
    <section className={`live live--${variant}`} data-testid="live" data-state={state} aria-live="polite">
      <header className="live__header">
        {page ? (
          <h1 className="live__title">{L.liveTitle}</h1>
        ) : (
          <h2 className="live__title">
            <Link to="/live">{L.liveTitle}</Link>
          </h2>
        )}
        <span className="live__dot" aria-hidden />
        {!page && (
          <button
            type="button"
            className="live__toggle"
            onClick={() => change(bigButton(collapse))}
            data-testid="live-big"
            aria-expanded={collapse !== 'collapsed'}
            title={collapse === 'collapsed' ? L.liveExpand : L.liveCollapse}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden>
              <path
                d={collapse === 'collapsed' ? 'M6 9l6 6 6-6' : 'M6 15l6-6 6 6'}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        )}
      </header>
      {state !== 'collapsed' && (
        <>
          {items === null ? (
            <p className="live__note">
              {failed ? (
                <>
                  {L.liveFailed}{' '}
                  <button type="button" className="link" onClick={() => void retry()}>
                    {L.liveRetry}
                  </button>
                </>
              ) : (
                L.liveLoading
              )}
            </p>
          ) : items.length === 0 ? (
            <p className="live__note" data-testid="live-empty">
              {L.liveEmpty}
            </p>
          ) : (
            <ul className="live__list">
              {shown.map((item) => (
                <li
                  key={item.hash}
                  className={`live-item live-item--${item.type}`}
                  data-testid="live-item"
                  data-hash={item.hash}
                >
                  {/* Floats beside the item's first line; the markup after it comes escaped from the server. */}
                  <time className="live-item__time" dateTime={item.date} title={formatDateTime(item.date, now)}>
                    {relativeTime(item.date, now)}
                  </time>
                  <div className="live-item__body" dangerouslySetInnerHTML={{ __html: item.live_html }} />
                </li>
              ))}
            </ul>
          )}
          {!page && items !== null && items.length > LIVE_AUTO_ITEMS && (
            <button
              type="button"
              className="live__more"
              onClick={() => change(smallButton(collapse))}
              data-testid="live-small"
            >
              {collapse === 'shown' ? L.liveShowLess : L.liveShowMore}
            </button>
          )}
        </>
      )}
    </section>
  );
}
