import { messages } from '../../../shared/catalogue.ts';
import {
  FEED_PAGE_SIZE,
  RECENT_COUNT_CAP,
  type FeedPage,
  type FeedScope,
  type FeedSorting,
  type HideData,
} from '../../../shared/feed.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { pinnedCard, presentCard } from '../entries/service.ts';
import type { EntryCard } from '../../../shared/entries.ts';
import { pinnedEntryId } from '../restrictions/index.ts';
import * as subsites from '../subsites/service.ts';
import * as q from './queries.ts';
import { perAppCache } from '../../lib/cache.ts';
import { EncodedAnswer, SharedAnswer } from '../../lib/answers.ts';
import type { UserRow } from '../auth/index.ts';

/** How long an anonymous feed page may be served again: new entries and votes show up this much later. */
export const ANONYMOUS_CACHE_MS = 5000;
// A page is ~25 KB of JSON, kept as objects (~2×) and as its encoded answer (`answerOf`): the bytes bound holds ~400
// pages, the keys bound whatever their size.
const anonymousCache = perAppCache<FeedPage>(
  ANONYMOUS_CACHE_MS,
  { entries: 2000, bytes: 32 * 1024 * 1024, sizeOf: (page) => 3 * answerOf(page as FeedPage).body.length },
  { dropOnWrite: true },
);

/**
 * A signed-in reader's feed pages, kept for them alone the same few seconds (readers reload, open an entry and come
 * back). The reader's own writes through this node drop them (votes, bookmarks, hides, mutes, subscriptions), so
 * they see their change at once; other readers' writes show within the few seconds. The items share the card
 * objects of `cardCache`: a page costs its positions, not its JSON.
 */
const readerCache = perAppCache<FeedPage>(
  ANONYMOUS_CACHE_MS,
  { entries: 10_000, bytes: 16 * 1024 * 1024, sizeOf: (page) => readerPageBytes(page as FeedPage) },
  { dropOnWrite: 'reader' },
);

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
  ANONYMOUS_CACHE_MS,
  { entries: 16, bytes: 16 * 1024 * 1024, sizeOf: (w) => 160 * (w as FeedWindow).rows.length },
  { dropOnWrite: true },
);

function windowOf(ctx: Ctx, kind: WindowKind, sorting: WindowSorting): Promise<FeedWindow> {
  return windowCache(ctx).get(`${kind} ${sorting}`, async () => {
    const rows = await q.feedWindow(ctx.db, kind, sorting, WINDOW_SIZE);
    return { rows, complete: rows.length < WINDOW_SIZE };
  });
}

/** A signed-in reader as the feeds need them: their Plus is read with the session, not kept with their state. */
export type FeedReader = Pick<UserRow, 'id' | 'isPaid' | 'writeSeq'>;

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
  READER_STATE_MS,
  { entries: 50_000, bytes: 64 * 1024 * 1024, sizeOf: (st) => readerStateBytes(st as ReaderState) },
  { dropOnWrite: 'reader' },
);

