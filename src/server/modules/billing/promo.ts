import type { Role } from '../../../shared/api.ts';
import type { PromoItem } from '../../../shared/api/billing-admin.ts';
import { messages } from '../../../shared/catalogue.ts';
import { productOf, type Product } from '../../../shared/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { grantPlus, orderHolds, postLedger, type PlusPricing } from '../payments/index.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

/** Promo codes: staff make them, readers redeem days of Plus or a discount spent on the next purchase. */

type Actor = { id: number; role: Role };

const discounted = (price: number, percent: number) => Math.round((price * (100 - percent)) / 100);

const promoItem = (p: q.PromoRow): PromoItem => ({
  id: p.id,
  code: p.code,
  days: p.days,
  discount: p.discount,
  max_uses: p.maxUses,
  uses: p.uses,
  expires_at: p.expiresAt?.toISOString() ?? null,
});

export interface PromoInput {
  code: string;
  days: number;
  discount: number;
  maxUses: number;
  expiresAt: Date | null;
}

/** `POST /private/digest/promo/store`: staff make a code; the answer is the /plus address that applies it. */
export async function createPromo(ctx: Ctx, staff: Actor, input: PromoInput) {
  if (input.days > 0 === input.discount > 0) throw badRequest(messages.promoKindInvalid);
  if (input.expiresAt && input.expiresAt <= ctx.now()) throw badRequest(messages.promoExpiryInvalid);
  const row = await transaction(ctx, (ctx) =>
    q.insertPromo(ctx.db, {
      code: input.code,
      days: input.days,
      discount: input.discount,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt,
      createdById: staff.id,
    }),
  );
  if (!row) throw new ApiError(409, messages.promoCodeTaken);
  return { promo: promoItem(row), redirect_url: `/plus?promo=${encodeURIComponent(row.code)}` };
}

export async function promoList(ctx: Ctx): Promise<PromoItem[]> {
  return (await q.latestPromos(ctx.db)).map(promoItem);
}

/**
 * Redeems a code for the signed-in reader, once per account and within its uses and expiry (the row lock makes the
 * last use go to one of two racing readers). A days code grants Plus at once, with a `promo` ledger row of 0 ₽; a
 * discount waits for the next purchase (`discountFor`).
 */
export async function redeemPromo(ctx: Ctx, user: Actor, code: string) {
  return transaction(ctx, async (ctx) => {
    const now = ctx.now();
    const promo = await q.findPromoForUpdate(ctx.db, code);
    policy.assertPromoUsable(promo, now);
    const fresh = await q.insertRedemption(ctx.db, promo.id, user.id, promo.days > 0 ? now : null);
    if (!fresh) throw badRequest(messages.promoAlreadyUsed);
    let paidUntil: Date | null = null;
    if (promo.days > 0) {
      await postLedger(ctx, {
        userId: user.id,
        kind: 'promo',
        amount: 0,
        idempotencyKey: `promo:${promo.id}:${user.id}`,
        note: `Промокод ${promo.code}: ${promo.days} дн. Плюса`,
      });
      paidUntil = await grantPlus(ctx, user.id, promo.days);
    }
    return {
      days: promo.days,
      discount: promo.discount,
      paid_until: paidUntil?.toISOString() ?? null,
      message: promo.days > 0 ? messages.promoApplied(promo.days) : messages.promoDiscountApplied(promo.discount),
    };
  });
}

/**
 * The price a purchase costs this reader after a redeemed discount code, and the call that spends the code: the
 * payments module calls `spend` in the transaction that marks the order paid.
 */
export async function discountFor(ctx: Ctx, userId: number, price: number) {
  const pending = await q.pendingDiscount(ctx.db, userId);
  // A card order waiting for its payment holds this discount: this purchase goes at the full price.
  if (!pending || !(await freeToTake(ctx, pending.code_id, userId, null)))
    return { price, discount: 0, spend: async () => {} };
  return {
    price: discounted(price, pending.discount),
    discount: pending.discount,
    spend: (tx: Ctx) => q.consumeDiscount(tx.db, pending.code_id, userId, tx.now()),
  };
}

