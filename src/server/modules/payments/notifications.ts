import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { expected } from '../../lib/errors.ts';
import { postLedger } from './ledger.ts';
import { kopecksOf } from './provider.ts';
import { configuredProvider } from './providers.ts';
import * as q from './queries.ts';
import { refunded } from './refunds.ts';
import { canHonour, chargeInput, paid } from './settle.ts';

/**
 * CloudPayments' answer codes to its notifications (https://developers.cloudpayments.ru/#check): 0 taken, 10 wrong
 * InvoiceId, 11 wrong AccountId, 12 wrong amount (or currency), 13 the payment cannot be accepted, 20 the order expired.
 * A `check` answered with anything but 0 stops the payment; the others only tell the provider what we made of it.
 */
export const CP_CODE = { ok: 0, invoice: 10, account: 11, amount: 12, refused: 13, expired: 20 } as const;
export type CpCode = (typeof CP_CODE)[keyof typeof CP_CODE];

/** A `check` for an order older than this is a replay of an old payment form. */
const ORDER_TTL_MS = 86_400_000;
const PROVIDER = 'cloudpayments';

export type NotificationType = 'check' | 'pay' | 'fail' | 'refund';

export interface Notification {
  type: NotificationType;
  transactionId: string;
  /** A refund's payment (PaymentTransactionId): the transaction it pays back. */
  paymentTransactionId: string;
  invoiceId: string;
  accountId: string;
  /** Kopecks; null when the notification's Amount is not a sum. */
  amount: number | null;
  currency: string;
  reason: string;
  token: string;
  cardLast4: string;
  cardType: string;
}

/** The fields of a notification's form body (https://developers.cloudpayments.ru/#pay). */
export function readNotification(type: NotificationType, form: URLSearchParams): Notification {
  return {
    type,
    transactionId: form.get('TransactionId') ?? '',
    paymentTransactionId: form.get('PaymentTransactionId') ?? '',
    invoiceId: form.get('InvoiceId') ?? '',
    accountId: form.get('AccountId') ?? '',
    amount: kopecksOf(form.get('Amount')),
    currency: form.get('Currency') ?? 'RUB',
    reason: form.get('CardHolderMessage') || form.get('Reason') || messages.paymentDoNotHonor,
    token: form.get('Token') ?? '',
    cardLast4: form.get('CardLastFour') ?? '',
    cardType: form.get('CardType') ?? '',
  };
}

/** The order a notification names, and whether the payer, the sum and the currency are the order's. */
async function matchOrder(ctx: Ctx, n: Notification) {
  const id = /^\d{1,10}$/.test(n.invoiceId) ? Number(n.invoiceId) : 0;
  const order = id > 0 && id < 2 ** 31 ? await q.orderById(ctx.db, id) : undefined;
  if (!order || order.kind === 'gift') return { code: CP_CODE.invoice, order: undefined };
  if (n.accountId !== String(order.user_id)) return { code: CP_CODE.account, order };
  if (n.amount !== order.amount || n.currency !== 'RUB') return { code: CP_CODE.amount, order };
  return { code: CP_CODE.ok, order };
}

/**
 * Applies a notification checked by HMAC and answers its code. Each is applied once per provider transaction, so a
 * repeated or concurrent duplicate changes nothing the second time.
 */
export async function applyNotification(ctx: Ctx, n: Notification): Promise<CpCode> {
  switch (n.type) {
    case 'check':
      return onCheck(ctx, n);
    case 'pay':
      return onPay(ctx, n);
    case 'fail':
      return onFail(ctx, n);
    case 'refund':
      return onRefund(ctx, n);
  }
}

/** Before the money is taken: only the order's own sum, by its own reader, while it still waits for a payment. */
async function onCheck(ctx: Ctx, n: Notification): Promise<CpCode> {
  const { code, order } = await matchOrder(ctx, n);
  if (code !== CP_CODE.ok || !order) return code;
  if (order.status !== 'new' && order.status !== 'pending') return CP_CODE.refused;
  if (ctx.now().getTime() - order.created_at.getTime() > ORDER_TTL_MS) return CP_CODE.expired;
  return CP_CODE.ok;
}

