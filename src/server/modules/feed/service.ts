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
import { notFound } from '../../http/errors.ts';
import { pinnedCard, presentCard } from '../entries/service.ts';
import type { EntryCard } from '../../../shared/entries.ts';
import { pinnedEntryId } from '../moderation/index.ts';
import * as subsites from '../subsites/service.ts';
import * as q from './queries.ts';
import { perAppCache } from '../../lib/cache.ts';

/** How long an anonymous feed page may be served again: new entries and votes show up this much later. */
export const ANONYMOUS_CACHE_MS = 5000;
// A page is ~25 KB of JSON: the bytes bound holds ~600 pages, the keys bound whatever their size.
const anonymousCache = perAppCache<FeedPage>(
  ANONYMOUS_CACHE_MS,
  { entries: 2000, bytes: 32 * 1024 * 1024 },
  { dropOnWrite: true },
);

/**
 * A signed-in reader's feed pages, kept for them alone the same few seconds (readers reload, open an entry and come
 * back). Any write this node answers drops them, the reader's own votes, bookmarks, hides and subscriptions among
 * them, so they see their change at once. The items share the card objects of `cardCache`: a page costs its
 * positions, not its JSON.
 */
const readerCache = perAppCache<FeedPage>(
  ANONYMOUS_CACHE_MS,
  { entries: 10_000, bytes: 16 * 1024 * 1024, sizeOf: (page) => readerPageBytes(page as FeedPage) },
  { dropOnWrite: true },
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

/**
 * Cards as anyone sees them, shared by every reader's feeds in production for the same few seconds (a card shows
 * counters, and this node's writes drop them at once); the reader's own vote and bookmark are laid over them.
 */
const cardCache = perAppCache<EntryCard | null>(
  ANONYMOUS_CACHE_MS,
  { entries: 20_000, bytes: 48 * 1024 * 1024 },
  { dropOnWrite: true },
);

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
 * reader's once per the same time for them.
 */
export function feed(ctx: Ctx, viewerId: number | null, req: FeedRequest): Promise<FeedPage> {
  if (!ctx.config.isProduction) return readFeed(ctx, viewerId, req);
  if (viewerId === null) return anonymousCache(ctx).get(JSON.stringify(req), () => readFeed(ctx, null, req));
  return readerCache(ctx).get(`${viewerId} ${JSON.stringify(req)}`, () => readFeed(ctx, viewerId, req));
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
