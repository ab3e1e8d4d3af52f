import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import {
  AD_DEVICES,
  BOOSTER_DEFAULTS,
  BOOSTER_LIMITS,
  BOOSTER_PLACES,
  BOOSTER_TRAFFIC_DAYS,
  boosterEstimate,
  type AdDevice,
  type BoosterSource,
} from '../../../shared/ads.ts';
import type { BoosterOffer } from '../../../shared/api/booster.ts';
import { truncate } from '../../../shared/format.ts';
import type { Ctx } from '../../context.ts';
import type { DistributionVersion } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import * as billing from '../billing/service.ts';
import * as discovery from '../discovery/service.ts';
import { entryUrl, introOf } from '../entries/service.ts';
import * as subsites from '../subsites/service.ts';
import { dailyReaders, moscowDay } from './analytics-queries.ts';
import * as bq from './booster-queries.ts';
import { canBoost } from './policy.ts';
import * as q from './queries.ts';

/**
 * The booster (issue 30 point 2): the author of an entry (or a manager of its company blog) buys impressions of it as
 * a native unit marked «Продвигается», in feeds and under other entries, from their balance or the company's
 * promotion balance. The price per thousand is staff's native price; every figure is the server's. It shows at once
 * (its content is the published entry, not an advertiser's new creative, so the staff campaigns' hold does not apply)
 * until its impressions or days run out; then the task `distributions.settle` returns the unspent part.
 */

type Actor = { id: number; role: 'user' | 'moderator' | 'admin' | 'superuser' };
export interface BoosterChoice {
  budget?: number;
  days?: number;
  device?: AdDevice;
}

async function boostable(ctx: Ctx, user: Actor, entryId: number) {
  const entry = await bq.boostableEntry(ctx.db, entryId);
  if (!entry) throw notFound(messages.boosterEntryNotFound);
  const isCompany = entry.subsite_type === 'company';
  const manages = isCompany && (await subsites.managesSubsite(ctx, { userId: user.id, subsiteId: entry.subsite_id }));
  if (!canBoost(user, entry, manages)) throw new ApiError(403, messages.boosterNotYours);
  return { entry, company: manages ? entry.subsite_id : null };
}

const readersADay = (ctx: Ctx, device: AdDevice | null) =>
  dailyReaders(ctx.db, new Date(ctx.now().getTime() - BOOSTER_TRAFFIC_DAYS * 86_400_000), BOOSTER_TRAFFIC_DAYS, device);

/** `GET /booster/{entry_id}`: what the constructor shows for a budget, days and device. */
export async function offer(ctx: Ctx, user: Actor, entryId: number, choice: BoosterChoice): Promise<BoosterOffer> {
  const { entry, company } = await boostable(ctx, user, entryId);
  const budget = choice.budget ?? BOOSTER_DEFAULTS.budget;
  const days = choice.days ?? BOOSTER_DEFAULTS.days;
  const [prices, balance, promotion, daily, open] = await Promise.all([
    q.prices(ctx.db),
    billing.balance(ctx, user),
    company === null ? null : discovery.promotionOf(ctx, company),
    readersADay(ctx, choice.device ?? null),
    bq.openBooster(ctx.db, entryId),
  ]);
  return {
    entry: { id: entry.id, title: titleOf(entry), url: entryUrl(entry) },
    price: prices.native,
    balance: balance.balance,
    promotion: company === null ? null : { subsite_id: company, name: entry.subsite_name, balance: promotion ?? 0 },
    daily_readers: daily,
    estimate: boosterEstimate(budget, days, prices.native, daily),
    running: open && open.state === 'launched' ? open.id : null,
  };
}

