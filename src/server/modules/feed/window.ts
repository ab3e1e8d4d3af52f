import { FEED_PAGE_SIZE, type FeedPage } from '../../../shared/feed.ts';
import type { Ctx } from '../../context.ts';
import * as q from './queries.ts';
import { perAppCache } from '../../lib/cache.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import { privateSubsiteIds } from '../subsites/service.ts';
import { ANONYMOUS_CACHE_MS, mainFeedTop, pageOf, topOf, type FeedRequest } from './pages.ts';

/** A signed-in reader's first page picked in memory from the shared ordering, with the reader's kept state. */

/** How many positions of the main feed and of all entries are kept for signed-in readers' first pages. */
export const WINDOW_SIZE = 400;
type WindowKind = 'main' | 'all' | 'my';
type WindowSorting = 'hotness' | 'date';
/** A shared ordering's first positions; `complete` when they are the whole feed. */
interface FeedWindow {
  rows: q.WindowRow[];
  complete: boolean;
}
/** The shared orderings, the same few seconds as the anonymous pages, and dropped by any write like them. */
const windowCache = perAppCache<FeedWindow>(
  'feed.windows',
  ANONYMOUS_CACHE_MS,
  { entries: 16, bytes: 16 * 1024 * 1024, sizeOf: (w) => 160 * (w as FeedWindow).rows.length },
  { dropOnWrite: true },
);

function windowOf(ctx: Ctx, kind: WindowKind, sorting: WindowSorting): Promise<FeedWindow> {
  return windowCache(ctx).get(`${kind} ${sorting}`, async () => {
    const rows = await q.feedWindow(ctx.read, kind, sorting, WINDOW_SIZE);
    return { rows, complete: rows.length < WINDOW_SIZE };
  });
}

/**
 * A signed-in reader as the feeds need them: their Plus and role (staff read private communities) are read with the
 * session, not kept with their state.
 */
export type FeedReader = Pick<UserRow, 'id' | 'isPaid' | 'writeSeq' | 'role'>;

/**
 * What a reader's feeds filter by (`readerFilter` in queries.ts, as data), and their votes and bookmarks on the
 * entries looked at so far (the window's at first, then a page's entries not looked at yet, by primary key).
 * It changes only by the reader's own writes, so it is kept longer than the shared pages: for the reader's
 * `writeSeq` it was read at (any node's copy of the session shows a newer one), and this node's answer to their
 * write drops it at once. Ids that run into hundreds are sorted arrays (4 bytes each, not a set's ~40).
 */
interface ReaderState {
  writeSeq: number;
  subscriptions: Int32Array;
  /** The subsites where the reader holds a role (a private community's team reads it). */
  roles: Set<number>;
  muted: Set<number>;
  mutedTags: Set<string>;
  hidden: Set<number>;
  votes: Map<number, number>;
  favorited: Set<number>;
  /** The window's ids when the state was read, then the ids of pages read since. */
  checked: Int32Array;
  checkedSince: Set<number>;
  /** The reader's last first pages by request, each good while its window is the current one. */
  pages: Map<string, { window: FeedWindow; page: FeedPage }>;
}
/** A returning reader is served their page again, not picked again; a few requests' worth. */
const KEPT_PAGES = 4;
export const READER_STATE_MS = 60_000;
const stateCache = perAppCache<ReaderState>(
  'feed.reader_state',
  READER_STATE_MS,
  { entries: 50_000, bytes: 64 * 1024 * 1024, sizeOf: (st) => readerStateBytes(st as ReaderState) },
  { dropOnWrite: 'reader' },
);

function readerStateBytes(st: ReaderState): number {
  const small = st.roles.size + st.muted.size + st.mutedTags.size + st.hidden.size + st.votes.size + st.favorited.size;
  return (
    512 + KEPT_PAGES * 1024 + st.subscriptions.byteLength + st.checked.byteLength + 40 * (small + st.checkedSince.size)
  );
}

function sortedIds(ids: number[]): Int32Array {
  return Int32Array.from(ids).sort();
}