const paymentKey = (transactionId: string) => `cp-payment:${transactionId}`;
const refundKey = (transactionId: string) => `cp-refund:${transactionId}`;

/**
 * The money was taken. It completes the order when the payment is the order's (payer, sum, currency) and the order
 * can still be honoured — waiting, or declined here while the provider took the money (our call timed out). Any
 * other payment (a wrong sum, someone else's order, an order already paid or refunded, an unknown invoice) is never
 * lost: `charge +X` is posted under the transaction's key (the claim that makes duplicates stop here), the money goes
 * back through the provider's refund API, and `refund −X` follows. A refund that fails is retried by the
 * reconciliation.
 */
async function onPay(ctx: Ctx, n: Notification): Promise<CpCode> {
  const match = await matchOrder(ctx, n);
  const outcome = await transaction(ctx, async (ctx) => {
    const order = match.order && (await q.orderById(ctx.db, match.order.id, true));
    // An order made before the keys were set is the test cashier's, and so are its charges.
    const known = await q.chargeByTransaction(ctx.db, order?.provider ?? PROVIDER, n.transactionId);
    if (known?.status === 'succeeded' || known?.status === 'refunded') return { code: CP_CODE.ok, refund: false };
    const open = order?.status === 'new' || order?.status === 'pending';
    if (match.code === CP_CODE.ok && order && (open || (order.status === 'declined' && canHonour(ctx, order)))) {
      const result = {
        kind: 'success' as const,
        transactionId: n.transactionId,
        token: n.token || undefined,
        cardLast4: n.cardLast4 || undefined,
        cardType: n.cardType || undefined,
      };
      await paid(ctx, order, result, subscriptionOf(order));
      return { code: CP_CODE.ok, refund: false };
    }
    const code = match.code === CP_CODE.ok ? CP_CODE.refused : match.code;
    if (n.amount === null || n.amount <= 0) return { code: CP_CODE.amount, refund: false };
    // The payer's account when the payment names the order's reader, the site's own otherwise.
    const userId = order && n.accountId === String(order.user_id) ? order.user_id : null;
    const claimed = await postLedger(ctx, {
      userId,
      kind: 'charge',
      amount: n.amount,
      orderId: order?.id ?? null,
      idempotencyKey: paymentKey(n.transactionId),
      note: messages.paymentUnmatchedNote(n.transactionId),
    });
    return { code, refund: claimed, userId, orderId: order?.id ?? null };
  });
  if (outcome.refund && n.amount !== null)
    await refundPayment(ctx, n.transactionId, n.amount, outcome.userId ?? null, outcome.orderId ?? null);
  return outcome.code;
}

