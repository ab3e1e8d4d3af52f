import { messages } from '../../../shared/catalogue.ts';
import { ORDER_HOLD_MINUTES, PRODUCTS, productOf } from '../../../shared/payments.ts';
import type { CreateResult, PrepareData } from '../../../shared/api/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { plusPricing } from './hooks.ts';
import { assertOwnOrderNumber, newOrderNumber } from './order-number.ts';
import { providerOf } from './providers.ts';
import * as q from './queries.ts';
import { settleOrder } from './settle.ts';

/** Buying by card: `prepare`, a Plus order, and one idempotent card payment of any kind. */

/**
 * `GET /payments/accounts/orders/prepare`: the products, the cashier and its key, the reader's email, an order number,
 * kept as this reader's last prepared order (a create that names no order pays it).
 */
export async function prepare(ctx: Ctx, user: UserRow): Promise<PrepareData> {
  const provider = providerOf(ctx);
  const order = newOrderNumber(ctx, user.id);
  await q.keepPreparedOrder(ctx.db, user.id, order, ctx.now());
  return {
    stuff: PRODUCTS.map((p) => ({ stuff_id: p.stuff_id, price: p.price, days: p.days, recurring: p.recurring })),
    cashier: { type: provider.type, public_id: provider.key.public_id },
    cp_public: provider.key,
    user_email: user.email,
    order,
  };
}

export interface CreateInput {
  stuff_id: number;
  email: string;
  /** The order number from `prepare`; none (the spec's body): the reader's last prepared order. */
  order?: string;
  /** A gift: the receiver's user id. */
  gift_to?: number;
  /** A discount promo code typed in the buy popup. */
  promo?: string;
  cryptogram: string;
  ip: string;
}

/**
 * `POST /payments/accounts/orders/create`: one card payment for one order number. The order row is claimed by its
 * key first, so a double submit or fifty at once charge the card once: the others find the order and answer from its
 * state (paid: success again; waiting for 3-D Secure: the same 3DS data; still being charged: "wait").
 * The provider is called outside any transaction; its answer is stored in one.
 */
export async function createOrder(ctx: Ctx, user: UserRow, input: CreateInput): Promise<CreateResult> {
  const product = productOf(input.stuff_id);
  if (!product) throw badRequest(messages.paymentStuffInvalid);
  const order = input.order ?? (await lastPrepared(ctx, user.id, product.stuff_id));
  assertOwnOrderNumber(ctx, user.id, order);
  const recipientId = input.gift_to ?? null;
  if (recipientId !== null) {
    if (product.recurring) throw badRequest(messages.paymentGiftPeriodInvalid);
    if (recipientId === user.id) throw badRequest(messages.paymentGiftSelf);
    if (!(await q.userExists(ctx.db, recipientId))) throw notFound(messages.paymentRecipientNotFound);
  }
  const pricing = plusPricing(ctx);
  // A repeated create answers from the stored order, so its price is the one the first create computed.
  const stored = await q.orderByKey(ctx.db, `card:${order}`);
  const priced = stored
    ? { amount: stored.amount, promo: null }
    : pricing
      ? await pricing.price(ctx, user.id, product, input.promo ?? null)
      : { amount: product.price, promo: null };
  if (priced.amount <= 0) throw badRequest(messages.paymentPromoFree);
  const promo = priced.promo;
  return payByCard(ctx, user, {
    kind: 'plus',
    stuffId: product.stuff_id,
    amount: priced.amount,
    meta: promo ? { promo } : undefined,
    hold: promo && pricing ? (tx, order) => pricing.hold(tx, order, promo.id) : undefined,
    recipientId,
    email: input.email,
    order,
    cryptogram: input.cryptogram,
    ip: input.ip,
    description: messages.paymentDescription(product.days),
  });
}

/**
 * The order a create without an order number pays: this reader's last prepared one, while it can be paid (prepared
 * less than ORDER_HOLD_MINUTES ago, not paid, and if its payment began, begun for this product).
 */
async function lastPrepared(ctx: Ctx, userId: number, stuffId: number): Promise<string> {
  const prepared = await q.preparedOrder(ctx.db, userId);
  if (!prepared) throw badRequest(messages.paymentOrderNotPrepared);
  if (ctx.now().getTime() - prepared.created_at.getTime() >= ORDER_HOLD_MINUTES * 60_000)
    throw badRequest(messages.paymentOrderExpired);
  const begun = await q.orderByKey(ctx.db, `card:${prepared.order_number}`);
  if (begun && (begun.status === 'paid' || begun.status === 'refunded')) throw badRequest(messages.paymentOrderPaid);
  if (begun && (begun.kind !== 'plus' || begun.stuff_id !== stuffId)) throw badRequest(messages.paymentOrderOtherStuff);
  return prepared.order_number;
}

