import { messages } from '../../../shared/catalogue.ts';
import { productOf } from '../../../shared/payments.ts';
import type { CreateResult, ThreeDsData } from '../../../shared/api/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { paidHandler, plusPricing } from './hooks.ts';
import { grantPlus, postLedger } from './ledger.ts';
import type { CardResult } from './provider.ts';
import { providerOf } from './providers.ts';
import * as q from './queries.ts';

/** The provider's answer stored: a decline, 3-D Secure (and the bank's answer to it), or a paid order. */

/** Stores the provider's answer to a charge of `order` and tells the reader. */
export async function settleOrder(ctx: Ctx, order: q.OrderRow, result: CardResult): Promise<CreateResult> {
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
export function canHonour(ctx: Ctx, order: q.OrderRow): boolean {
  // A recurring try declined here was followed by its own retries: a late payment of it is refunded instead.
  const recurring = order.idempotency_key?.startsWith('recurring:') ?? false;
  return !recurring && (order.kind === 'plus' || paidHandler(ctx, order.kind) !== undefined);
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
  ctx.events.emit('payment.succeeded', {
    orderId: order.id,
    userId: order.user_id,
    kind: order.kind,
    amount: order.amount,
  });
  await postLedger(ctx, {
    userId: order.user_id,
    kind: 'charge',
    amount: order.amount,
    orderId: order.id,
    chargeId: charge.id,
    idempotencyKey: `charge:${charge.id}`,
  });
  if (order.kind !== 'plus') {
    await paidHandler(ctx, order.kind)?.(ctx, order, charge.id);
    return null;
  }
  await postLedger(ctx, {
    userId: order.user_id,
    kind: 'order',
    amount: -order.amount,
    orderId: order.id,
    idempotencyKey: `order:${order.id}`,
  });
  const promo = order.meta.promo;
  const pricing = plusPricing(ctx);
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
