import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import {
  AD_FREQUENCY_WINDOW_MS,
  AD_HOLD_MS,
  impressionLimit,
  type AdDevice,
  type AdPlace,
  type AdPrices,
  type AdSection,
  type AdState,
} from '../../../shared/ads.ts';
import type {
  AdRequestData,
  DistributionData,
  DistributionInput,
  UnitData,
} from '../../../shared/api/distributions.ts';
import type { Ctx } from '../../context.ts';
import type { DistributionVersion } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { perAppCache } from '../../lib/cache.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { queueLetter } from '../../jobs/letters.ts';
import * as billing from '../billing/service.ts';
import { assertChangeable, fits, liveVersion, type Page } from './policy.ts';
import * as q from './queries.ts';

/** Distributions: staff's campaigns, a unit for a page's place, its hits; the /ad page's prices and requests. */

type Reader = { id: number; isPaid: boolean } | null;

/** `u{id}` for a signed-in reader, else a hash of the address: whose impressions a frequency cap counts. */
export const readerKey = (user: { id: number } | null, ip: string) =>
  user ? `u${user.id}` : `a${crypto.createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;

const versionOf = (input: DistributionInput): DistributionVersion => ({
  format: input.format,
  title: input.title,
  text: input.text ?? '',
  image_url: input.image_url ?? '',
  url: input.url,
  advertiser: input.advertiser,
  inn: input.inn,
  erid: input.erid ?? '',
  places: input.places,
  tags: input.tags ?? [],
  subsite_ids: input.subsite_ids ?? [],
  sections: input.sections ?? [],
  devices: input.devices,
  starts_on: input.starts_on ?? null,
  ends_on: input.ends_on ?? null,
  budget: input.budget ?? null,
  impression_cap: input.impression_cap ?? null,
  frequency_cap: input.frequency_cap ?? null,
});

function present(row: q.DistributionRow, prices: AdPrices): DistributionData {
  return {
    ...(row.version as DistributionData),
    id: row.id,
    state: row.state,
    version_from: row.versionFrom.toISOString(),
    shown: (row.shown as DistributionData | null) ?? null,
    impressions: row.impressions,
    impression_limit: impressionLimit(row.version, prices),
    created_at: row.createdAt.toISOString(),
  };
}

// ── A unit for a page ────────────────────────────────────────────────────────────────────────────────────────────

export interface UnitQuery {
  place: AdPlace;
  entry_id?: number;
  subsite_id?: number;
  section?: AdSection;
  device?: AdDevice;
}

/**
 * `GET /distributions/random {place}`: one of the launched campaigns whose live version targets this place and page,
 * under its impression limit and the reader's frequency cap, chosen at random; none for a Plus reader with ads off.
 */
const readCampaigns = (ctx: Ctx) => Promise.all([q.launched(ctx.db), q.prices(ctx.db)]);

/**
 * Every page view asks for units: with the shared caches on, the launched campaigns and the prices are read once per
 * 2 s per node, not per request. A stop or an archive shows within those seconds; a cap may let through the
 * impressions of those seconds.
 */
const campaignsCache = perAppCache<Awaited<ReturnType<typeof readCampaigns>>>('distributions.campaigns', 2000, 1);

export async function random(
  ctx: Ctx,
  user: Reader,
  query: UnitQuery,
  ip: string,
): Promise<{ unitData: UnitData | null }> {
  if (user && (await billing.hidesAds(ctx, user.id))) return { unitData: null };
  const now = ctx.now();
  const entry = query.entry_id === undefined ? null : await q.entryTargets(ctx.db, query.entry_id);
  if (query.entry_id !== undefined && !entry) return { unitData: null };
  const page: Page = {
    place: query.place,
    device: query.device ?? null,
    section: entry ? 'entry' : (query.section ?? null),
    subsiteId: entry?.subsite_id ?? query.subsite_id ?? null,
    tags: entry?.tags ?? [],
    now,
  };
  const [rows, prices] = ctx.config.sharedCaches
    ? await campaignsCache(ctx).get('launched', () => readCampaigns(ctx))
    : await readCampaigns(ctx);
  const candidates = rows.flatMap((row) => {
    const v = liveVersion(row, now);
    // A booster is not offered under the entry it promotes.
    if (!v || !fits(v, page) || (row.entryId !== null && row.entryId === query.entry_id)) return [];
    const limit = impressionLimit(v, prices);
    return limit !== null && row.impressions >= limit ? [] : [{ row, v }];
  });
  const capped = candidates.filter((c) => c.v.frequency_cap !== null).map((c) => c.row.id);
  const seen = await q.readerHits(
    ctx.db,
    capped,
    readerKey(user, ip),
    new Date(now.getTime() - AD_FREQUENCY_WINDOW_MS),
  );
  const open = candidates.filter((c) => c.v.frequency_cap === null || (seen.get(c.row.id) ?? 0) < c.v.frequency_cap);
  if (open.length === 0) return { unitData: null };
  const { row, v } = open[crypto.randomInt(open.length)];
  return {
    unitData: {
      id: row.id,
      title: v.title,
      url: v.url,
      isPaidAndBannersEnabled: Boolean(user?.isPaid),
      format: v.format,
      text: v.text,
      image_url: v.image_url,
      advertiser: v.advertiser,
      inn: v.inn,
      erid: v.erid,
      boosted: row.ownerId !== null && row.paid > 0,
    },
  };
}

/**
 * `POST /distributions/{id}/hit {place}`: the unit showed in this place. Counted (a row for statistics, the campaign's
 * impressions) while its live version targets the place and its limit is not reached; past the limit nothing counts.
 */
export async function hit(ctx: Ctx, user: Reader, id: number, place: AdPlace, ip: string) {
  return transaction(ctx, async (ctx) => {
    const now = ctx.now();
    const row = await q.byId(ctx.db, id);
    const v = row && row.state === 'launched' ? liveVersion(row, now) : null;
    if (!row || !v) throw notFound(messages.distributionNotFound);
    if (!v.places.includes(place)) throw badRequest(messages.distributionPlaceNotTargeted);
    const limit = impressionLimit(v, await q.prices(ctx.db));
    if (limit !== null && row.impressions >= limit) return { id, impressions: row.impressions };
    const impressions = await q.addHit(ctx.db, {
      distributionId: id,
      place,
      userId: user?.id ?? null,
      reader: readerKey(user, ip),
      at: now,
    });
    return { id, impressions };
  });
}

// ── Staff ────────────────────────────────────────────────────────────────────────────────────────────────────────

export async function staffList(ctx: Ctx) {
  const [rows, prices] = await Promise.all([q.listAll(ctx.db), q.prices(ctx.db)]);
  return { items: rows.map((r) => present(r, prices)) };
}

/** A new campaign is not launched; its content shows only after a launch and the hold. */
export async function create(ctx: Ctx, staff: { id: number }, input: DistributionInput) {
  const row = await transaction(ctx, (ctx) =>
    q.insert(ctx.db, versionOf(input), new Date(ctx.now().getTime() + AD_HOLD_MS), staff.id),
  );
  return present(row, await q.prices(ctx.db));
}

/** A change shows after the hold; until then the version live before it keeps showing. */
export async function edit(ctx: Ctx, id: number, input: DistributionInput) {
  const row = await transaction(ctx, async (ctx) => {
    const now = ctx.now();
    const found = assertChangeable(await q.byId(ctx.db, id));
    return q.update(
      ctx.db,
      id,
      {
        version: versionOf(input),
        versionFrom: new Date(now.getTime() + AD_HOLD_MS),
        shown: found.state === 'launched' ? liveVersion(found, now) : null,
      },
      now,
    );
  });
  return present(row, await q.prices(ctx.db));
}

/** Launch (shows after the hold), stop (at once) or archive (at once, for good). */
export async function setState(ctx: Ctx, id: number, state: AdState) {
  const row = await transaction(ctx, async (ctx) => {
    const now = ctx.now();
    const found = assertChangeable(await q.byId(ctx.db, id));
    if (state === found.state) return found;
    if (state !== 'launched') return q.update(ctx.db, id, { state, shown: null }, now);
    const from = new Date(Math.max(found.versionFrom.getTime(), now.getTime() + AD_HOLD_MS));
    return q.update(ctx.db, id, { state, versionFrom: from, shown: null, launchedAt: now }, now);
  });
  return present(row, await q.prices(ctx.db));
}

export const prices = (ctx: Ctx) => q.prices(ctx.db);

export async function setPrices(ctx: Ctx, p: AdPrices) {
  await transaction(ctx, (ctx) => q.setPrices(ctx.db, p, ctx.now()));
  return p;
}

export async function requests(ctx: Ctx): Promise<{ items: AdRequestData[] }> {
  const found = await q.listRequests(ctx.db);
  return {
    items: found.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      company: r.company,
      format: r.format,
      message: r.message,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** An advertiser's request from /ad: kept for /admin/ads, and a letter to each of the site's administrators. */
export async function sendRequest(
  ctx: Ctx,
  user: { id: number } | null,
  input: { name: string; email: string; company?: string; format?: string; message: string },
) {
  const r = { ...input, company: input.company ?? '', format: input.format ?? '' };
  const id = await transaction(ctx, async (ctx) => {
    const saved = await q.insertRequest(ctx.db, { ...r, userId: user?.id ?? null, createdAt: ctx.now() });
    for (const to of await q.staffEmails(ctx.db))
      await queueLetter(ctx, {
        to,
        subject: messages.adRequestMailSubject,
        text: messages.adRequestMailText(r),
        headers: { 'Reply-To': r.email },
      });
    return saved;
  });
  return { id };
}
