import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import {
  GIFT_LIMIT_DAYS,
  GIFT_RECIPIENT_PERIOD_DAYS,
  GIFT_PERIODS,
  ORDER_HOLD_MINUTES,
  PRODUCTS,
  RECURRING_PERIOD_DAYS,
  RECURRING_RETRY_DAYS,
  productOf,
  type BankInfo,
  type CreateResult,
  type PaymentItem,
  type PlusStatus,
  type PrepareData,
  type RefundPreview,
  type StaffPaymentItem,
  type Product,
  type ThreeDsData,
} from '../../../shared/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { bankOf } from './banks.ts';
import { cardRefundAmount, postCardRefund } from './card-refund.ts';
import { balanceOf, expirePlus, grantPlus, postLedger, revokePlus } from './ledger.ts';
import { assertCanGift, assertCanRefund, communityMayGift } from './policy.ts';
import { providerOf } from './providers.ts';
import type { CardResult } from './provider.ts';
import { queueLetter } from '../../jobs/letters.ts';
import * as q from './queries.ts';

const DAY = 86_400_000;
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

// ——— Order numbers ———

/**
 * An order number is `{random}.{mac}`: made by `prepare` for one reader and checked without storage, so a number
 * cannot be guessed or taken from another reader. The order row appears only when the card is charged.
 */
function orderMac(ctx: Ctx, userId: number, random: string): string {
  return crypto
    .createHmac('sha256', `${ctx.config.secret}:order`)
    .update(`${userId}:${random}`)
    .digest('hex')
    .slice(0, 16);
}

export function newOrderNumber(ctx: Ctx, userId: number): string {
  const random = crypto.randomBytes(6).toString('hex');
  return `${random}.${orderMac(ctx, userId, random)}`;
}

function assertOwnOrderNumber(ctx: Ctx, userId: number, order: string): void {
  const [random, mac] = order.split('.');
  const want = random ? orderMac(ctx, userId, random) : '';
  if (!random || !mac || mac.length !== want.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(want)))
    throw badRequest(messages.paymentOrderInvalid);
}

// ——— Buying ———

/** `GET /payments/accounts/orders/prepare`: the products, the cashier and its key, the reader's email, an order number. */
export function prepare(ctx: Ctx, user: UserRow): PrepareData {
  const provider = providerOf(ctx);
  return {
    stuff: PRODUCTS.map((p) => ({ stuff_id: p.stuff_id, price: p.price, days: p.days, recurring: p.recurring })),
    cashier: { type: provider.type, public_id: provider.key.public_id },
    cp_public: provider.key,
    user_email: user.email,
    order: newOrderNumber(ctx, user.id),
  };
}

export interface CreateInput {
  stuff_id: number;
  email: string;
  order: string;
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
  assertOwnOrderNumber(ctx, user.id, input.order);
  const recipientId = input.gift_to ?? null;
  if (recipientId !== null) {
    if (product.recurring) throw badRequest(messages.paymentGiftPeriodInvalid);
    if (recipientId === user.id) throw badRequest(messages.paymentGiftSelf);
    if (!(await q.userExists(ctx.db, recipientId))) throw notFound(messages.paymentRecipientNotFound);
  }
  // A repeated create answers from the stored order, so its price is the one the first create computed.
  const stored = await q.orderByKey(ctx.db, `card:${input.order}`);
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
    hold: promo && pricing ? (tx, order) => pricing!.hold(tx, order, promo.id) : undefined,
    recipientId,
    email: input.email,
    order: input.order,
    cryptogram: input.cryptogram,
    ip: input.ip,
    description: messages.paymentDescription(product.days),
  });
}

