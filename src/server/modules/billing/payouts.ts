import type { Role } from '../../../shared/api.ts';
import type { SiteAccount } from '../../../shared/api/billing-admin.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { balanceOf, postLedger, siteAccount as siteLedger } from '../payments/index.ts';
import * as q from './queries.ts';

/** Money leaving and passing through: authors' payout requests, staff marking them paid, the site's own account. */

type Actor = { id: number; role: Role };

const SITE_ACCOUNT_PAGE = 50;

/**
 * Staff: the site's own account (`GET /admin/account`): its balance, its sums by kind, a page of its ledger rows
 * (editorial donations, refunds of them, the shortfalls of donation clawbacks), and beside it the money that passes
 * through the site: readers' card top-ups and authors' payouts.
 */
export async function siteAccount(ctx: Ctx, beforeId: number | null): Promise<SiteAccount> {
  const [account, payoutSums] = await Promise.all([
    siteLedger(ctx, beforeId, SITE_ACCOUNT_PAGE + 1),
    q.payoutTotals(ctx.db),
  ]);
  const page = account.rows.slice(0, SITE_ACCOUNT_PAGE);
  return {
    balance: account.balance,
    totals: account.totals.map((t) => ({ kind: t.kind, amount: t.amount, count: t.count })),
    items: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      note: r.note,
      order_id: r.order_id,
      created_at: r.created_at.toISOString(),
    })),
    next_before_id: account.rows.length > SITE_ACCOUNT_PAGE ? (page.at(-1)?.id ?? null) : null,
    topups: { received: account.topups.received, refunded: account.topups.refunded },
    payouts: { requested: payoutSums.requested, paid: payoutSums.paid },
  };
}

/**
 * An author asks to be paid collected donations: no more than received less paid and requested, nor than the
 * balance; the money leaves the balance at once (`donation −X`), staff mark the transfer done.
 */
export async function requestPayout(ctx: Ctx, author: Actor, amount: number) {
  return transaction(ctx, async (ctx) => {
    await q.lockUser(ctx.db, author.id);
    const totals = await q.donationTotals(ctx.db, author.id);
    const available = Math.min(totals.received - totals.paid_out - totals.requested, await balanceOf(ctx, author.id));
    if (amount > available) throw badRequest(messages.payoutTooLarge);
    const payout = await q.insertPayout(ctx.db, author.id, amount);
    await postLedger(ctx, {
      userId: author.id,
      kind: 'donation',
      amount: -amount,
      idempotencyKey: `payout:${payout.id}`,
      note: `Вывод донатов, заявка ${payout.id}`,
    });
    return { id: payout.id, amount, status: payout.status };
  });
}

export async function markPayoutPaid(ctx: Ctx, staff: Actor, id: number) {
  return transaction(ctx, async (ctx) => {
    const payout = await q.findPayout(ctx.db, id);
    if (!payout) throw notFound(messages.payoutNotFound);
    if (payout.status === 'paid') throw new ApiError(409, messages.payoutAlreadyPaid);
    await q.markPayoutPaid(ctx.db, id, staff.id, ctx.now());
    return { id, amount: payout.amount, status: 'paid' as const };
  });
}

export async function staffPayouts(ctx: Ctx) {
  return (await q.latestPayouts(ctx.db)).map((p) => ({
    id: p.id,
    author_id: p.authorId,
    amount: p.amount,
    status: p.status,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
  }));
}