/**
 * A discount at card checkout (the buy popup): a typed code is taken for this account under the code's row lock
 * (one use per account, counted now, so the last use cannot be promised to two readers); without one, a discount
 * redeemed before applies. The order records the code; the transaction that marks it paid spends it, once.
 */
async function cardPrice(ctx: Ctx, userId: number, product: Product, code: string | null) {
  const price = product.price;
  // The monthly tariff renews at its full price; discounts are for the one-off periods (as /plus shows them).
  if (product.recurring) {
    if (code) throw badRequest(messages.promoNotForRecurring);
    return { amount: price, promo: null };
  }
  const applied = code
    ? await transaction(ctx, async (ctx) => {
        const { promo, taken } = await usableDiscount(ctx, await q.findPromoForUpdate(ctx.db, code), userId);
        if (!taken) await q.insertRedemption(ctx.db, promo.id, userId, null);
        return { code_id: promo.id, code: promo.code, discount: promo.discount };
      })
    : await q.pendingDiscount(ctx.db, userId);
  if (!applied) return { amount: price, promo: null };
  return {
    amount: discounted(price, applied.discount),
    promo: { id: applied.code_id, code: applied.code, discount: applied.discount },
  };
}

/**
 * Whether this discount is free for `orderId` (null: a purchase from the balance) to take, asked under the
 * redemption's row lock so parallel purchases decide one after another: not spent, and held by no other order that
 * may still be paid (a declined or expired order lets it go).
 */
async function freeToTake(ctx: Ctx, codeId: number, userId: number, orderId: number | null) {
  const row = await q.lockRedemption(ctx.db, codeId, userId);
  if (!row || row.consumedAt) return false;
  return row.orderId === null || row.orderId === orderId || !(await orderHolds(ctx, row.orderId));
}

/** Billing's pricing of Plus with promo codes (registered per app: billing/module.ts). */
export const promoPricing: PlusPricing = {
  price: cardPrice,
  hold: async (ctx, order, promoId) => {
    if (!(await freeToTake(ctx, promoId, order.user_id, order.id))) throw new ApiError(409, messages.promoHeld);
    await q.holdRedemption(ctx.db, promoId, order.user_id, order.id);
  },
  spend: (ctx, order, promoId) => q.consumeDiscount(ctx.db, promoId, order.user_id, ctx.now(), order.id),
};

/** `POST /payments/promo/quote`: what a product costs this reader with a typed code (nothing is taken yet). */
export async function quotePromo(ctx: Ctx, user: Actor, stuffId: number, code: string | null) {
  const product = productOf(stuffId);
  if (!product) throw badRequest(messages.stuffInvalid);
  if (product.recurring && code) throw badRequest(messages.promoNotForRecurring);
  const discount = product.recurring
    ? 0
    : code
      ? (await usableDiscount(ctx, await q.findPromo(ctx.db, code), user.id)).promo.discount
      : ((await q.pendingDiscount(ctx.db, user.id))?.discount ?? 0);
  return { price: discounted(product.price, discount), full_price: product.price, discount };
}

/** A typed discount code this reader may spend: theirs already (not spent), or one with uses left. */
async function usableDiscount(ctx: Ctx, promo: q.PromoRow | undefined, userId: number) {
  if (!promo) throw notFound(messages.promoNotFound);
  if (promo.discount === 0) throw badRequest(messages.promoNotDiscount);
  const mine = await q.findRedemption(ctx.db, promo.id, userId);
  if (mine?.consumedAt) throw badRequest(messages.promoAlreadyUsed);
  if (!mine) policy.assertPromoUsable(promo, ctx.now());
  return { promo, taken: mine !== undefined };
}