/** A promo discount on a card purchase of Plus (billing's promo codes), registered once at module load. */
export interface PlusPricing {
  /**
   * The price of a product for this reader: with a typed code, or the discount they redeemed before. What it answers
   * is recorded in the order's `meta.promo`.
   */
  price(
    ctx: Ctx,
    userId: number,
    product: Product,
    code: string | null,
  ): Promise<{ amount: number; promo: { id: number; code: string; discount: number } | null }>;
  /**
   * Reserves the code for this order inside the transaction that creates it: one order at a time holds a discount,
   * so parallel purchases cannot all take it. Throws (no order is made) while another order holds it.
   */
  hold(ctx: Ctx, order: q.OrderRow, promoId: number): Promise<void>;
  /** Spends the order's code inside the transaction that marks it paid (once: the order is paid once). */
  spend(ctx: Ctx, order: q.OrderRow, promoId: number): Promise<void>;
}
let pricing: PlusPricing | null = null;

export function setPlusPricing(p: PlusPricing): void {
  pricing = p;
}

/** What a paid order of another kind does inside the payment's transaction (billing: top-ups, donations). */
export type PaidHandler = (ctx: Ctx, order: q.OrderRow, chargeId: number) => Promise<void>;
const paidHandlers = new Map<string, PaidHandler>();

/**
 * Registers what a paid order of `kind` does (once, at module load). Payments has already stored the charge, moved
 * the order to paid and posted `charge +X` to the payer; the handler posts the rest (e.g. nothing for a top-up,
 * `donation −X` / `donation +X` for a donation) in the same transaction.
 */
export function onOrderPaid(kind: string, handler: PaidHandler, refunded?: RefundHandler): void {
  if (kind === 'plus') throw new Error("plus orders are payments' own");
  paidHandlers.set(kind, handler);
  if (refunded) refundHandlers.set(kind, refunded);
}

/**
 * What a refunded order of another kind undoes inside the refund's transaction (a donation goes back to its donor),
 * and, asked before, how many kopecks of it the site's own account would cover (an author who was paid out).
 */
export interface RefundHandler {
  undo(ctx: Ctx, order: q.OrderRow): Promise<void>;
  siteCovers(ctx: Ctx, order: q.OrderRow): Promise<number>;
}
const refundHandlers = new Map<string, RefundHandler>();

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
  meta?: Record<string, unknown>;
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
      const meta = order.meta as { threeDs?: ThreeDsData };
      if (meta.threeDs) return { status: '3ds', order_id: order.id, ...meta.threeDs };
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

/** Stores the provider's answer to a charge of `order` and tells the reader. */
async function settleOrder(ctx: Ctx, order: q.OrderRow, result: CardResult): Promise<CreateResult> {
  switch (result.kind) {
    case 'invalid':
      await q.setOrderStatus(ctx.db, order.id, ['new', 'pending'], 'declined', ctx.now(), result.reason);
      throw badRequest(result.reason);
    case 'declined':
      await transaction(ctx, async (ctx) => {
        await q.upsertCharge(ctx.db, chargeInput(order, result, 'declined'));
        await q.setOrderStatus(ctx.db, order.id, ['new', 'pending'], 'declined', ctx.now(), result.reason);
      });
      throw badRequest(result.reason);
    case '3ds': {
      const threeDs: ThreeDsData = {
        AcsUrl: result.acsUrl,
        PaReq: result.paReq,
        TransactionId: result.transactionId,
        term_url: `${ctx.config.publicUrl}/payments/3ds/term`,
        site_email: order.email,
      };
      await transaction(ctx, async (ctx) => {
        await q.upsertCharge(ctx.db, chargeInput(order, result, '3ds'));
        await q.setOrderPending(ctx.db, order.id, { threeDs });
      });
      return { status: '3ds', order_id: order.id, ...threeDs };
    }
    case 'success': {
      const until = await transaction(ctx, (ctx) => paid(ctx, order, result));
      return { status: 'success', order_id: order.id, paid_until: until?.toISOString() ?? null };
    }
  }
}

