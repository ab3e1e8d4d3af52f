import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import type { CreateResult } from '../../../shared/api/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import type { UserRow } from '../auth/index.ts';
import * as billing from '../billing/service.ts';
import * as discovery from '../discovery/service.ts';
import { onOrderPaid, payByCard, postLedger, type OrderRow } from '../payments/index.ts';
import * as subsites from '../subsites/service.ts';
import * as pq from './promotion-queries.ts';

/**
 * A company's promotion balance topped up from its cabinet by a manager (its creator or admins): from their own balance
 * (`order −X` and the company's balance `+X` in one transaction) or by card, an order of kind `promotion` whose amount
 * and company the server stores: when the provider (or the test cashier) reports it paid, payments posts `charge +X`
 * once per order and this module's handler moves it on (`order −X`, the company `+X`, the audit row), so a repeated
 * notification changes nothing and one for another sum is refused by payments' checks against the stored order.
 */

type Actor = Pick<UserRow, 'id' | 'role'>;

export async function topUpFromBalance(ctx: Ctx, user: Actor, subsiteId: number, amount: number) {
  const company = await discovery.managedCompany(ctx, user, subsiteId);
  return transaction(ctx, async (ctx) => {
    const balance = await billing.spendBalance(
      ctx,
      user.id,
      amount,
      `promotion:${crypto.randomUUID()}`,
      messages.promotionTopupNote(company.name),
    );
    await discovery.movePromotion(ctx, subsiteId, amount);
    await pq.insertTopup(ctx.db, { subsiteId, userId: user.id, amount, source: 'balance', orderId: null });
    return { balance, promotion_balance: (await discovery.promotionOf(ctx, subsiteId)) ?? 0 };
  });
}

export async function topUpByCard(
  ctx: Ctx,
  user: UserRow,
  subsiteId: number,
  amount: number,
  card: { email: string; order: string; cryptogram: string; ip: string },
): Promise<CreateResult> {
  const company = await discovery.managedCompany(ctx, user, subsiteId);
  return payByCard(ctx, user, {
    kind: 'promotion',
    stuffId: null,
    amount,
    recipientId: null,
    ...card,
    description: messages.promotionTopupNote(company.name),
    meta: { subsite_id: subsiteId },
  });
}

/**
 * A paid `promotion` order, inside the payment's transaction (payments has posted `charge +X` to the payer). Who may
 * top the company up was checked as the order was made (its creator, admins or the site's admins); the order names
 * the company and the sum, so the notification's fields never choose them.
 */
async function paid(ctx: Ctx, order: OrderRow) {
  const subsiteId = order.meta.subsite_id;
  if (subsiteId === undefined || order.user_id === null) return;
  const input = { subsiteId, userId: order.user_id, amount: order.amount, source: 'card', orderId: order.id } as const;
  if (!(await pq.insertTopup(ctx.db, input))) return;
  const company = await subsites.byId(ctx, subsiteId);
  await postLedger(ctx, {
    userId: order.user_id,
    kind: 'order',
    amount: -order.amount,
    orderId: order.id,
    idempotencyKey: `promotion-order:${order.id}`,
    note: messages.promotionTopupNote(company?.name ?? ''),
  });
  await discovery.movePromotion(ctx, subsiteId, order.amount);
}

/** What of a refunded card top-up is still on the company's balance goes back to the payer's (then to the card). */
async function takeBack(ctx: Ctx, order: OrderRow) {
  const subsiteId = order.meta.subsite_id;
  if (subsiteId === undefined || !(await pq.cardTopup(ctx.db, order.id))) return 0;
  return Math.min(order.amount, (await discovery.promotionOf(ctx, subsiteId)) ?? 0);
}

const refunded = {
  async undo(ctx: Ctx, order: OrderRow) {
    const amount = await takeBack(ctx, order);
    const subsiteId = order.meta.subsite_id;
    if (subsiteId === undefined || amount <= 0) return;
    // The refund's row first (one per order): a second call finds it and moves nothing again.
    const input = { subsiteId, userId: order.user_id, amount: -amount, source: 'refund', orderId: order.id } as const;
    if (!(await pq.insertTopup(ctx.db, input))) return;
    // Spent between the read and now (a booster bought meanwhile): the refund's transaction is undone whole.
    if (!(await discovery.movePromotion(ctx, subsiteId, -amount)))
      throw new Error(`promotion refund ${order.id}: balance moved`);
    await postLedger(ctx, {
      userId: order.user_id,
      kind: 'refund',
      amount,
      orderId: order.id,
      idempotencyKey: `promotion-refund:${order.id}`,
      note: messages.promotionRefundNote,
    });
  },
  /** What the company has already spent on boosters is not taken back: the site's own account covers it. */
  async siteCovers(ctx: Ctx, order: OrderRow) {
    return (await pq.cardTopup(ctx.db, order.id)) ? order.amount - (await takeBack(ctx, order)) : 0;
  },
};

/** As the app starts (module.ts): what a paid and a refunded `promotion` order do. */
export const registerPromotion = (ctx: Ctx) => onOrderPaid(ctx, 'promotion', paid, refunded);

/** The cabinet's last top-ups (managers only). */
export async function topups(ctx: Ctx, user: Actor, subsiteId: number) {
  await discovery.managedCompany(ctx, user, subsiteId);
  const rows = await pq.topupsOf(ctx.db, subsiteId);
  return {
    items: rows.map((r) => ({ amount: r.amount, source: r.source, created_at: r.createdAt.toISOString() })),
  };
}
