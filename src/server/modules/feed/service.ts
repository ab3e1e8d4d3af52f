import { messages } from '../../../shared/catalogue.ts';
import { RECENT_COUNT_CAP, type FeedPage, type HideData } from '../../../shared/feed.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import * as q from './queries.ts';
import { perAppCache } from '../../lib/cache.ts';
import { EncodedAnswer, SharedAnswer } from '../../lib/answers.ts';
import { ANONYMOUS_CACHE_MS, jsonOfCard, readFeed, type FeedRequest } from './pages.ts';
import { windowPage, type FeedReader } from './window.ts';
import { closedTo } from '../subsites/service.ts';
import { forApps } from '../entries/service.ts';
import type { Role } from '../../../shared/api.ts';

type Viewer = { id: number; role: Role } | null;

export { ANONYMOUS_CACHE_MS, type FeedRequest } from './pages.ts';
export { READER_STATE_MS, WINDOW_SIZE, type FeedReader } from './window.ts';

// A page is ~25 KB of JSON, kept as objects (~2×) and as its encoded answer (`answerOf`): the bytes bound holds ~400
// pages, the keys bound whatever their size.
const anonymousCache = perAppCache<FeedPage>(
  'feed.anonymous',
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
  'feed.reader',
  ANONYMOUS_CACHE_MS,
  { entries: 10_000, bytes: 16 * 1024 * 1024, sizeOf: (page) => readerPageBytes(page as FeedPage) },
  { dropOnWrite: 'reader' },
);

/**
 * What a reader's page adds to the shared cards: the page and its array, and a shallow copy of each card the reader
 * voted on or bookmarked. (Counted at 512 bytes a card, 16 MB held ~1 600 pages: 2 000 readers coming back in turn
 * pushed each other out before they came back, and every page was read again.)
 */
function readerPageBytes(page: FeedPage): number {
  const marked = page.items.filter((card) => card.likes.is_liked || card.is_favorited).length;
  return 256 + 16 * page.items.length + 512 * marked;
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
export async function feedAnswer(
  ctx: Ctx,
  reader: FeedReader | null,
  req: FeedRequest,
  app = false,
): Promise<EncodedAnswer> {
  const read = await feed(ctx, reader, req);
  // An app (a request signed by an API token) is not offered what staff keep out of the apps; the cursor stays.
  const page = app ? { ...read, items: await forApps(ctx, read.items) } : read;
  return reader === null && ctx.config.sharedCaches ? answerOf(page) : new EncodedAnswer(page, pageJson(page));
}

/**
 * One page of a feed with the cursor of the next; `subsite_id` wins over `my`, `my` over `all`.
 * Anonymous readers all see the same page, so in production it is computed once per ANONYMOUS_CACHE_MS; a signed-in
 * reader's first page is picked from the shared ordering with their kept state (`windowPage`), other pages are
 * kept for them the same time.
 */
export async function feed(ctx: Ctx, reader: FeedReader | null, req: FeedRequest): Promise<FeedPage> {
  if (!ctx.config.sharedCaches) return readFeed(ctx, reader, req);
  if (reader === null) return anonymousCache(ctx).get(JSON.stringify(req), () => readFeed(ctx, null, req));
  return (
    (await windowPage(ctx, reader, req)) ??
    readerCache(ctx).get(`${reader.id} ${JSON.stringify(req)}`, () => readFeed(ctx, reader, req))
  );
}

export async function recentCount(ctx: Ctx, viewer: Viewer, since: Date): Promise<{ count: number }> {
  const closed = await closedTo(ctx, viewer);
  return { count: await q.recentCount(ctx.read, viewer?.id ?? null, closed, since, RECENT_COUNT_CAP + 1) };
}

async function assertEntry(ctx: Ctx, id: number, published: boolean) {
  if (!(await q.entryExists(ctx.read, id, published))) throw notFound(messages.feedEntryNotFound);
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