export function chargeInput(
  order: q.OrderRow,
  result: Exclude<CardResult, { kind: 'invalid' }>,
  status: q.ChargeRow['status'],
  subscriptionId: number | null = null,
): q.ChargeInput {
  return {
    orderId: order.id,
    subscriptionId,
    provider: order.provider,
    transactionId: result.transactionId,
    amount: order.amount,
    status,
    reason: result.kind === 'declined' ? result.reason : null,
    cardLast4: 'cardLast4' in result ? (result.cardLast4 ?? null) : null,
    cardType: 'cardType' in result ? (result.cardType ?? null) : null,
  };
}

/** Whether an order our charge call gave up on can still be completed when the provider says it was paid. */
export function canHonour(order: q.OrderRow): boolean {
  // A recurring try declined here was followed by its own retries: a late payment of it is refunded instead.
  const recurring = order.idempotency_key?.startsWith('recurring:') ?? false;
  return !recurring && (order.kind === 'plus' || paidHandlers.has(order.kind));
}

/**
 * A successful charge, inside the caller's transaction: the charge row (or its 3-D Secure or declined row moved on,
 * with the card's last digits), the order paid once (a declined one too: the money was taken), `charge +X` and
 * `order −X` in the ledger, Plus for the product's days, the recurring subscription for tariff 18, and the receiver
 * told of a gift. Repeating it for the same transaction changes nothing.
 */
export async function paid(
  ctx: Ctx,
  order: q.OrderRow,
  result: Extract<CardResult, { kind: 'success' }>,
  subscriptionId: number | null = null,
): Promise<Date | null> {
  const { charge } = await q.upsertCharge(ctx.db, chargeInput(order, result, 'succeeded', subscriptionId));
  if (charge.status !== 'succeeded') await q.completeCharge(ctx.db, charge.id, result.cardLast4, result.cardType);
  if (!(await q.setOrderStatus(ctx.db, order.id, ['new', 'pending', 'declined'], 'paid', ctx.now()))) return null;
  await postLedger(ctx, {
    userId: order.user_id,
    kind: 'charge',
    amount: order.amount,
    orderId: order.id,
    chargeId: charge.id,
    idempotencyKey: `charge:${charge.id}`,
  });
  if (order.kind !== 'plus') {
    await paidHandlers.get(order.kind)?.(ctx, order, charge.id);
    return null;
  }
  await postLedger(ctx, {
    userId: order.user_id,
    kind: 'order',
    amount: -order.amount,
    orderId: order.id,
    idempotencyKey: `order:${order.id}`,
  });
  const promo = (order.meta as { promo?: { id: number } }).promo;
  if (promo && pricing) await pricing.spend(ctx, order, promo.id);
  const product = order.stuff_id === null ? undefined : productOf(order.stuff_id);
  if (!product) return null;
  const receiver = order.recipient_id ?? order.user_id;
  const until = await grantPlus(ctx, receiver, product.days);
  if (product.recurring && result.token && subscriptionId === null && until) {
    await q.upsertSubscription(ctx.db, {
      userId: order.user_id,
      provider: order.provider,
      token: result.token,
      price: product.price,
      email: order.email,
      next: until,
    });
  }
  if (order.recipient_id !== null)
    await enqueue(ctx, 'notify.system', {
      userId: order.recipient_id,
      text: messages.paymentGiftNotice(product.days),
    });
  return until;
}

// ——— 3-D Secure ———

export interface ThreeDsOutcome {
  ok: boolean;
  orderId: number | null;
  error: string;
}

/**
 * The bank's answer posted to `term_url` (MD = TransactionId, PaRes). It needs no session: the bank's page posts
 * from another site. The charge waiting for it is found by its transaction; a repeated post finds it settled and
 * answers the order's state again.
 */
export async function complete3ds(ctx: Ctx, transactionId: string, paRes: string): Promise<ThreeDsOutcome> {
  const provider = providerOf(ctx);
  const charge = await q.chargeByTransaction(ctx.db, provider.type, transactionId);
  if (!charge) return { ok: false, orderId: null, error: messages.paymentOrderNotFound };
  const order = await q.orderById(ctx.db, charge.order_id);
  if (!order) return { ok: false, orderId: null, error: messages.paymentOrderNotFound };
  if (charge.status !== '3ds' || order.status !== 'pending')
    return { ok: order.status === 'paid', orderId: order.id, error: order.reason ?? messages.paymentNotPending };
  const result = await provider.post3ds(transactionId, paRes);
  try {
    await settleOrder(ctx, order, result);
    return { ok: true, orderId: order.id, error: '' };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await q.setChargeStatus(ctx.db, charge.id, '3ds', 'declined', err.message);
    return { ok: false, orderId: order.id, error: err.message };
  }
}