function readerStateBytes(st: ReaderState): number {
  const small = st.muted.size + st.mutedTags.size + st.hidden.size + st.votes.size + st.favorited.size;
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
    if (sorted[mid]! < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function addMarks(st: ReaderState, marks: q.ReaderMarks) {
  marks.voted.forEach((id, i) => st.votes.set(id, marks.signs[i]!));
  for (const id of marks.favorited) st.favorited.add(id);
}

async function readerStateOf(ctx: Ctx, reader: FeedReader, window: FeedWindow): Promise<ReaderState> {
  const read = async (): Promise<ReaderState> => {
    const among = window.rows.map((r) => r.id);
    const row = await q.readerState(ctx.db, reader.id, among);
    const st: ReaderState = {
      writeSeq: reader.writeSeq,
      subscriptions: sortedIds(row.subscriptions),
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

/** `readerFilter` and the `my` source of queries.ts over a window position. */
function readerSees(reader: FeedReader, st: ReaderState, row: q.WindowRow, my: boolean): boolean {
  if (my && !holds(st.subscriptions, row.subsite_id) && !holds(st.subscriptions, row.author_id)) return false;
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
async function windowPage(ctx: Ctx, reader: FeedReader, req: FeedRequest): Promise<FeedPage | null> {
  if (req.after || req.hashtag !== undefined || req.subsiteId !== undefined) return null;
  // The main feed's saved sorting is the reader's: the SQL path reads it.
  const sorting = req.sorting ?? (req.scope === 'main' ? null : 'hotness');
  if (sorting !== 'hotness' && sorting !== 'date') return null;
  const limit = req.count ?? FEED_PAGE_SIZE;
  const pinId = req.scope === 'main' ? await pinOf(ctx, 0) : null;
  const window = await windowOf(ctx, req.scope, sorting);
  const st = await readerStateOf(ctx, reader, window);
  const key = JSON.stringify(req);
  const kept = st.pages.get(key);
  if (kept?.window === window) return kept.page;
  const skip = new Set(req.excludeIds);
  if (pinId !== null) skip.add(pinId);
  const picked: q.WindowRow[] = [];
  for (const row of window.rows) {
    if (skip.has(row.id) || !readerSees(reader, st, row, req.scope === 'my')) continue;
    if (picked.push(row) > limit) break;
  }
  if (picked.length <= limit && !window.complete) return null;
  const unchecked = picked
    .slice(0, limit)
    .flatMap((r) => (holds(st.checked, r.id) || st.checkedSince.has(r.id) ? [] : [r.id]));
  if (unchecked.length) {
    addMarks(st, await q.readerMarksAmong(ctx.db, reader.id, unchecked));
    for (const id of unchecked) st.checkedSince.add(id);
  }
  const rows = picked.map((r) => ({
    id: r.id,
    sort_value: r.sort_value,
    my_vote: st.votes.get(r.id) ?? 0,
    is_favorited: st.favorited.has(r.id),
  }));
  const pinned = pinId !== null ? await pinnedCard(ctx, pinId, reader.id) : null;
  const page = await pageOf(ctx, rows, limit, pinned);
  if (st.pages.size >= KEPT_PAGES) st.pages.clear();
  st.pages.set(key, { window, page });
  return page;
}

/**
 * What a reader's page adds to the shared cards: the page and its array, and a shallow copy of each card the reader
 * voted on or bookmarked. (Counted at 512 bytes a card, 16 MB held ~1 600 pages: 2 000 readers coming back in turn
 * pushed each other out before they came back, and every page was read again.)
 */
function readerPageBytes(page: FeedPage): number {
  const marked = page.items.filter((card) => card.likes.is_liked || card.is_favorited).length;
  return 256 + 16 * page.items.length + 512 * marked;
}

/**
 * Cards as anyone sees them, shared by every reader's feeds in production for the same few seconds (a card shows
 * counters, and this node's writes drop them at once); the reader's own vote and bookmark are laid over them.
 */
const cardCache = perAppCache<EntryCard | null>(
  ANONYMOUS_CACHE_MS,
  // The object (~2× its JSON) and its JSON text (`jsonOfCard`; two bytes a character in Russian).
  {
    entries: 20_000,
    bytes: 48 * 1024 * 1024,
    sizeOf: (card) => (card ? 4 * jsonOfCard(card as EntryCard).length : 16),
  },
  { dropOnWrite: true },
);

/** Each card object's JSON, made once: a shared card is encoded once for every page and every reader it reaches. */
const cardJson = new WeakMap<EntryCard, string>();

function jsonOfCard(card: EntryCard): string {
  let json = cardJson.get(card);
  if (json === undefined) cardJson.set(card, (json = JSON.stringify(card)));
  return json;
}

/** A page's JSON from its cards' JSON: `items` first, then the page's other fields. */
function pageJson(page: FeedPage): string {
  const { items, ...rest } = page;
  const tail = JSON.stringify(rest);
  return `{"items":[${items.map(jsonOfCard).join(',')}]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
}

/** The encoded answers of pages shared by everyone (the anonymous pages), made once per page object. */
const sharedAnswers = new WeakMap<FeedPage, EncodedAnswer>();

function answerOf(page: FeedPage): EncodedAnswer {
  let answer = sharedAnswers.get(page);
  if (!answer) sharedAnswers.set(page, (answer = new SharedAnswer(page, pageJson(page))));
  return answer;
}

/**
 * The feed route's answer, as bytes: an anonymous page is encoded once for all who get it; a signed-in reader's is
 * put together from the shared cards' JSON (their own marks are copies, encoded with the page), not serialized whole.
 */
export async function feedAnswer(ctx: Ctx, reader: FeedReader | null, req: FeedRequest): Promise<EncodedAnswer> {
  const page = await feed(ctx, reader, req);
  return reader === null && ctx.config.isProduction ? answerOf(page) : new EncodedAnswer(page, pageJson(page));
}

/**
 * The entry pinned to each feed, shared the same few seconds in production: every cold page of the main feed and of
 * a subsite asked for it, one statement of three. A pin or an unpin is a write this node answers, so it drops them.
 */
const pinCache = perAppCache<number | null>(
  ANONYMOUS_CACHE_MS,
  { entries: 10_000, bytes: 1024 * 1024 },
  { dropOnWrite: true },
);

function pinOf(ctx: Ctx, feedId: number): Promise<number | null> {
  if (!ctx.config.isProduction) return pinnedEntryId(ctx, feedId);
  return pinCache(ctx).get(String(feedId), () => pinnedEntryId(ctx, feedId));
}

/** The cards of these entries by id, one query for all that are not cached; removed ones are missing. */
async function cardsOf(ctx: Ctx, ids: number[]): Promise<Map<number, EntryCard>> {
  const read = async (wanted: number[]) => {
    const byId = new Map<number, EntryCard>();
    for (const row of await q.cardsByIds(ctx.db, wanted)) byId.set(row.id, presentCard(row));
    return byId;
  };
  if (!ctx.config.isProduction) return read(ids);
  const cache = cardCache(ctx);
  const missing = ids.filter((id) => !cache.has(String(id)));
  const batch = missing.length ? read(missing) : null;
  // A card that expired since the look above is read on its own.
  const cards = await Promise.all(
    ids.map((id) => cache.get(String(id), async () => (await (batch ?? read([id]))).get(id) ?? null)),
  );
  const byId = new Map<number, EntryCard>();
  cards.forEach((card) => card && byId.set(card.id, card));
  return byId;
}

/** A feed request after validation: which feed, in which order, from where. */
export interface FeedRequest {
  scope: FeedScope;
  subsiteId?: number;
  /** A hashtag's feed (normalized tag); wins over the subsite and the scope. */
  hashtag?: string;
  /** Absent: the reader's saved default on the main feed, else hotness. */
  sorting?: FeedSorting;
  after?: { id: number; value: number } | null;
  excludeIds?: number[];
  count?: number;
}

async function sourceOf(ctx: Ctx, req: FeedRequest, viewerId: number | null): Promise<q.FeedSource> {
  if (req.hashtag !== undefined) return { kind: 'tag', tag: req.hashtag };
  if (req.subsiteId !== undefined) {
    const subsite = await subsites.byId(ctx, req.subsiteId);
    if (!subsite) throw notFound(messages.subsiteNotFound);
    return { kind: 'subsite', subsiteId: subsite.id, isUser: subsite.type === 'user' };
  }
  if (req.scope === 'my') return { kind: 'my', userId: viewerId! };
  return { kind: req.scope };
}

/**
 * One page of a feed with the cursor of the next; `subsite_id` wins over `my`, `my` over `all`.
 * Anonymous readers all see the same page, so in production it is computed once per ANONYMOUS_CACHE_MS; a signed-in
 * reader's first page is picked from the shared ordering with their kept state (`windowPage`), other pages are
 * kept for them the same time.
 */
export async function feed(ctx: Ctx, reader: FeedReader | null, req: FeedRequest): Promise<FeedPage> {
  if (!ctx.config.isProduction) return readFeed(ctx, reader?.id ?? null, req);
  if (reader === null) return anonymousCache(ctx).get(JSON.stringify(req), () => readFeed(ctx, null, req));
  return (
    (await windowPage(ctx, reader, req)) ??
    readerCache(ctx).get(`${reader.id} ${JSON.stringify(req)}`, () => readFeed(ctx, reader.id, req))
  );
}

async function readFeed(ctx: Ctx, viewerId: number | null, req: FeedRequest): Promise<FeedPage> {
  const source = await sourceOf(ctx, req, viewerId);
  const sorting =
    req.sorting ?? (source.kind === 'main' ? await subsites.defaultSorting(ctx, viewerId) : null) ?? 'hotness';
  const limit = req.count ?? FEED_PAGE_SIZE;
  // An entry pinned to the main feed or a subsite's (moderation) opens the first page and leaves the order.
  const feedId = source.kind === 'main' ? 0 : source.kind === 'subsite' ? source.subsiteId : null;
  const pinId = feedId === null ? null : await pinOf(ctx, feedId);
  const pinned = pinId !== null && !req.after ? await pinnedCard(ctx, pinId, viewerId) : null;
  const rows = await q.feedPage(ctx.db, {
    source,
    sorting,
    viewerId,
    now: ctx.now(),
    after: req.after ?? null,
    excludeIds: pinId === null ? (req.excludeIds ?? []) : [...(req.excludeIds ?? []), pinId],
    limit: limit + 1,
  });
  return pageOf(ctx, rows, limit, pinned);
}

/** A page of `limit` positions out of `rows` (one more tells whether the feed goes on), over the shared cards. */
async function pageOf(ctx: Ctx, rows: q.FeedRow[], limit: number, pinned: EntryCard | null): Promise<FeedPage> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const cards = await cardsOf(
    ctx,
    page.map((r) => r.id),
  );
  const items: EntryCard[] = [];
  for (const r of page) {
    const card = cards.get(r.id);
    if (!card) continue;
    items.push(
      r.my_vote || r.is_favorited
        ? { ...card, likes: { ...card.likes, is_liked: r.my_vote }, is_favorited: r.is_favorited }
        : card,
    );
  }
  return {
    items: pinned ? [pinned, ...items] : items,
    last_id: last ? last.id : null,
    last_sorting_value: last ? last.sort_value : null,
    is_finished: rows.length <= limit,
  };
}

export async function recentCount(ctx: Ctx, viewerId: number | null, since: Date): Promise<{ count: number }> {
  return { count: await q.recentCount(ctx.db, viewerId, since, RECENT_COUNT_CAP + 1) };
}

async function assertEntry(ctx: Ctx, id: number, published: boolean) {
  if (!(await q.entryExists(ctx.db, id, published))) throw notFound(messages.feedEntryNotFound);
}

/** The entry stub's 'hide': the entry leaves this reader's feeds (it stays reachable by its link). */
export async function hide(ctx: Ctx, userId: number, entryId: number): Promise<HideData> {
  await assertEntry(ctx, entryId, true);
  await q.hide(ctx.db, userId, entryId);
  return { content_id: entryId, is_hidden: true };
}

/** Unhiding works on unpublished or removed entries too, so a stub's cancel never fails after a moderator acted. */
export async function unhide(ctx: Ctx, userId: number, entryId: number): Promise<HideData> {
  await assertEntry(ctx, entryId, false);
  await q.unhide(ctx.db, userId, entryId);
  return { content_id: entryId, is_hidden: false };
}
