import { messages } from '../../../shared/catalogue.ts';
import { productOf } from '../../../shared/payments.ts';
import type { RefundPreview } from '../../../shared/api/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { cardRefundAmount, postCardRefund } from './card-refund.ts';
import { refundHandler } from './hooks.ts';
import { postLedger, revokePlus } from './ledger.ts';
import { assertCanRefund } from './policy.ts';
import { providerOf } from './providers.ts';
import * as q from './queries.ts';

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
  const covers = (await refundHandler(ctx, order.kind)?.siteCovers(ctx, order)) ?? 0;
  return { amount: order.amount, site_covers: covers, refund: await cardRefundAmount(ctx, order) };
}

/**
 * A staff refund of a paid card order: the provider pays the card back, then in one transaction the order and its
 * charge are marked, the ledger gets `refund +X` (the order undone) and `refund −X` (the money out), and the days of
 * Plus it bought are taken back.
 */
export async function refundOrder(ctx: Ctx, staff: UserRow, orderId: number): Promise<{ status: 'refunded' }> {
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
  await refundHandler(ctx, order.kind)?.undo(ctx, order);
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
