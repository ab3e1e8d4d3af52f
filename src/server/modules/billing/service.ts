import type { Role } from '../../../shared/api.ts';
import {
  type CompanySuggestion,
  type DonationsCabinet,
  type InvoiceItem,
  type FeedBanner,
  type PromoItem,
  type SiteAccount,
  type SiteDonations,
  type Sponsor,
} from '../../../shared/billing.ts';
import type { CreateResult } from '../../../shared/payments.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { PRODUCTS, productOf, type Product } from '../../../shared/payments.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { perAppCache } from '../../lib/cache.ts';
import { SafeFetchError } from '../../lib/safe-fetch.ts';
import type { UserRow } from '../auth/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import {
  balanceOf,
  grantPlus,
  onOrderPaid,
  orderHolds,
  payByCard,
  postLedger,
  setPlusPricing,
  siteAccount as siteLedger,
  type OrderRow,
} from '../payments/index.ts';
import { invoiceNumber, invoicePdf } from './pdf.ts';
import * as policy from './policy.ts';
import { requireSeller, sellerRequisites } from './seller.ts';
import * as q from './queries.ts';
import { suggesterFor } from './suggest.ts';

type Actor = { id: number; role: Role };

const SUGGESTIONS = 10;

const discounted = (price: number, percent: number) => Math.round((price * (100 - percent)) / 100);

// ——— Invoices ———

/** Company suggestions for the invoice form; a failing outside service answers a Russian 502, the form stays usable. */
export async function suggestCompanies(ctx: Ctx, query: string): Promise<CompanySuggestion[]> {
  try {
    return await suggesterFor(ctx.config).suggest(ctx, query, SUGGESTIONS);
  } catch (err) {
    if (!(err instanceof SafeFetchError) && !(err instanceof SyntaxError) && (err as Error).name !== 'ZodError')
      throw err;
    ctx.log.warn({ err }, 'company suggestion failed');
    throw new ApiError(502, messages.companySuggestFailed);
  }
}

/** Products an invoice can buy: the one-off periods (the monthly recurring tariff charges a card). */
export function invoiceProduct(stuffId: number): Product {
  const product = productOf(stuffId);
  if (!product) throw badRequest(messages.stuffInvalid);
  if (product.recurring) throw badRequest(messages.stuffNotForInvoice);
  return product;
}

export interface InvoiceInput {
  stuffId: number;
  inn: string;
  kpp: string;
  name: string;
  address: string;
  email: string;
}

const pdfUrl = (id: number) => `/tools/bills/${id}/invoice.pdf`;

const invoiceItem = (r: q.InvoiceRow): InvoiceItem => ({
  id: r.id,
  number: invoiceNumber(r.id),
  stuff_id: r.stuffId,
  amount: r.amount,
  company: { value: r.companyName, inn: r.inn, kpp: r.kpp, address: r.address },
  email: r.email,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  paid_at: r.paidAt?.toISOString() ?? null,
  pdf_url: pdfUrl(r.id),
});

/** `/tools/bills/store`: stores the invoice at the product's price and answers where its PDF is. */
export async function createInvoice(ctx: Ctx, user: Actor, input: InvoiceInput): Promise<string> {
  const product = invoiceProduct(input.stuffId);
  await requireSeller(ctx);
  const row = await transaction(ctx, (ctx) =>
    q.insertInvoice(ctx.db, {
      userId: user.id,
      stuffId: product.stuff_id,
      amount: product.price,
      inn: input.inn,
      kpp: input.kpp,
      companyName: input.name,
      address: input.address,
      email: input.email,
    }),
  );
  return pdfUrl(row.id);
}

/** The PDF of an invoice, for its buyer and staff. */
export async function invoiceFile(ctx: Ctx, user: Actor, id: number): Promise<{ name: string; pdf: Uint8Array }> {
  const invoice = await q.findInvoice(ctx.db, id);
  policy.assertInvoiceVisible(invoice, user);
  const name = ui.billing.plus.products[invoice.stuffId] ?? '';
  return { name: `invoice-${invoice.id}.pdf`, pdf: await invoicePdf(invoice, name, await requireSeller(ctx)) };
}

export async function myInvoices(ctx: Ctx, user: Actor): Promise<InvoiceItem[]> {
  return (await q.invoicesOf(ctx.db, user.id)).map(invoiceItem);
}

export async function staffInvoices(ctx: Ctx, status: 'issued' | 'paid' | null): Promise<InvoiceItem[]> {
  return (await q.latestInvoices(ctx.db, status)).map(invoiceItem);
}

