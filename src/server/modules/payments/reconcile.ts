import type { Ctx } from '../../context.ts';
import { applyNotification, refundPayment, settledHere } from './notifications.ts';
import { configuredProvider } from './providers.ts';
import * as q from './queries.ts';

const DAY = 86_400_000;

export interface Reconciled {
  day: string;
  /** Provider payments of the day that took money. */
  checked: number;
  /** Of them, the ones we lacked: completed or refunded now. */
  fixed: number;
  /** Our charges the provider does not list: flagged for staff. */
  flagged: number;
}

/**
 * The daily reconciliation (`payments.reconcile`): the provider's transactions of a day (UTC; yesterday by default)
 * against our charges. A payment that took money and that we lack goes the way of a late `pay` notification
 * (the order completed, or the money refunded, in the ledger either way); an unmatched payment whose refund failed
 * is refunded again; a charge we hold as paid that the provider does not list is flagged on its order
 * (`meta.flag`, shown on the staff's payments page) and logged as an error. A repeated run changes nothing.
 */
export async function reconcilePayments(ctx: Ctx, day?: string): Promise<Reconciled | null> {
  const provider = configuredProvider(ctx);
  if (!provider?.list) return null;
  const date = day ?? new Date(ctx.now().getTime() - DAY).toISOString().slice(0, 10);
  const from = new Date(`${date}T00:00:00Z`);
  const theirs = (await provider.list(date)).filter((p) => p.status === 'Completed');
  let fixed = 0;
  for (const p of theirs) {
    const state = await settledHere(ctx, p.transactionId);
    if (state === 'settled') continue;
    fixed++;
    if (state === 'refund-due' && p.amount !== null) {
      const claim = await q.ledgerOfKey(ctx.db, `cp-payment:${p.transactionId}`);
      await refundPayment(ctx, p.transactionId, p.amount, claim?.user_id ?? null, claim?.order_id ?? null);
      continue;
    }
    ctx.log.warn({ transactionId: p.transactionId, invoiceId: p.invoiceId }, 'a provider payment we lacked is settled');
    await applyNotification(ctx, { type: 'pay', paymentTransactionId: '', reason: '', token: '', ...p });
  }
  const listed = new Set(theirs.map((p) => p.transactionId));
  const ours = await q.succeededCharges(ctx.db, provider.type, from, new Date(from.getTime() + DAY));
  const missing = ours.filter((c) => !listed.has(c.transaction_id));
  for (const c of missing) {
    ctx.log.error(
      { orderId: c.order_id, transactionId: c.transaction_id, amount: c.amount },
      'a charge paid here is not in the provider’s list of the day; staff must check it',
    );
    await q.flagOrder(ctx.db, c.order_id, `not-at-provider:${date}`);
  }
  return { day: date, checked: theirs.length, fixed, flagged: missing.length };
}
