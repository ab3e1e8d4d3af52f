import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { feedUi } from '../../../shared/catalogue/feed.ts';
import { realtimeUi } from '../../../shared/catalogue/realtime.ts';
import type { EntryCard as Card } from '../../../shared/entries.ts';
import type { feed } from '../../../shared/api/feed.ts';
import type { FeedPage, FeedQuery } from '../../../shared/feed.ts';
import { call } from '../../api/call.ts';
import { EntryCard } from '../entries/EntryCard.tsx';
import { restoreFeed, saveFeed, toParam, withTo } from './feedState.ts';
import { pluralize } from '../../../shared/format.ts';
import { useFreshEntries } from '../realtime/freshEntries.ts';
import { RepostCard } from '../reposts/RepostCard.tsx';
import { placeReposts } from '../reposts/place.ts';
import { useReposts } from '../reposts/useReposts.ts';

/** Preload when the end of the list is within this many window heights (spec/content.md §9). */
export const PRELOAD_SCREENS = 2;
/** Ids sent back in exclude_ids for the hotness feed, whose scores move while the reader scrolls. */
const EXCLUDE_LAST = 300;

const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

interface Props {
  /** The server-rendered first page. */
  initial: FeedPage;
  /** The feed's query without the cursor, as `GET /v3.0/feed` takes it. */
  query: Omit<FeedQuery, 'last_id' | 'last_sorting_value' | 'exclude_ids'>;
  /** Names this feed in sessionStorage (its path and sorting). */
  storageKey: string;
  now: number;
  emptyText: string;
  /** Cards drawn on the server and at hydration; the rest of `initial` right after it. All when absent. */
  serverCards?: number | null;
  /** Shown after the third card (the operator's banner slot). */
  slot?: ReactNode;
}

const SLOT_AFTER = 3;