function holds(sorted: Int32Array, id: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === id) return true;
    if (sorted[mid] < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function addMarks(st: ReaderState, marks: q.ReaderMarks) {
  marks.voted.forEach((id, i) => st.votes.set(id, marks.signs[i]));
  for (const id of marks.favorited) st.favorited.add(id);
}

async function readerStateOf(ctx: Ctx, reader: FeedReader, window: FeedWindow): Promise<ReaderState> {
  const read = async (): Promise<ReaderState> => {
    const among = window.rows.map((r) => r.id);
    const row = await q.readerState(ctx.read, reader.id, among);
    const st: ReaderState = {
      writeSeq: reader.writeSeq,
      subscriptions: sortedIds(row.subscriptions),
      roles: new Set(row.roles),
      muted: new Set(row.muted),
      mutedTags: new Set(row.muted_tags),
      hidden: new Set(row.hidden),
      votes: new Map(),
      favorited: new Set(),
      checked: sortedIds(among),
      checkedSince: new Set(),
      pages: new Map(),
    };
    addMarks(st, row);
    return st;
  };
  const cache = stateCache(ctx);
  const key = String(reader.id);
  const st = await cache.get(key, read);
  // Read before the reader's latest write (made through another node): read again. A newer one is fresher than
  // this request's copy of the session (the reader's other device, say), so it serves.
  if (st.writeSeq >= reader.writeSeq) return st;
  cache.delete(key);
  return cache.get(key, read);
}

/**
 * `readerFilter`, `closedFilter` and the `my` source of queries.ts over a window position. `privateIds`: the private
 * communities; the reader reads those they are subscribed to or on the team of (staff: all).
 */
function readerSees(
  reader: FeedReader,
  st: ReaderState,
  row: q.WindowRow,
  my: boolean,
  privateIds: ReadonlySet<number>,
): boolean {
  if (my && !holds(st.subscriptions, row.subsite_id) && !holds(st.subscriptions, row.author_id)) return false;
  if (
    privateIds.has(row.subsite_id) &&
    !isStaff(reader) &&
    !holds(st.subscriptions, row.subsite_id) &&
    !st.roles.has(row.subsite_id)
  )
    return false;
  return !(
    (row.is_hidden_for_plus && reader.isPaid) ||
    st.hidden.has(row.id) ||
    st.muted.has(row.subsite_id) ||
    st.muted.has(row.author_id) ||
    row.tags.some((tag) => st.mutedTags.has(tag))
  );
}

/**
 * The first page of the main feed, `/all` or `/my` by hotness or date for a signed-in reader, picked in memory from
 * the shared ordering with the reader's filters; null when the window holds too few of the reader's entries (the
 * page is then read with SQL). A cold reader costs one statement (their state), a warm one none.
 */
export async function windowPage(ctx: Ctx, reader: FeedReader, req: FeedRequest): Promise<FeedPage | null> {
  if (req.after || req.hashtag !== undefined || req.subsiteId !== undefined) return null;
  // The main feed's saved sorting is the reader's: the SQL path reads it.
  const sorting = req.sorting ?? (req.scope === 'main' ? null : 'hotness');
  if (sorting !== 'hotness' && sorting !== 'date') return null;
  const limit = req.count ?? FEED_PAGE_SIZE;
  const feedId = mainFeedTop(req.scope, sorting);
  const top = await topOf(ctx, feedId, reader, false);
  const window = await windowOf(ctx, req.scope, sorting);
  const [st, privateIds] = await Promise.all([readerStateOf(ctx, reader, window), privateSubsiteIds(ctx)]);
  const privateSet = new Set(privateIds);
  const key = JSON.stringify(req);
  const kept = st.pages.get(key);
  if (kept?.window === window) return kept.page;
  const skip = new Set(req.excludeIds);
  for (const id of top.skip) skip.add(id);
  const picked: q.WindowRow[] = [];
  for (const row of window.rows) {
    if (skip.has(row.id) || !readerSees(reader, st, row, req.scope === 'my', privateSet)) continue;
    if (picked.push(row) > limit) break;
  }
  if (picked.length <= limit && !window.complete) return null;
  const unchecked = picked
    .slice(0, limit)
    .flatMap((r) => (holds(st.checked, r.id) || st.checkedSince.has(r.id) ? [] : [r.id]));
  if (unchecked.length) {
    addMarks(st, await q.readerMarksAmong(ctx.read, reader.id, unchecked));
    for (const id of unchecked) st.checkedSince.add(id);
  }
  const rows = picked.map((r) => ({
    id: r.id,
    sort_value: r.sort_value,
    my_vote: st.votes.get(r.id) ?? 0,
    is_favorited: st.favorited.has(r.id),
  }));
  const page = await pageOf(ctx, rows, limit, (await topOf(ctx, feedId, reader, true)).cards);
  if (st.pages.size >= KEPT_PAGES) st.pages.clear();
  st.pages.set(key, { window, page });
  return page;
}
