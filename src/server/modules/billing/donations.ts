import type { Role } from '../../../shared/api.ts';
import type { DonationsCabinet } from '../../../shared/api/billing.ts';
import type { SiteDonations } from '../../../shared/api/billing-admin.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { CreateResult } from '../../../shared/api/payments.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { balanceOf, payByCard, postLedger, type OrderRow } from '../payments/index.ts';
import type { CardInput } from './balance.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

/** Donations: to an entry's author or to the site, by card or from the balance, their refunds and the cabinets. */

type Actor = { id: number; role: Role };

export interface DonationInput {
  entryId: number;
  /** Kopecks. */
  amount: number;
  message: string;
}

/**
 * A paid donation moves money from the donor to the author: `donation −X` for the donor (after the card's
 * `charge +X`, or from the balance) and `donation +X` for the author. Keys make a repeat store nothing.
 */
async function settleDonation(ctx: Ctx, donation: q.DonationRow) {
  const note =
    donation.entryId === null ? messages.siteDonationDescription : messages.donationDescription(donation.entryId);
  if (donation.donorId !== null) {
    await postLedger(ctx, {
      userId: donation.donorId,
      kind: 'donation',
      amount: -donation.amount,
      orderId: donation.orderId,
      idempotencyKey: `donation:${donation.id}:out`,
      note,
    });
  }
  // No author: the site's own account (a row without a user).
  await postLedger(ctx, {
    userId: donation.authorId,
    kind: 'donation',
    amount: donation.amount,
    orderId: donation.orderId,
    idempotencyKey: `donation:${donation.id}:in`,
    note,
  });
  await q.setDonationStatus(ctx.db, donation.id, 'paid', ctx.now());
}

/**
 * A donation by card to an entry's author or, without an entry, to the site (editorial donations). The order keeps
 * the entry and the message; the donation row and its ledger rows appear when the card is charged (`onOrderPaid`).
 */
export async function donateByCard(
  ctx: Ctx,
  donor: UserRow,
  input: Omit<DonationInput, 'entryId'> & { entryId: number | null },
  card: CardInput,
): Promise<CreateResult> {
  let authorId: number | null = null;
  if (input.entryId !== null) {
    const entry = await q.donationEntry(ctx.db, input.entryId);
    policy.assertDonationTarget(entry, donor.id);
    authorId = entry.author_id;
  }
  return payByCard(ctx, donor, {
    kind: 'donation',
    stuffId: null,
    amount: input.amount,
    recipientId: authorId,
    ...card,
    description:
      input.entryId === null ? messages.siteDonationDescription : messages.donationDescription(input.entryId),
    meta: { entry_id: input.entryId, message: input.message },
  });
}

/**
 * A refunded donation order (staff, or the provider's notification): the money comes back from the author (or the
 * site) to the donor's account, whence payments sends it back to the card; the donation leaves the cabinet.
 *
 * Clawback: the author gives back what their balance holds, up to the donation (`refund −X`); an author who has
 * already been paid out, or spent it, never goes below zero: the rest is taken from the site's own account as a row of
 * its own (`refund −rest`, its note naming the author and the donation), so the donor is always paid back in full and
 * the loss shows on the staff's site-account page. The author is told what was taken. Under the author's row lock,
 * so a payout request at the same moment sees the balance after the clawback (or the clawback sees it after it).
 */
async function refundDonation(ctx: Ctx, order: OrderRow) {
  const donation = await q.donationByOrder(ctx.db, order.id);
  if (!donation || donation.status !== 'paid') return;
  const note = messages.donationRefundNote(donation.id);
  const authorId = donation.authorId;
  if (authorId !== null) await q.lockUser(ctx.db, authorId);
  const fromAuthor = await clawback(ctx, donation);
  if (fromAuthor > 0)
    await postLedger(ctx, {
      userId: authorId,
      kind: 'refund',
      amount: -fromAuthor,
      orderId: order.id,
      idempotencyKey: `donation:${donation.id}:refund-in`,
      note,
    });
  const shortfall = donation.amount - fromAuthor;
  if (authorId !== null && shortfall > 0)
    await postLedger(ctx, {
      userId: null,
      kind: 'refund',
      amount: -shortfall,
      orderId: order.id,
      idempotencyKey: `donation:${donation.id}:refund-shortfall`,
      note: messages.donationShortfallNote(donation.id, authorId),
    });
  if (authorId !== null)
    await enqueue(ctx, 'notify.system', {
      userId: authorId,
      text: messages.donationClawbackNotice(donation.amount, fromAuthor),
    });
  if (donation.donorId !== null)
    await postLedger(ctx, {
      userId: donation.donorId,
      kind: 'refund',
      amount: donation.amount,
      orderId: order.id,
      idempotencyKey: `donation:${donation.id}:refund-out`,
      note,
    });
  await q.setDonationStatus(ctx.db, donation.id, 'refunded', ctx.now());
}

