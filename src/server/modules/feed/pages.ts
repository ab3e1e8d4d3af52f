import { messages } from '../../../shared/catalogue.ts';
import { FEED_PAGE_SIZE, type FeedPage, type FeedScope, type FeedSorting } from '../../../shared/feed.ts';
import type { Role } from '../../../shared/api.ts';
import type { Ctx } from '../../context.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { heldCard, heldIds, pinnedCard, presentCard } from '../entries/service.ts';
import type { EntryCard } from '../../../shared/entries.ts';
import { pinnedEntryId } from '../restrictions/index.ts';
import * as subsites from '../subsites/service.ts';
import * as q from './queries.ts';
import { perAppCache } from '../../lib/cache.ts';

/** A feed page read with SQL over the shared cards, and the entry pinned to a feed. */

/** How long an anonymous feed page may be served again: new entries and votes show up this much later. */
export const ANONYMOUS_CACHE_MS = 5000;
/**
 * Cards as anyone sees them, shared by every reader's feeds in production for the same few seconds (a card shows
 * counters, and this node's writes drop them at once); the reader's own vote and bookmark are laid over them.
 */
const cardCache = perAppCache<EntryCard | null>(
  'feed.cards',
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

export function jsonOfCard(card: EntryCard): string {
  let json = cardJson.get(card);
  if (json === undefined) cardJson.set(card, (json = JSON.stringify(card)));
  return json;
}

/**
 * The entry pinned to each feed, shared the same few seconds in production: every cold page of the main feed and of
 * a subsite asked for it, one statement of three. A pin or an unpin is a write this node answers, so it drops them.
 */
const pinCache = perAppCache<number | null>(
  'feed.pins',
  ANONYMOUS_CACHE_MS,
  { entries: 10_000, bytes: 1024 * 1024 },
  { dropOnWrite: true },
);

export function pinOf(ctx: Ctx, feedId: number): Promise<number | null> {
  if (!ctx.config.sharedCaches) return pinnedEntryId(ctx, feedId);
  return pinCache(ctx).get(String(feedId), () => pinnedEntryId(ctx, feedId));
}

/**
 * The entries held at the top of the main feed (`is_holdonmain`) and of the flash block (`is_holdonflash`), shared the
 * same few seconds as the pins.
 */
const heldCache = perAppCache<number[]>(
  'feed.held',
  ANONYMOUS_CACHE_MS,
  { entries: 4, bytes: 64 * 1024 },
  { dropOnWrite: true },
);

function heldOf(ctx: Ctx, place: 'main' | 'flash'): Promise<number[]> {
  if (!ctx.config.sharedCaches) return heldIds(ctx, place);
  return heldCache(ctx).get(place, () => heldIds(ctx, place));
}

/**
 * The main feed's pin and held entries open its pages (feed 0), except in its order by date (`/new`), where every entry
 * stands at its own time; no other kind of feed has them.
 */
export const mainFeedTop = (kind: string, sorting: string): 0 | null =>
  kind === 'main' && sorting !== 'date' ? 0 : null;

/**
 * The flash block is the main feed's top of the day and of the week (the right column's «Популярное» reads them):
 * there the entries staff hold with `is_holdonflash` come first.
 */
export const isFlashBlock = (feedId: number | null, sorting: string) =>
  feedId === 0 && (sorting === 'day' || sorting === 'week');

/**
 * What opens a feed's first page and leaves its order: on the flash block the entries held there, then the entry
 * pinned to the main feed or a subsite's (moderation), then, on the main feed, the entries staff hold there for a
 * time. `skip`: their ids, left out of every page of that feed; `cards`: what the first page shows on top (none on
 * later pages).
 */
export async function topOf(
  ctx: Ctx,
  feedId: number | null,
  viewer: Viewer,
  first: boolean,
  flash = false,
): Promise<{ skip: number[]; cards: EntryCard[] }> {
  const [pinId, flashHeld, mainHeld] = await Promise.all([
    feedId === null ? null : pinOf(ctx, feedId),
    flash ? heldOf(ctx, 'flash') : ([] as number[]),
    feedId === 0 ? heldOf(ctx, 'main') : ([] as number[]),
  ]);
  const held = mainHeld.filter((id) => id !== pinId && !flashHeld.includes(id));
  const pin = pinId !== null && !flashHeld.includes(pinId) ? [pinId] : [];
  const skip = [...flashHeld, ...pin, ...held];
  if (!first) return { skip, cards: [] };
  const cards = await Promise.all([
    ...flashHeld.map((id) => heldCard(ctx, id, viewer)),
    ...pin.map((id) => pinnedCard(ctx, id, viewer)),
    ...held.map((id) => heldCard(ctx, id, viewer)),
  ]);
  return { skip, cards: cards.filter((c): c is EntryCard => c !== null) };
}

/** The cards of these entries by id, one query for all that are not cached; removed ones are missing. */
async function cardsOf(ctx: Ctx, ids: number[]): Promise<Map<number, EntryCard>> {
  const read = async (wanted: number[]) => {
    const byId = new Map<number, EntryCard>();
    for (const row of await q.cardsByIds(ctx.read, wanted)) byId.set(row.id, presentCard(row, ctx.config.secret));
    return byId;
  };
  if (!ctx.config.sharedCaches) return read(ids);
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

/** Whose feed: a signed-in reader (their role opens private communities to staff) or null. */
type Viewer = { id: number; role: Role } | null;

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
  if (req.scope === 'my') {
    // The callers ask for a signed-in reader first (policy.assertCanReadMyFeed); here too, as a 401.
    if (viewerId === null) throw unauthorized();
    return { kind: 'my', userId: viewerId };
  }
  return { kind: req.scope };
}

/**
 * A feed page read with SQL. The private communities the reader may not read are left out (an anonymous reader's: all
 * of them, so the anonymous pages stay the same for everyone).
 */
export async function readFeed(ctx: Ctx, viewer: Viewer, req: FeedRequest): Promise<FeedPage> {
  const viewerId = viewer?.id ?? null;
  const source = await sourceOf(ctx, req, viewerId);
  const sorting =
    req.sorting ?? (source.kind === 'main' ? await subsites.defaultSorting(ctx, viewerId) : null) ?? 'hotness';
  const limit = req.count ?? FEED_PAGE_SIZE;
  // An entry pinned to the main feed or a subsite's (moderation), and those held on the main feed, open the first page.
  const feedId = source.kind === 'subsite' ? source.subsiteId : mainFeedTop(source.kind, sorting);
  const [top, closed] = await Promise.all([
    topOf(ctx, feedId, viewer, !req.after, isFlashBlock(feedId, sorting)),
    subsites.closedTo(ctx, viewer),
  ]);
  const rows = await q.feedPage(ctx.read, {
    source,
    sorting,
    viewerId,
    now: ctx.now(),
    after: req.after ?? null,
    excludeIds: [...(req.excludeIds ?? []), ...top.skip],
    closed,
    limit: limit + 1,
  });
  // The entry the feed is loaded under (and any other left out) is not shown on top either.
  const cards = req.excludeIds?.length ? top.cards.filter((c) => !req.excludeIds?.includes(c.id)) : top.cards;
  return pageOf(ctx, rows, limit, cards);
}

/** A page of `limit` positions out of `rows` (one more tells whether the feed goes on), over the shared cards. */
export async function pageOf(ctx: Ctx, rows: q.FeedRow[], limit: number, top: EntryCard[]): Promise<FeedPage> {
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
    items: top.length ? [...top, ...items] : items,
    last_id: last ? last.id : null,
    last_sorting_value: last ? last.sort_value : null,
    is_finished: rows.length <= limit,
  };
}
