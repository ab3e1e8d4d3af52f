import type { Role } from '../../../shared/api.ts';
import type { FeedBanner } from '../../../shared/api/billing-admin.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { perAppCache } from '../../lib/cache.ts';
import { notFound } from '../../lib/errors.ts';
import * as q from './queries.ts';
import { entryWrites } from '../entries/index.ts';

/** Perks: the feed banner, a Plus reader hiding it, entries hidden for Plus. */

type Actor = { id: number; role: Role };

/** The banner of the feed for this reader: none when there is none, or when a Plus reader chose to hide ads. */
export async function feedBanner(ctx: Ctx, user: Actor | null): Promise<FeedBanner | null> {
  const banner = await storedBanner(ctx);
  if (!banner || (user && (await q.hidesAds(ctx.db, user.id)))) return null;
  return banner;
}

/** The banner is read by every feed page: kept a few seconds, dropped at once by a write on this node. */
const bannerCache = perAppCache<FeedBanner | null>('billing.banner', 5000, 1, { dropOnWrite: true });

export function storedBanner(ctx: Ctx): Promise<FeedBanner | null> {
  return bannerCache(ctx).get('banner', () => q.banner(ctx.db));
}

/** Staff set (or, with null, remove) the feed banner: a picture, its link and its text. */
export async function setFeedBanner(ctx: Ctx, banner: FeedBanner | null) {
  await transaction(ctx, (ctx) => q.setBanner(ctx.db, banner));
  return { banner };
}

export async function adsSettings(ctx: Ctx, user: Actor) {
  return { hide_ads: await q.hidesAds(ctx.db, user.id), has_banner: (await q.banner(ctx.db)) !== null };
}

/** A Plus reader hides (or shows again) the feed banner; the route's `plus` access answers 402 to others. */
export async function setHideAds(ctx: Ctx, user: Actor, hide: boolean) {
  await transaction(ctx, (ctx) => q.setHideAds(ctx.db, user.id, hide));
  return adsSettings(ctx, user);
}

/** Staff hide an entry from the feeds of Plus readers (or show it again). */
export async function setHiddenForPlus(ctx: Ctx, entryId: number, hidden: boolean) {
  if (!(await transaction(ctx, (ctx) => entryWrites.setHiddenForPlus(ctx.db, entryId, hidden))))
    throw notFound(messages.entryNotFound);
  return { id: entryId, is_hidden_for_plus: hidden };
}

/** Whether a reader switched ads off (only while they have Plus): the distributions show them none. */
export const hidesAds = (ctx: Ctx, userId: number) => q.hidesAds(ctx.db, userId);