/** What a refund takes back from the donation's author: all of it, or what their balance holds when less. */
async function clawback(ctx: Ctx, donation: { authorId: number | null; amount: number }) {
  if (donation.authorId === null) return donation.amount;
  return Math.min(donation.amount, Math.max(0, await balanceOf(ctx, donation.authorId)));
}

/** The part of a donation's refund the site's own account would cover, told to staff before they refund. */
async function donationSiteCovers(ctx: Ctx, order: OrderRow) {
  const donation = await q.donationByOrder(ctx.db, order.id);
  if (!donation || donation.status !== 'paid' || donation.authorId === null) return 0;
  return donation.amount - (await clawback(ctx, donation));
}

/**
 * A paid donation order: its donation row (once per order) and the money moved from the donor to the author; a
 * refund undoes it.
 */
export const donationOrders = {
  paid: async (ctx: Ctx, order: OrderRow) => {
    const meta = order.meta;
    const donation = await q.donationOfOrder(ctx.db, {
      entryId: meta.entry_id ?? null,
      authorId: order.recipient_id,
      donorId: order.user_id,
      amount: order.amount,
      message: meta.message ?? '',
      orderId: order.id,
    });
    await settleDonation(ctx, donation);
  },
  refunded: { undo: refundDonation, siteCovers: donationSiteCovers },
};

/** A donation to the site itself paid from the donor's balance. */
export async function donateToSiteFromBalance(ctx: Ctx, donor: Actor, amount: number, message: string) {
  return transaction(ctx, async (ctx) => {
    await q.lockUser(ctx.db, donor.id);
    const balance = await balanceOf(ctx, donor.id);
    if (balance < amount) throw new ApiError(400, messages.balanceTooLow, { balance });
    const donation = await q.insertDonation(ctx.db, {
      entryId: null,
      authorId: null,
      donorId: donor.id,
      amount,
      message,
    });
    await settleDonation(ctx, donation);
    return { id: donation.id, balance: balance - amount };
  });
}

/** A donation's donor as the cabinets show it; none when the account is gone. */
const donorOf = (d: { donor_id: number | null; donor_name: string | null; donor_slug: string | null }) =>
  d.donor_id !== null && d.donor_name !== null && d.donor_slug !== null
    ? { id: d.donor_id, name: d.donor_name, url: subsiteUrl({ id: d.donor_id, type: 'user', slug: d.donor_slug }) }
    : null;

/** Staff: the site's account (the sum of its ledger rows) and the editorial donations with their messages. */
export async function siteDonations(ctx: Ctx): Promise<SiteDonations> {
  const [total, items] = await Promise.all([balanceOf(ctx, null), q.siteDonations(ctx.db, 200)]);
  return {
    total,
    items: items.map((d) => ({
      id: d.id,
      amount: d.amount,
      message: d.message,
      donor: donorOf(d),
      created_at: d.paid_at.toISOString(),
    })),
  };
}

/** A donation paid from the donor's balance. */
export async function donateFromBalance(ctx: Ctx, donor: Actor, input: DonationInput) {
  return transaction(ctx, async (ctx) => {
    const entry = await q.donationEntry(ctx.db, input.entryId);
    policy.assertDonationTarget(entry, donor.id);
    await q.lockUser(ctx.db, donor.id);
    const balance = await balanceOf(ctx, donor.id);
    if (balance < input.amount) throw new ApiError(400, messages.balanceTooLow, { balance });
    const donation = await q.insertDonation(ctx.db, {
      entryId: input.entryId,
      authorId: entry.author_id,
      donorId: donor.id,
      amount: input.amount,
      message: input.message,
    });
    await settleDonation(ctx, donation);
    return { id: donation.id, balance: balance - input.amount };
  });
}

/** The author's donations cabinet: paid donations with their messages, totals and payout requests. */
export async function donationsCabinet(ctx: Ctx, author: Actor): Promise<DonationsCabinet> {
  const [items, totals, payouts] = await Promise.all([
    q.donationsOf(ctx.db, author.id),
    q.donationTotals(ctx.db, author.id),
    q.payoutsOf(ctx.db, author.id),
  ]);
  const available = totals.received - totals.paid_out - totals.requested;
  return {
    totals: {
      received: totals.received,
      paid_out: totals.paid_out,
      requested: totals.requested,
      available,
      count: totals.count,
    },
    items: items.map((d) => ({
      id: d.id,
      amount: d.amount,
      message: d.message,
      donor: donorOf(d),
      entry: { id: d.entry_id, title: d.entry_title, url: `/${d.entry_id}` },
      created_at: d.created_at.toISOString(),
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
      amount: p.amount,
      status: p.status,
      created_at: p.createdAt.toISOString(),
      paid_at: p.paidAt?.toISOString() ?? null,
    })),
  };
}