/**
 * Staff saw the money arrive: the invoice is paid, its Plus granted, and the ledger tells it as a card payment does
 * (`charge +X`, then `order −X`). The keys make a second click store nothing; the lock makes it answer "already paid".
 */
export async function markInvoicePaid(ctx: Ctx, staff: Actor, id: number): Promise<InvoiceItem> {
  return transaction(ctx, async (ctx) => {
    const invoice = await q.findInvoice(ctx.db, id, true);
    if (!invoice) throw notFound(messages.invoiceNotFound);
    if (invoice.status === 'paid') throw new ApiError(409, messages.invoiceAlreadyPaid);
    const product = invoiceProduct(invoice.stuffId);
    const now = ctx.now();
    const note = `Счёт ${invoiceNumber(invoice.id)}`;
    await postLedger(ctx, {
      userId: invoice.userId,
      kind: 'charge',
      amount: invoice.amount,
      idempotencyKey: `invoice:${invoice.id}:charge`,
      note,
    });
    await postLedger(ctx, {
      userId: invoice.userId,
      kind: 'order',
      amount: -invoice.amount,
      idempotencyKey: `invoice:${invoice.id}:order`,
      note,
    });
    await grantPlus(ctx, invoice.userId, product.days);
    await q.markInvoicePaid(ctx.db, invoice.id, staff.id, now);
    return invoiceItem({ ...invoice, status: 'paid', paidAt: now, paidById: staff.id });
  });
}

// ——— /plus ———

const sponsorItem = (r: Awaited<ReturnType<typeof q.sponsors>>[number]): Sponsor => ({
  url: subsiteUrl(r),
  name: r.name,
  avatar: r.avatar_url,
});

/** `GET /plus/sponsors/{count}`: people with Plus for the avatar grid. */
export async function sponsors(ctx: Ctx, count: number): Promise<Sponsor[]> {
  return (await q.sponsors(ctx.db, count)).map(sponsorItem);
}

/** What /plus shows: the products with their prices, how many have Plus, the reader's balance and discount. */
export async function plusPage(ctx: Ctx, user: Actor | null, sponsorsCount: number) {
  const [items, total, balance, discount] = await Promise.all([
    sponsors(ctx, sponsorsCount),
    q.sponsorsCount(ctx.db),
    user ? balanceOf(ctx, user.id) : Promise.resolve(0),
    user ? q.pendingDiscount(ctx.db, user.id) : Promise.resolve(undefined),
  ]);
  return {
    products: PRODUCTS.map((p) => ({ ...p })),
    invoice_available: (await sellerRequisites(ctx)) !== null,
    sponsors: items,
    sponsors_count: total,
    balance,
    discount: discount?.discount ?? 0,
  };
}

// ——— Promo codes ———

const promoItem = (p: q.PromoRow): PromoItem => ({
  id: p.id,
  code: p.code,
  days: p.days,
  discount: p.discount,
  max_uses: p.maxUses,
  uses: p.uses,
  expires_at: p.expiresAt?.toISOString() ?? null,
});

export interface PromoInput {
  code: string;
  days: number;
  discount: number;
  maxUses: number;
  expiresAt: Date | null;
}

/** `POST /private/digest/promo/store`: staff make a code; the answer is the /plus address that applies it. */
export async function createPromo(ctx: Ctx, staff: Actor, input: PromoInput) {
  if (input.days > 0 === input.discount > 0) throw badRequest(messages.promoKindInvalid);
  if (input.expiresAt && input.expiresAt <= ctx.now()) throw badRequest(messages.promoExpiryInvalid);
  const row = await transaction(ctx, (ctx) =>
    q.insertPromo(ctx.db, {
      code: input.code,
      days: input.days,
      discount: input.discount,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt,
      createdById: staff.id,
    }),
  );
  if (!row) throw new ApiError(409, messages.promoCodeTaken);
  return { promo: promoItem(row), redirect_url: `/plus?promo=${encodeURIComponent(row.code)}` };
}

export async function promoList(ctx: Ctx): Promise<PromoItem[]> {
  return (await q.latestPromos(ctx.db)).map(promoItem);
}

/**
 * Redeems a code for the signed-in reader, once per account and within its uses and expiry (the row lock makes the
 * last use go to one of two racing readers). A days code grants Plus at once, with a `promo` ledger row of 0 ₽; a
 * discount waits for the next purchase (`discountFor`).
 */