export interface CardPayment {
  kind: string;
  stuffId: number | null;
  /** Whole kopecks, above zero. */
  amount: number;
  recipientId: number | null;
  email: string;
  /** The order number from `prepare` (checked here) and the cryptogram made for it. */
  order: string;
  cryptogram: string;
  ip: string;
  description: string;
  meta?: q.OrderInput['meta'];
  /** Takes what the order reserves (a discount) in the transaction that creates it; throwing leaves no order. */
  hold?: (ctx: Ctx, order: q.OrderRow) => Promise<void>;
}

/**
 * One card payment of any kind, idempotent by its order number: the order row is claimed first, so a double submit
 * charges once; then the provider, then its answer stored (success, 3-D Secure data, or a 400 with its reason).
 */
export async function payByCard(ctx: Ctx, user: UserRow, p: CardPayment): Promise<CreateResult> {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw badRequest(messages.paymentAmountInvalid);
  assertOwnOrderNumber(ctx, user.id, p.order);
  const provider = providerOf(ctx);
  const key = `card:${p.order}`;
  const fresh = await transaction(ctx, async (ctx) => {
    const order = await q.insertOrder(ctx.db, {
      userId: user.id,
      recipientId: p.recipientId,
      kind: p.kind,
      stuffId: p.stuffId,
      amount: p.amount,
      email: p.email,
      provider: provider.type,
      idempotencyKey: key,
      meta: p.meta,
    });
    if (order && p.hold) await p.hold(ctx, order);
    return order;
  });
  if (!fresh) return answerStored(ctx, user, key, p);
  const result = await provider.charge({
    amount: p.amount,
    cryptogram: p.cryptogram,
    orderId: fresh.id,
    orderNumber: p.order,
    accountId: user.id,
    email: p.email,
    description: p.description,
    ip: p.ip,
  });
  return settleOrder(ctx, fresh, result);
}

/**
 * Whether an order still holds what it reserved (a discount), asked under that reservation's row lock: paid, or
 * waiting for its payment less than ORDER_HOLD_MINUTES. An older waiting order is ended here as expired, so the
 * bank's late answer to it charges nothing (complete3ds takes only a pending order).
 */
export async function orderHolds(ctx: Ctx, orderId: number): Promise<boolean> {
  const order = await q.orderById(ctx.db, orderId);
  if (!order || order.status === 'declined' || order.status === 'refunded') return false;
  if (order.status === 'paid') return true;
  if (ctx.now().getTime() - order.created_at.getTime() < ORDER_HOLD_MINUTES * 60_000) return true;
  await q.setOrderStatus(ctx.db, order.id, ['new', 'pending'], 'declined', ctx.now(), messages.paymentOrderExpired);
  return false;
}

/** A repeated create of an order that exists: its state, never a second charge. */
async function answerStored(ctx: Ctx, user: UserRow, key: string, p: CardPayment): Promise<CreateResult> {
  const order = await q.orderByKey(ctx.db, key);
  if (
    !order ||
    order.user_id !== user.id ||
    order.kind !== p.kind ||
    order.stuff_id !== p.stuffId ||
    order.amount !== p.amount
  )
    throw badRequest(messages.paymentOrderInvalid);
  switch (order.status) {
    case 'paid':
      return { status: 'success', order_id: order.id, paid_until: (await paidUntil(ctx, order)) ?? null };
    case 'pending': {
      const { threeDs } = order.meta;
      if (threeDs) return { status: '3ds', order_id: order.id, ...threeDs };
      throw new ApiError(409, messages.paymentOrderBusy);
    }
    case 'new':
      throw new ApiError(409, messages.paymentOrderBusy);
    default:
      throw badRequest(order.reason ?? messages.paymentOrderDeclined);
  }
}

async function paidUntil(ctx: Ctx, order: q.OrderRow): Promise<string | null> {
  const plus = await q.plusOf(ctx.db, order.recipient_id ?? order.user_id);
  return plus?.paid_until?.toISOString() ?? null;
}