// ——— Bank lookup ———

export function bankInfo(prefix: string): BankInfo {
  if (!/^\d{6}$/.test(prefix)) throw badRequest(messages.paymentCardPrefixInvalid);
  return bankOf(prefix);
}

// ——— Status and history ———

export async function plusStatus(ctx: Ctx, user: UserRow): Promise<PlusStatus> {
  const [plus, sub, balance] = await Promise.all([
    q.plusOf(ctx.db, user.id),
    q.activeSubscription(ctx.db, user.id),
    balanceOf(ctx, user.id),
  ]);
  return {
    is_paid: plus?.is_paid ?? false,
    paid_until: plus?.paid_until?.toISOString() ?? null,
    recurring: sub
      ? {
          date_next_transaction: sub.date_next_transaction.toISOString(),
          date_created: sub.created_at.toISOString(),
          price: sub.price,
        }
      : null,
    balance,
  };
}

const HISTORY_PAGE = 50;
const item = (r: q.HistoryRow): PaymentItem => ({
  id: r.id,
  kind: r.kind,
  stuff_id: r.stuff_id,
  amount: r.amount,
  status: r.status,
  created_at: r.created_at.toISOString(),
  recipient_id: r.recipient_id,
  card_last4: r.card_last4,
  reason: r.reason,
});

export async function history(ctx: Ctx, user: UserRow, beforeId: number | null): Promise<PaymentItem[]> {
  return (await q.orderHistory(ctx.db, user.id, beforeId, HISTORY_PAGE)).map(item);
}

export async function staffHistory(ctx: Ctx, beforeId: number | null): Promise<StaffPaymentItem[]> {
  const rows = await q.orderHistory(ctx.db, null, beforeId, HISTORY_PAGE);
  return rows.map((r) => ({ ...item(r), user_id: r.user_id, flag: r.flag }));
}

// ——— Recurring ———

export async function cancelRecurring(ctx: Ctx, user: UserRow, reason: string): Promise<PlusStatus> {
  if (!(await q.cancelSubscription(ctx.db, user.id, reason))) throw notFound(messages.paymentNoSubscription);
  return plusStatus(ctx, user);
}

/**
 * The recurring job: every due subscription is charged by its saved card. Success: Plus for 30 more days and the next
 * date 30 days on. A decline: a letter, then tries on the due date plus 1, 3 and 5 days; after the last one the
 * subscription ends and so does Plus once its paid period is over. Each try has its own order key, so a job run twice
 * charges once.
 */