export async function redeemPromo(ctx: Ctx, user: Actor, code: string) {
  return transaction(ctx, async (ctx) => {
    const now = ctx.now();
    const promo = await q.findPromoForUpdate(ctx.db, code);
    policy.assertPromoUsable(promo, now);
    const fresh = await q.insertRedemption(ctx.db, promo.id, user.id, promo.days > 0 ? now : null);
    if (!fresh) throw badRequest(messages.promoAlreadyUsed);
    let paidUntil: Date | null = null;
    if (promo.days > 0) {
      await postLedger(ctx, {
        userId: user.id,
        kind: 'promo',
        amount: 0,
        idempotencyKey: `promo:${promo.id}:${user.id}`,
        note: `Промокод ${promo.code}: ${promo.days} дн. Плюса`,
      });
      paidUntil = await grantPlus(ctx, user.id, promo.days);
    }
    return {
      days: promo.days,
      discount: promo.discount,
      paid_until: paidUntil?.toISOString() ?? null,
      message: promo.days > 0 ? messages.promoApplied(promo.days) : messages.promoDiscountApplied(promo.discount),
    };
  });
}

/**
 * The price a purchase costs this reader after a redeemed discount code, and the call that spends the code: the
 * payments module calls `spend` in the transaction that marks the order paid.
 */
export async function discountFor(ctx: Ctx, userId: number, price: number) {
  const pending = await q.pendingDiscount(ctx.db, userId);
  // A card order waiting for its payment holds this discount: this purchase goes at the full price.
  if (!pending || !(await freeToTake(ctx, pending.code_id, userId, null)))
    return { price, discount: 0, spend: async () => {} };
  return {
    price: discounted(price, pending.discount),
    discount: pending.discount,
    spend: (tx: Ctx) => q.consumeDiscount(tx.db, pending.code_id, userId, tx.now()),
  };
}

/**
 * A discount at card checkout (the buy popup): a typed code is taken for this account under the code's row lock
 * (one use per account, counted now, so the last use cannot be promised to two readers); without one, a discount
 * redeemed before applies. The order records the code; the transaction that marks it paid spends it, once.
 */
async function cardPrice(ctx: Ctx, userId: number, product: Product, code: string | null) {
  const price = product.price;
  // The monthly tariff renews at its full price; discounts are for the one-off periods (as /plus shows them).
  if (product.recurring) {
    if (code) throw badRequest(messages.promoNotForRecurring);
    return { amount: price, promo: null };
  }
  const applied = code
    ? await transaction(ctx, async (ctx) => {
        const { promo, taken } = await usableDiscount(ctx, await q.findPromoForUpdate(ctx.db, code), userId);
        if (!taken) await q.insertRedemption(ctx.db, promo.id, userId, null);
        return { code_id: promo.id, code: promo.code, discount: promo.discount };
      })
    : await q.pendingDiscount(ctx.db, userId);
  if (!applied) return { amount: price, promo: null };
  return {
    amount: discounted(price, applied.discount),
    promo: { id: applied.code_id, code: applied.code, discount: applied.discount },
  };
}

/**
 * Whether this discount is free for `orderId` (null: a purchase from the balance) to take, asked under the
 * redemption's row lock so parallel purchases decide one after another: not spent, and held by no other order that
 * may still be paid (a declined or expired order lets it go).
 */
async function freeToTake(ctx: Ctx, codeId: number, userId: number, orderId: number | null) {
  const row = await q.lockRedemption(ctx.db, codeId, userId);
  if (!row || row.consumedAt) return false;
  return row.orderId === null || row.orderId === orderId || !(await orderHolds(ctx, row.orderId));
}

setPlusPricing({
  price: cardPrice,
  hold: async (ctx, order, promoId) => {
    if (!(await freeToTake(ctx, promoId, order.user_id, order.id))) throw new ApiError(409, messages.promoHeld);
    await q.holdRedemption(ctx.db, promoId, order.user_id, order.id);
  },
  spend: (ctx, order, promoId) => q.consumeDiscount(ctx.db, promoId, order.user_id, ctx.now(), order.id),
});

/** `POST /payments/promo/quote`: what a product costs this reader with a typed code (nothing is taken yet). */
export async function quotePromo(ctx: Ctx, user: Actor, stuffId: number, code: string | null) {
  const product = productOf(stuffId);
  if (!product) throw badRequest(messages.stuffInvalid);
  if (product.recurring && code) throw badRequest(messages.promoNotForRecurring);
  const discount = product.recurring
    ? 0
    : code
      ? (await usableDiscount(ctx, await q.findPromo(ctx.db, code), user.id)).promo.discount
      : ((await q.pendingDiscount(ctx.db, user.id))?.discount ?? 0);
  return { price: discounted(product.price, discount), full_price: product.price, discount };
}