/** A feed with infinite scroll and back-navigation restore; the parent keys it by `storageKey`. */
export function FeedList({ initial, query, storageKey, now, emptyText, serverCards, slot }: Props) {
  const location = useLocation();
  const [items, setItems] = useState<Card[]>(initial.items);
  const [shown, setShown] = useState(serverCards ?? Infinity);
  // Before the first paint of a client navigation, and right after hydration of a server render.
  useClientLayoutEffect(() => setShown(Infinity), []);
  const [cursor, setCursor] = useState({ lastId: initial.last_id, lastSortingValue: initial.last_sorting_value });
  const [finished, setFinished] = useState(initial.is_finished);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const restoredTo = useRef<number | null>(null);

  // `?to={id}`: the reader came back from an entry; show the pages they had and the card they left from.
  useClientLayoutEffect(() => {
    const to = toParam(location.search);
    if (!to) return;
    const saved = restoreFeed(storageKey, to);
    if (saved) {
      setItems(saved.items);
      setCursor({ lastId: saved.lastId, lastSortingValue: saved.lastSortingValue });
      setFinished(saved.finished);
    }
    restoredTo.current = to;
  }, []);

  useEffect(() => {
    const to = restoredTo.current;
    if (!to) return;
    restoredTo.current = null;
    // After the router's own scroll restoration: the card is what the reader was looking at.
    requestAnimationFrame(() => {
      const card = document.querySelector<HTMLElement>(`[data-testid=entry-card][data-id="${to}"]`);
      if (!card) return;
      const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
      window.scrollTo({ top: card.getBoundingClientRect().top + window.scrollY - header - 12 });
    });
  }, [items]);

  // A subsite's page and the reader's own feed show reposts among the cards, by the time they were made.
  // Their pages beyond the first are read as the cards reach back past the last repost read.
  const reposts = placeReposts(items, useReposts(query, items.at(-1)?.date ?? null, finished), finished);

  const loadMore = useCallback(async () => {
    if (loading || finished || cursor.lastId === null || cursor.lastSortingValue === null) return;
    setLoading(true);
    setFailed(false);
    const exclude =
      query.sorting === 'hotness' || query.sorting === undefined
        ? items
            .slice(-EXCLUDE_LAST)
            .map((e) => e.id)
            .join(',')
        : '';
    const result = await call<typeof feed>(
      'GET /feed',
      {
        ...query,
        last_id: cursor.lastId,
        last_sorting_value: String(cursor.lastSortingValue),
        ...(exclude ? { exclude_ids: exclude } : {}),
      },
      { notify: false },
    );
    setLoading(false);
    if (!result.ok) {
      setFailed(true);
      return;
    }
    const page = result.data;
    const known = new Set(items.map((e) => e.id));
    setItems([...items, ...page.items.filter((e) => !known.has(e.id))]);
    setCursor({ lastId: page.last_id, lastSortingValue: page.last_sorting_value });
    setFinished(page.is_finished || page.items.length === 0);
  }, [loading, finished, cursor, items, query]);

  // A date-sorted feed counts entries published meanwhile; the button loads the first page again.
  const fresh = useFreshEntries(query.sorting === 'date' && !query.my, query.subsite_id);
  const freshCount = [...fresh.ids].filter((id) => !items.some((e) => e.id === id)).length;
  const refresh = async () => {
    const result = await call<typeof feed>('GET /feed', { ...query });
    if (!result.ok) return;
    setItems(result.data.items);
    setCursor({ lastId: result.data.last_id, lastSortingValue: result.data.last_sorting_value });
    setFinished(result.data.is_finished || result.data.items.length === 0);
    fresh.reset();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  // A fresh observer after every page: its first report says whether the end is still near.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || finished || failed) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) void loadMore();
      },
      { rootMargin: `0px 0px ${PRELOAD_SCREENS * window.innerHeight}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore, finished, failed]);

  // Leaving for an entry: remember the pages and mark the address, so Back returns to this card.
  function onClickCapture(e: MouseEvent) {
    const link = (e.target as HTMLElement).closest('a');
    const card = link?.closest<HTMLElement>('[data-testid=entry-card]');
    if (!link || !card) return;
    const to = Number(card.dataset.id);
    saveFeed(storageKey, {
      items,
      lastId: cursor.lastId,
      lastSortingValue: cursor.lastSortingValue,
      finished,
      to,
      savedAt: Date.now(),
    });
    window.history.replaceState(window.history.state, '', withTo(window.location.href, to));
  }

  if (items.length === 0 && finished && reposts.after.length === 0) {
    return (
      <p className="feed-empty" data-testid="feed-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <div className="feed-list" data-testid="feed-list" onClickCapture={onClickCapture}>
      {freshCount > 0 && (
        <button type="button" className="feed-fresh" onClick={() => void refresh()} data-testid="feed-fresh">
          {pluralize(freshCount, realtimeUi.newEntries)}
        </button>
      )}
      {items.slice(0, shown).map((e, i) => (
        <Fragment key={e.id}>
          {reposts.before.get(i)?.map((r) => (
            <RepostCard key={`r${r.id}`} repost={r} now={now} />
          ))}
          <EntryCard entry={e} now={now} />
          {i === Math.min(SLOT_AFTER, items.length) - 1 && slot}
        </Fragment>
      ))}
      {reposts.after.map((r) => (
        <RepostCard key={`r${r.id}`} repost={r} now={now} />
      ))}
      <div ref={sentinel} className="feed-sentinel" aria-hidden />
      {loading && (
        <div className="feed-loading" data-testid="feed-loading">
          {feedUi.loading}
        </div>
      )}
      {failed && (
        <div className="feed-failed">
          <span>{feedUi.loadFailed}</span>
          <button type="button" className="btn btn-secondary btn-small" onClick={loadMore}>
            {feedUi.retry}
          </button>
        </div>
      )}
      {finished && (
        <p className="feed-finished" data-testid="feed-finished">
          {feedUi.finished}
        </p>
      )}
    </div>
  );
}
