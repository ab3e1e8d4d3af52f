import type { EntryCard } from '../../../shared/entries.ts';

/**
 * The loaded pages of a feed, kept in sessionStorage when the reader opens an entry, so that coming back
 * (`?to={id}`, spec/content.md §2) shows the same cards and scrolls to the one they left from.
 */
export interface SavedFeed {
  items: EntryCard[];
  lastId: number | null;
  lastSortingValue: number | null;
  finished: boolean;
  to: number;
  savedAt: number;
}

const PREFIX = 'sreda:feed:';
/** A tab left for longer starts the feed afresh. */
export const SAVED_FEED_TTL_MS = 30 * 60_000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

export function saveFeed(key: string, state: SavedFeed) {
  const s = storage();
  if (!s) return;
  const value = JSON.stringify(state);
  try {
    s.setItem(PREFIX + key, value);
  } catch {
    // Full (spec/foundation.md §9: clear and retry once).
    try {
      for (let i = s.length - 1; i >= 0; i--) {
        const k = s.key(i);
        if (k?.startsWith(PREFIX)) s.removeItem(k);
      }
      s.setItem(PREFIX + key, value);
    } catch {
      // the reader simply starts from the top
    }
  }
}

/** The saved pages for this feed if they end at the card `to` and are fresh enough. */
export function restoreFeed(key: string, to: number, now = Date.now()): SavedFeed | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as SavedFeed;
    if (saved.to !== to || now - saved.savedAt > SAVED_FEED_TTL_MS || !Array.isArray(saved.items)) return null;
    if (!saved.items.some((e) => e.id === to)) return null;
    return saved;
  } catch {
    return null;
  }
}

/** The id in `?to=`, or null. */
export function toParam(search: string): number | null {
  const v = new URLSearchParams(search).get('to');
  return v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}

/** The current address with `to` set (or removed when null), for history.replaceState. */
export function withTo(href: string, to: number | null): string {
  const url = new URL(href);
  if (to === null) url.searchParams.delete('to');
  else url.searchParams.set('to', String(to));
  return url.pathname + url.search + url.hash;
}
