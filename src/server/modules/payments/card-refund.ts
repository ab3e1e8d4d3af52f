import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { balanceOf, postLedger } from './ledger.ts';
import * as q from './queries.ts';

/**
 * What a staff refund sends back to the card. A top-up is money on the balance, and what the reader already spent
 * from it bought something they keep (Plus, a donation): so only the unspent part goes back, and a top-up spent
 * whole is refused. Other orders go back whole (their own refund returns the money to the balance first).
 */
export async function cardRefundAmount(ctx: Ctx, order: q.OrderRow): Promise<number> {
  if (order.kind !== 'topup') return order.amount;
  const unspent = Math.min(order.amount, Math.max(0, await balanceOf(ctx, order.user_id)));
  if (unspent === 0) throw badRequest(messages.paymentTopupSpent);
  return unspent;
}

/**
 * The money leaving for the card (`refund −X`), inside the refund's transaction. Under the payer's row lock (as every
 * spending from a balance), the payer gives at most what the balance holds, so it never goes below zero; what is
 * missing (a top-up spent between the staff's check and now, or refunded in full by the provider itself) is the
 * site's own loss, a row of its own naming the reader and the order.
 */
export async function postCardRefund(ctx: Ctx, order: q.OrderRow, amount: number, chargeId: number | null) {
  await q.lockUserRows(ctx.db, [order.user_id]);
  const taken = Math.min(amount, Math.max(0, await balanceOf(ctx, order.user_id)));
  if (taken > 0)
    await postLedger(ctx, {
      userId: order.user_id,
      kind: 'refund',
      amount: -taken,
      orderId: order.id,
      chargeId,
      idempotencyKey: `refund-card:${order.id}`,
      note: taken < order.amount ? messages.paymentRefundPartNote(taken, order.amount) : '',
    });
  if (amount > taken)
    await postLedger(ctx, {
      userId: null,
      kind: 'refund',
      amount: -(amount - taken),
      orderId: order.id,
      chargeId,
      idempotencyKey: `refund-card-shortfall:${order.id}`,
      note: messages.paymentRefundShortfallNote(order.id, order.user_id),
    });
}