export async function chargeDueSubscriptions(ctx: Ctx, limit = 100): Promise<number> {
  const due = await q.dueSubscriptions(ctx.db, ctx.now(), limit);
  const product = productOf(18)!;
  for (const sub of due) {
    const key = `recurring:${sub.id}:${sub.date_next_transaction.toISOString()}:${sub.failures}`;
    const order =
      (await q.insertOrder(ctx.db, {
        userId: sub.user_id,
        recipientId: null,
        kind: 'plus',
        stuffId: product.stuff_id,
        amount: sub.price,
        email: sub.email,
        provider: sub.provider,
        idempotencyKey: key,
      })) ?? (await q.orderByKey(ctx.db, key));
    if (!order || order.status !== 'new') continue;
    const provider = providerOf(ctx);
    const result = await provider.chargeToken({
      amount: sub.price,
      token: sub.token,
      orderId: order.id,
      accountId: sub.user_id,
      email: sub.email,
      description: messages.paymentDescription(product.days),
    });
    if (result.kind === 'success') {
      await transaction(ctx, async (ctx) => {
        await paid(ctx, order, result, sub.id);
        await q.subscriptionCharged(ctx.db, sub.id, addDays(sub.date_next_transaction, RECURRING_PERIOD_DAYS));
      });
      continue;
    }
    const reason = result.kind === '3ds' ? messages.payment3dsFailed : result.reason;
    const failures = sub.failures + 1;
    const retryDays = RECURRING_RETRY_DAYS[failures - 1];
    await transaction(ctx, async (ctx) => {
      if (result.kind !== 'invalid')
        await q.upsertCharge(ctx.db, chargeInput(order, { ...result, kind: 'declined', reason }, 'declined', sub.id));
      await q.setOrderStatus(ctx.db, order.id, ['new'], 'declined', ctx.now(), reason);
      await q.subscriptionDeclined(
        ctx.db,
        sub.id,
        failures,
        retryDays === undefined ? null : addDays(sub.date_next_transaction, retryDays),
      );
      if (retryDays === undefined) await q.endPlusIfOver(ctx.db, sub.user_id, ctx.now());
    });
    if (sub.email)
      await queueLetter(ctx, {
        to: sub.email,
        subject: messages.paymentRecurringFailedMail,
        text:
          retryDays === undefined
            ? messages.paymentRecurringEndedText(reason)
            : messages.paymentRecurringFailedText(failures, reason),
      });
  }
  return due.length;
}

// ——— Gifts and refunds (staff) ———

/** Whether this viewer may gift Plus to `userId` from their profile (the gift button), and who the gift is from. */
export async function giftCheck(ctx: Ctx, giver: UserRow, userId: number): Promise<{ can_gift: boolean }> {
  if (userId === giver.id) return { can_gift: false };
  if (isStaff(giver)) return { can_gift: true };
  const community = await q.sharedManagedCommunity(ctx.db, giver.id, userId);
  return { can_gift: community !== undefined && communityMayGift(community, ctx.now()) };
}

/**
 * Staff and community managers give Plus for one month, three months or a year: an order of kind `gift` paid by
 * the giver (its `user_id`), a zero `gift` row naming the giver, the days, and the receiver told. A manager gifts
 * members of their community only, within a limit counted under a lock on the giver's row.
 */
export async function giftPlus(ctx: Ctx, giver: UserRow, userId: number, days: number): Promise<PlusStatus> {
  const period = GIFT_PERIODS.find((p) => p.days === days);
  if (!period) throw badRequest(messages.paymentGiftPeriodInvalid);
  if (userId === giver.id) throw badRequest(messages.paymentGiftSelf);
  if (!(await q.userExists(ctx.db, userId))) throw notFound(messages.paymentRecipientNotFound);
  await transaction(ctx, async (ctx) => {
    await q.lockUserRows(ctx.db, [giver.id, userId]);
    const staff = isStaff(giver);
    const now = ctx.now();
    const community = staff ? undefined : await q.sharedManagedCommunity(ctx.db, giver.id, userId);
    assertCanGift(giver, {
      community,
      now,
      days,
      recentGifts: staff ? 0 : await q.giftsSince(ctx.db, giver.id, addDays(now, -GIFT_LIMIT_DAYS)),
      receivedStuff: staff ? [] : await q.managerGiftsTo(ctx.db, userId, addDays(now, -GIFT_RECIPIENT_PERIOD_DAYS)),
    });
    const order = await q.insertOrder(ctx.db, {
      userId: giver.id,
      recipientId: userId,
      kind: 'gift',
      stuffId: period.stuff_id,
      amount: 0,
      email: '',
      provider: 'gift',
      idempotencyKey: null,
      meta: community ? { community_id: community.id } : {},
    });
    await q.setOrderStatus(ctx.db, order!.id, ['new'], 'paid', ctx.now());
    await postLedger(ctx, {
      userId,
      kind: 'gift',
      amount: 0,
      orderId: order!.id,
      idempotencyKey: `gift:${order!.id}`,
      note: messages.paymentGiftNote(giver.id, community?.name ?? null),
    });
    await grantPlus(ctx, userId, days);
    await enqueue(ctx, 'notify.system', {
      userId,
      text: community ? messages.paymentGiftFromNotice(days, community.name) : messages.paymentGiftNotice(days),
    });
  });
  const plus = await q.plusOf(ctx.db, userId);
  return {
    is_paid: plus?.is_paid ?? false,
    paid_until: plus?.paid_until?.toISOString() ?? null,
    recurring: null,
    balance: 0,
  };
}