/** A recurring try's subscription (its order key names it), so a late payment of it extends, not replaces, it. */
function subscriptionOf(order: q.OrderRow): number | null {
  const m = /^recurring:(\d+):/.exec(order.idempotency_key ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * Pays an unmatched payment back through the provider and posts `refund −X` under the transaction's refund key (the
 * provider's own refund notification lands on the same key). A refusal is logged and left to the reconciliation.
 */
export async function refundPayment(
  ctx: Ctx,
  transactionId: string,
  amount: number,
  userId: number | null,
  orderId: number | null,
): Promise<boolean> {
  const provider = configuredProvider(ctx);
  try {
    if (!provider) throw new Error('no payment provider to refund through');
    await provider.refund(transactionId, amount);
  } catch (err) {
    ctx.log.error({ err, transactionId, amount }, 'refund of an unmatched payment failed; the reconciliation retries');
    return false;
  }
  await postLedger(ctx, {
    userId,
    kind: 'refund',
    amount: -amount,
    orderId,
    idempotencyKey: refundKey(transactionId),
    note: messages.paymentUnmatchedNote(transactionId),
  });
  return true;
}

/** Whether a provider transaction is settled here: a charge that went through, or an unmatched one paid back. */
export async function settledHere(ctx: Ctx, transactionId: string): Promise<'settled' | 'refund-due' | 'missing'> {
  const charge = await q.chargeByTransaction(ctx.db, PROVIDER, transactionId);
  if (charge?.status === 'succeeded' || charge?.status === 'refunded') return 'settled';
  const keys = await q.ledgerKeys(ctx.db, [paymentKey(transactionId), refundKey(transactionId)]);
  if (keys.has(refundKey(transactionId))) return 'settled';
  return keys.has(paymentKey(transactionId)) ? 'refund-due' : 'missing';
}

/**
 * A decline of the order's own attempt: the order waiting for this transaction (or not charged yet) is declined. A
 * decline of some other attempt, or of an order that is no longer waiting, changes nothing.
 */
async function onFail(ctx: Ctx, n: Notification): Promise<CpCode> {
  const { code, order } = await matchOrder(ctx, n);
  if (code !== CP_CODE.ok || !order) return code;
  return transaction(ctx, async (ctx) => {
    const locked = await q.orderById(ctx.db, order.id, true);
    const known = await q.chargeByTransaction(ctx.db, order.provider, n.transactionId);
    if (known && known.order_id !== order.id) return CP_CODE.invoice;
    if (known?.status === 'succeeded' || known?.status === 'refunded') return CP_CODE.refused;
    const waiting = locked?.status === 'new' || (locked?.status === 'pending' && known?.status === '3ds');
    if (!waiting) return CP_CODE.ok;
    const decline = { kind: 'declined' as const, transactionId: n.transactionId, reason: n.reason };
    const { charge } = await q.upsertCharge(ctx.db, chargeInput(order, decline, 'declined'));
    if (charge.status === '3ds') await q.setChargeStatus(ctx.db, charge.id, '3ds', 'declined', n.reason);
    await q.setOrderStatus(ctx.db, order.id, ['new', 'pending'], 'declined', ctx.now(), n.reason);
    return CP_CODE.ok;
  });
}

/**
 * A refund made at the provider (by us or in its dashboard): of a charge of ours, the whole sum, undoes the order;
 * of an unmatched payment we paid back, it records the refund if our call did not. Anything else is refused.
 */
async function onRefund(ctx: Ctx, n: Notification): Promise<CpCode> {
  const paidTx = n.paymentTransactionId || n.transactionId;
  const charge = await q.chargeByTransaction(ctx.db, PROVIDER, paidTx);
  if (!charge) {
    const keys = await q.ledgerKeys(ctx.db, [paymentKey(paidTx), refundKey(paidTx)]);
    if (!keys.has(paymentKey(paidTx))) return CP_CODE.invoice;
    if (n.amount === null) return CP_CODE.amount;
    if (!keys.has(refundKey(paidTx))) {
      const claim = expected(await q.ledgerOfKey(ctx.db, paymentKey(paidTx)), 'the payment entry just found');
      await postLedger(ctx, {
        userId: claim.user_id,
        kind: 'refund',
        amount: -n.amount,
        orderId: claim.order_id,
        idempotencyKey: refundKey(paidTx),
        note: messages.paymentUnmatchedNote(paidTx),
      });
    }
    return CP_CODE.ok;
  }
  const { code, order } = await matchOrder(ctx, n);
  if (code === CP_CODE.amount && order?.id === charge.order_id)
    ctx.log.error(
      { orderId: order.id, transactionId: paidTx, amount: n.amount },
      'a part of a payment was refunded at the provider; staff must settle it',
    );
  if (code !== CP_CODE.ok || !order) return code;
  if (charge.order_id !== order.id) return CP_CODE.invoice;
  if (charge.status !== 'succeeded' && charge.status !== 'refunded') return CP_CODE.refused;
  await transaction(ctx, (ctx) => refunded(ctx, order));
  return CP_CODE.ok;
}
