import { messages } from '../../../shared/catalogue.ts';
import {
  ORDER_HOLD_MINUTES,
  RECURRING_PERIOD_DAYS,
  RECURRING_RETRY_DAYS,
  RECURRING_PRODUCT,
} from '../../../shared/payments.ts';
import type { PlusStatus } from '../../../shared/api/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { queueLetter } from '../../jobs/letters.ts';
import { expirePlus } from './ledger.ts';
import { providerOf } from './providers.ts';
import * as q from './queries.ts';
import { chargeInput, paid } from './settle.ts';
import { plusStatus } from './status.ts';
import { userWrites } from '../users/index.ts';

/** The monthly tariff: cancelling it, charging due subscriptions by their saved card, the periodic task. */

const DAY = 86_400_000;
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

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
  const product = RECURRING_PRODUCT;
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
      if (retryDays === undefined) await userWrites.endPlusIfOver(ctx.db, sub.user_id, ctx.now());
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

/** The periodic payments task: due recurring charges and retries, then Plus ended where its period is over. */
export async function paymentsTick(ctx: Ctx): Promise<{ charged: number; expired: number; abandoned: number }> {
  const charged = await chargeDueSubscriptions(ctx);
  return { charged, expired: await expirePlus(ctx), abandoned: await expireAbandonedOrders(ctx) };
}

/**
 * Orders left waiting past ORDER_HOLD_MINUTES (a 3-D Secure page closed, a widget never paid) end as declined, so
 * what they held (a promo discount) is free again without waiting for the reader's next purchase; a late payment of
 * one is still honoured or refunded by the notification (payments/notifications.ts).
 */
export async function expireAbandonedOrders(ctx: Ctx): Promise<number> {
  const before = new Date(ctx.now().getTime() - ORDER_HOLD_MINUTES * 60_000);
  return (await q.declineWaitingOrders(ctx.db, before, messages.paymentOrderExpired)).length;
}