/**
 * A staff refund of a paid card order: the provider pays the card back, then in one transaction the order and its
 * charge are marked, the ledger gets `refund +X` (the order undone) and `refund −X` (the money out), and the days of
 * Plus it bought are taken back.
 */
/** A paid order with its succeeded charge, as a refund needs it. */
async function refundable(ctx: Ctx, staff: UserRow, orderId: number) {
  assertCanRefund(staff);
  const order = await q.orderById(ctx.db, orderId);
  if (!order) throw notFound(messages.paymentOrderNotFound);
  const charge = (await q.chargesOfOrder(ctx.db, order.id)).find((c) => c.status === 'succeeded');
  if (order.status !== 'paid' || !charge) throw badRequest(messages.paymentRefundDenied);
  return { order, charge };
}

/** What a refund would do, for the staff's confirmation: the amount, and what the site's own account would cover. */
export async function refundPreview(ctx: Ctx, staff: UserRow, orderId: number): Promise<RefundPreview> {
  const { order } = await refundable(ctx, staff, orderId);
  const covers = (await refundHandlers.get(order.kind)?.siteCovers(ctx, order)) ?? 0;
  return { amount: order.amount, site_covers: covers, refund: await cardRefundAmount(ctx, order) };
}

export async function refundOrder(ctx: Ctx, staff: UserRow, orderId: number): Promise<{ status: string }> {
  const { order, charge } = await refundable(ctx, staff, orderId);
  const amount = await cardRefundAmount(ctx, order);
  await providerOf(ctx).refund(charge.transaction_id, amount);
  await transaction(ctx, (ctx) => refunded(ctx, order, amount));
  return { status: 'refunded' };
}

/** `amount`: what went back to the card (less than the order for a partly spent top-up). */
export async function refunded(ctx: Ctx, order: q.OrderRow, amount = order.amount): Promise<void> {
  const locked = await q.orderById(ctx.db, order.id, true);
  if (!locked || !(await q.setOrderStatus(ctx.db, order.id, ['paid'], 'refunded', ctx.now()))) return;
  const charge = (await q.chargesOfOrder(ctx.db, order.id)).find((c) => c.status === 'succeeded');
  if (charge) await q.setChargeStatus(ctx.db, charge.id, 'succeeded', 'refunded');
  // A Plus order's price comes back to the account before it goes to the card; other kinds leave after their own
  // handler has undone what they did (a top-up has nothing to undo).
  await refundHandlers.get(order.kind)?.undo(ctx, order);
  if (order.kind === 'plus')
    await postLedger(ctx, {
      userId: order.user_id,
      kind: 'refund',
      amount: order.amount,
      orderId: order.id,
      idempotencyKey: `refund-order:${order.id}`,
    });
  await postCardRefund(ctx, order, amount, charge?.id ?? null);
  const product = order.kind !== 'plus' || order.stuff_id === null ? undefined : productOf(order.stuff_id);
  if (product) await revokePlus(ctx, order.recipient_id ?? order.user_id, product.days);
  if (product?.recurring) await q.cancelSubscription(ctx.db, order.user_id, 'refund');
}

/** The periodic payments task: due recurring charges and retries, then Plus ended where its period is over. */
export async function paymentsTick(ctx: Ctx): Promise<{ charged: number; expired: number }> {
  const charged = await chargeDueSubscriptions(ctx);
  return { charged, expired: await expirePlus(ctx) };
}
