import { messages } from '../../../shared/catalogue.ts';
import type { BankInfo, PaymentItem, PlusStatus, StaffPaymentItem } from '../../../shared/api/payments.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { bankOf } from './banks.ts';
import { balanceOf } from './ledger.ts';
import * as q from './queries.ts';

/** What a reader and staff read: a card's bank, the reader's Plus and balance, the payment history. */

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
