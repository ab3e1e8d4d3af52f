import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import * as q from './queries.ts';
import { userWrites } from '../users/index.ts';

export type { LedgerInput, LedgerKind, LedgerRow } from './queries.ts';

/**
 * Posts one money movement (signed kopecks) inside the caller's transaction, or its own. The key makes it
 * idempotent: a repeated post stores nothing and answers false. A balance is the sum of a user's rows.
 */
export async function postLedger(ctx: Ctx, input: q.LedgerInput): Promise<boolean> {
  if (!Number.isSafeInteger(input.amount)) throw new Error(`ledger amount must be whole kopecks: ${input.amount}`);
  return transaction(ctx, (ctx) => q.insertLedger(ctx.db, input));
}

/** A user's balance in kopecks: the sum of their ledger rows (null: the site's own account). */
export async function balanceOf(ctx: Ctx, userId: number | null): Promise<number> {
  return q.balance(ctx.db, userId);
}

/**
 * The site's own account for staff: a page of its rows (newest first, below `beforeId`), its sums by kind and its
 * balance; and the readers' card top-ups, which pass through the site on their way to readers' balances.
 */
export async function siteAccount(ctx: Ctx, beforeId: number | null, limit: number) {
  const [rows, totals, balance, topups] = await Promise.all([
    q.siteLedger(ctx.db, beforeId, limit),
    q.siteLedgerTotals(ctx.db),
    q.balance(ctx.db, null),
    q.topupTotals(ctx.db),
  ]);
  return { rows, totals, balance, topups };
}

/**
 * Gives Plus for `days` more days (from its current end, or from now), inside the caller's transaction or its own.
 * Answers the new end of the paid period.
 */
export async function grantPlus(ctx: Ctx, userId: number, days: number): Promise<Date | null> {
  return transaction(ctx, (ctx) => userWrites.extendPlus(ctx.db, userId, days, ctx.now()));
}

/** Takes `days` of Plus back (a refund); Plus ends at once when the paid period is then over. */
export async function revokePlus(ctx: Ctx, userId: number, days: number): Promise<void> {
  await transaction(ctx, (ctx) => userWrites.shortenPlus(ctx.db, userId, days, ctx.now()));
}

/** Ends Plus of everyone whose paid period is over (the scheduled task); answers how many lost it. */
export async function expirePlus(ctx: Ctx): Promise<number> {
  return (await userWrites.expirePlus(ctx.db, ctx.now())).length;
}