const titleOf = (e: bq.BoostedEntry) => truncate(e.title || introOf(e.blocks), 120);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** `POST /booster/{entry_id}`: pays the budget and starts the booster, in one transaction. */
export async function buy(
  ctx: Ctx,
  user: Actor,
  entryId: number,
  input: Required<Pick<BoosterChoice, 'budget' | 'days'>> & { device?: AdDevice; pay_from: BoosterSource },
) {
  const { entry, company } = await boostable(ctx, user, entryId);
  if (input.pay_from === 'promotion' && company === null) throw badRequest(messages.boosterNoCompany);
  const prices = await q.prices(ctx.db);
  const { cost, impressions } = boosterEstimate(input.budget, input.days, prices.native, 0);
  const today = moscowDay(ctx.now());
  const endsOn = addDays(today, input.days - 1);
  const cap = Math.max(1, impressions);
  const version: DistributionVersion = {
    format: 'native',
    title: titleOf(entry),
    text: truncate(introOf(entry.blocks), 300),
    image_url: '',
    url: entryUrl(entry),
    advertiser: entry.subsite_type === 'company' ? entry.subsite_name : entry.author_name,
    inn: '',
    erid: '',
    places: [...BOOSTER_PLACES],
    tags: [],
    subsite_ids: [],
    sections: [],
    devices: input.device ? [input.device] : [...AD_DEVICES],
    starts_on: today,
    ends_on: endsOn,
    budget: null,
    impression_cap: cap,
    frequency_cap: BOOSTER_LIMITS.frequency,
  };
  const row = await transaction(ctx, async (ctx) => {
    if (await bq.openBooster(ctx.db, entryId)) throw new ApiError(409, messages.boosterAlreadyRunning);
    const note = messages.boosterLedgerNote(version.title);
    if (input.pay_from === 'balance')
      await billing.spendBalance(ctx, user.id, cost, `booster:${crypto.randomUUID()}`, note);
    else if (company === null || !(await discovery.movePromotion(ctx, company, -cost)))
      throw badRequest(messages.boosterPromotionTooLow);
    const now = ctx.now();
    return bq.insertBooster(ctx.db, {
      version,
      versionFrom: now,
      state: 'launched',
      launchedAt: now,
      createdBy: user.id,
      entryId,
      ownerId: user.id,
      paid: cost,
      paidFrom: input.pay_from,
      paidSubsiteId: input.pay_from === 'promotion' ? company : null,
    });
  }).catch((err: unknown) => {
    // Two purchases at once: the unique index lets one booster of an entry stand.
    if (isUniqueViolation(err)) throw new ApiError(409, messages.boosterAlreadyRunning);
    throw err;
  });
  return { id: row.id, cost, impressions: cap, ends_on: endsOn };
}

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || isUniqueViolation((err as { cause?: unknown }).cause));

/** What a booster's impressions used of its payment (kopecks, rounded up: the refund never exceeds the unused part). */
export const spentOf = (row: { paid: number; impressions: number; version: DistributionVersion }) => {
  const cap = row.version.impression_cap ?? 0;
  return cap <= 0 ? row.paid : Math.min(row.paid, Math.ceil((row.paid * row.impressions) / cap));
};

/**
 * The task `distributions.settle`: each finished booster is archived and its unspent part goes back where it was
 * paid from (`refund +X` on the balance, or the company's promotion balance), once (the row's `settled_at`).
 */
export async function settleBoosters(ctx: Ctx) {
  let settled = 0;
  for (const found of await bq.finishedBoosters(ctx.db, moscowDay(ctx.now())))
    await transaction(ctx, async (ctx) => {
      const row = await bq.markSettled(ctx.db, found.id, ctx.now());
      if (!row) return;
      settled++;
      const back = row.paid - spentOf(row);
      if (back <= 0) return;
      if (row.paidFrom === 'promotion' && row.paidSubsiteId !== null)
        await discovery.movePromotion(ctx, row.paidSubsiteId, back);
      else if (row.ownerId !== null)
        await billing.refundToBalance(
          ctx,
          row.ownerId,
          back,
          `booster-refund:${row.id}`,
          messages.boosterLedgerNote(row.version.title),
        );
    });
  return settled;
}