/** A typed discount code this reader may spend: theirs already (not spent), or one with uses left. */
async function usableDiscount(ctx: Ctx, promo: q.PromoRow | undefined, userId: number) {
  if (!promo) throw notFound(messages.promoNotFound);
  if (promo.discount === 0) throw badRequest(messages.promoNotDiscount);
  const mine = await q.findRedemption(ctx.db, promo.id, userId);
  if (mine?.consumedAt) throw badRequest(messages.promoAlreadyUsed);
  if (!mine) policy.assertPromoUsable(promo, ctx.now());
  return { promo, taken: mine !== undefined };
}

// ——— Balance ———

/** Pays a Plus period from the balance: one `order −X` row (after a redeemed discount) and the days of Plus. */
export async function payPlusFromBalance(ctx: Ctx, user: Actor, stuffId: number) {
  const product = invoiceProduct(stuffId);
  return transaction(ctx, async (ctx) => {
    await q.lockUser(ctx.db, user.id);
    const { price, spend } = await discountFor(ctx, user.id, product.price);
    const balance = await balanceOf(ctx, user.id);
    if (balance < price) throw new ApiError(400, messages.balanceTooLow, { balance });
    await postLedger(ctx, {
      userId: user.id,
      kind: 'order',
      amount: -price,
      idempotencyKey: `balance:${user.id}:${crypto.randomUUID()}`,
      note: ui.billing.plus.products[product.stuff_id],
    });
    await spend(ctx);
    const paidUntil = await grantPlus(ctx, user.id, product.days);
    return { balance: balance - price, paid_until: paidUntil?.toISOString() ?? null };
  });
}

export async function balance(ctx: Ctx, user: Actor) {
  return { balance: await balanceOf(ctx, user.id) };
}

/** The card part of a payment from a form: the email for the receipt, the order from `prepare`, its cryptogram. */
export interface CardInput {
  email: string;
  order: string;
  cryptogram: string;
  ip: string;
}

/**
 * A balance top-up by card (in kopecks, `TOPUP_MIN…TOPUP_MAX` roubles): payments' `charge +X` is the whole movement, so
 * the balance grows by the amount once the card (and 3-D Secure) goes through.
 */
export async function topUpByCard(ctx: Ctx, user: UserRow, amount: number, card: CardInput): Promise<CreateResult> {
  return payByCard(ctx, user, {
    kind: 'topup',
    stuffId: null,
    amount,
    recipientId: null,
    ...card,
    description: messages.topupDescription,
  });
}

// ——— Donations ———

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
onOrderPaid(
  'donation',
  async (ctx: Ctx, order: OrderRow) => {
    const meta = order.meta as { entry_id?: number | null; message?: string };
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
  { undo: refundDonation, siteCovers: donationSiteCovers },
);

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

// ——— Perks: the feed banner, hiding it, entries hidden for Plus ———

/** The banner of the feed for this reader: none when there is none, or when a Plus reader chose to hide ads. */
export async function feedBanner(ctx: Ctx, user: Actor | null): Promise<FeedBanner | null> {
  const banner = await storedBanner(ctx);
  if (!banner || (user && (await q.hidesAds(ctx.db, user.id)))) return null;
  return banner;
}

/** The banner is read by every feed page: kept a few seconds, dropped at once by a write on this node. */
const bannerCache = perAppCache<FeedBanner | null>(5000, 1, { dropOnWrite: true });

export function storedBanner(ctx: Ctx): Promise<FeedBanner | null> {
  return bannerCache(ctx).get('banner', async () => (await q.banner(ctx.db)) as FeedBanner | null);
}

/** Staff set (or, with null, remove) the feed banner: a picture, its link and its text. */
export async function setFeedBanner(ctx: Ctx, banner: FeedBanner | null) {
  await transaction(ctx, (ctx) => q.setBanner(ctx.db, banner));
  return { banner };
}

export async function adsSettings(ctx: Ctx, user: Actor) {
  return { hide_ads: await q.hidesAds(ctx.db, user.id), has_banner: (await q.banner(ctx.db)) !== null };
}

/** A Plus reader hides (or shows again) the feed banner; the route's `plus` access answers 402 to others. */
export async function setHideAds(ctx: Ctx, user: Actor, hide: boolean) {
  await transaction(ctx, (ctx) => q.setHideAds(ctx.db, user.id, hide));
  return adsSettings(ctx, user);
}

/** Staff hide an entry from the feeds of Plus readers (or show it again). */
export async function setHiddenForPlus(ctx: Ctx, entryId: number, hidden: boolean) {
  if (!(await transaction(ctx, (ctx) => q.setHiddenForPlus(ctx.db, entryId, hidden))))
    throw notFound(messages.entryNotFound);
  return { id: entryId, is_hidden_for_plus: hidden };
}
