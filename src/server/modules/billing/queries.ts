import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { claimMeta, deleteMeta, readMeta, writeMeta } from '../../db/meta.ts';
import { col, firstRow, jsonObject, rows } from '../../db/rows.ts';
import type { FeedBanner } from '../../../shared/api/billing-admin.ts';
import type { SellerRequisites } from '../../../shared/requisites.ts';
import { storedBlocks } from '../../../shared/blocks.ts';
import { donations, invoices, payouts, plusSettings, promoCodes, promoRedemptions } from '../../db/schema.ts';

// ——— Invoices ———

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

export async function insertInvoice(db: Db, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row;
}

export async function findInvoice(db: Db, id: number, forUpdate = false): Promise<InvoiceRow | undefined> {
  const q = db.select().from(invoices).where(eq(invoices.id, id));
  return (await (forUpdate ? q.for('update') : q))[0];
}

export const invoicesOf = (db: Db, userId: number) =>
  db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.id)).limit(100);

export const latestInvoices = (db: Db, status: 'issued' | 'paid' | null) =>
  db
    .select()
    .from(invoices)
    .where(status ? eq(invoices.status, status) : undefined)
    .orderBy(desc(invoices.id))
    .limit(200);

export async function markInvoicePaid(db: Db, id: number, byId: number, at: Date) {
  await db.update(invoices).set({ status: 'paid', paidAt: at, paidById: byId }).where(eq(invoices.id, id));
}

const CompanyRow = z.object({ value: col.text, inn: col.text, kpp: col.text, address: col.text });

/** Companies this site has invoiced, newest details per INN, matched by INN prefix or a piece of the name. */
export async function knownCompanies(db: Db, query: string, limit: number) {
  const escaped = query.replace(/[\\%_]/g, (c) => `\\${c}`);
  return rows(
    db,
    CompanyRow,
    sql`
    select value, inn, kpp, address from (
      select distinct on (inn, kpp) company_name as value, inn, kpp, address, id
        from invoices
       where inn like ${`${escaped}%`} or company_name ilike ${`%${escaped}%`}
       order by inn, kpp, id desc
    ) c order by id desc limit ${limit}`,
  );
}

// ——— Sponsors ———

const SponsorRow = z.object({
  id: col.int,
  type: col.text,
  slug: col.text,
  name: col.text,
  avatar_url: col.text.nullable(),
});

/** People with Plus, the longest-standing first (their Plus ends latest). */
export async function sponsors(db: Db, limit: number) {
  return rows(
    db,
    SponsorRow,
    sql`
    select s.id, s.type, s.slug, s.name, s.avatar_url
      from users u join subsites s on s.id = u.id
     where u.is_paid
     order by u.paid_until desc nulls first, u.id
     limit ${limit}`,
  );
}

export async function sponsorsCount(db: Db): Promise<number> {
  const row = await firstRow(db, z.object({ n: col.int }), sql`select count(*) as n from users where is_paid`);
  return row?.n ?? 0;
}

// ——— Promo codes ———

export type PromoRow = typeof promoCodes.$inferSelect;

export async function insertPromo(db: Db, values: typeof promoCodes.$inferInsert): Promise<PromoRow | undefined> {
  const [row] = await db.insert(promoCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPromoForUpdate(db: Db, code: string): Promise<PromoRow | undefined> {
  return (await db.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update'))[0];
}

export async function findPromo(db: Db, code: string): Promise<PromoRow | undefined> {
  return (await db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0];
}

export const latestPromos = (db: Db) => db.select().from(promoCodes).orderBy(desc(promoCodes.id)).limit(200);

/** One use per account: false when this account has used the code already. */
export async function insertRedemption(db: Db, codeId: number, userId: number, consumed: Date | null) {
  const done = await db
    .insert(promoRedemptions)
    .values({ codeId, userId, consumedAt: consumed })
    .onConflictDoNothing()
    .returning({ codeId: promoRedemptions.codeId });
  if (!done.length) return false;
  await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.id, codeId));
  return true;
}

const DiscountRow = z.object({ code_id: col.int, code: col.text, discount: col.int });

/** The best discount a user redeemed and has not spent yet. */
export async function pendingDiscount(db: Db, userId: number) {
  return firstRow(
    db,
    DiscountRow,
    sql`
    select r.code_id, p.code, p.discount from promo_redemptions r join promo_codes p on p.id = r.code_id
     where r.user_id = ${userId} and r.consumed_at is null and p.discount > 0
     order by p.discount desc limit 1`,
  );
}

/** Spends a waiting discount (once: a spent one is left as it is), recording the card order that spent it. */
export async function consumeDiscount(db: Db, codeId: number, userId: number, at: Date, orderId: number | null = null) {
  await db
    .update(promoRedemptions)
    .set({ consumedAt: at, orderId })
    .where(
      and(
        eq(promoRedemptions.codeId, codeId),
        eq(promoRedemptions.userId, userId),
        sql`${promoRedemptions.consumedAt} is null`,
      ),
    );
}

/** The redemption row under its lock: whoever holds or spends the discount decides while others wait. */
export async function lockRedemption(db: Db, codeId: number, userId: number) {
  return (
    await db
      .select()
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.codeId, codeId), eq(promoRedemptions.userId, userId)))
      .for('update')
  )[0];
}

/** The card order that holds a discount until it is paid (then `consumeDiscount` spends it) or ends. */
export async function holdRedemption(db: Db, codeId: number, userId: number, orderId: number) {
  await db
    .update(promoRedemptions)
    .set({ orderId })
    .where(and(eq(promoRedemptions.codeId, codeId), eq(promoRedemptions.userId, userId)));
}

export async function findRedemption(db: Db, codeId: number, userId: number) {
  return (
    await db
      .select()
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.codeId, codeId), eq(promoRedemptions.userId, userId)))
  )[0];
}

// ——— Donations and payouts ———

const DonationEntryRow = z.object({
  id: col.int,
  author_id: col.int,
  is_published: col.bool,
  removed: col.bool,
  is_show_thanks: col.bool,
  blocks: storedBlocks,
});

export async function donationEntry(db: Db, id: number) {
  return firstRow(
    db,
    DonationEntryRow,
    sql`select id, author_id, is_published, removed, is_show_thanks, blocks from entries where id = ${id}`,
  );
}

export type DonationRow = typeof donations.$inferSelect;

export async function insertDonation(db: Db, values: typeof donations.$inferInsert) {
  const [row] = await db.insert(donations).values(values).returning();
  return row;
}

export async function donationByOrder(db: Db, orderId: number) {
  return (await db.select().from(donations).where(eq(donations.orderId, orderId)).for('update'))[0];
}

/** The donation a paid card order makes, once: a second call for the order finds the first row. */
export async function donationOfOrder(db: Db, values: typeof donations.$inferInsert & { orderId: number }) {
  const [row] = await db
    .insert(donations)
    .values(values)
    .onConflictDoNothing({ target: donations.orderId })
    .returning();
  return row ?? (await db.select().from(donations).where(eq(donations.orderId, values.orderId)))[0];
}

const SiteDonationRow = z.object({
  id: col.int,
  amount: col.int,
  message: col.text,
  paid_at: col.date,
  donor_id: col.int.nullable(),
  donor_name: col.text.nullable(),
  donor_slug: col.text.nullable(),
});

/** Editorial donations (to the site itself), newest first. */
export async function siteDonations(db: Db, limit: number) {
  return rows(
    db,
    SiteDonationRow,
    sql`
    select d.id, d.amount, d.message, d.paid_at, s.id as donor_id, s.name as donor_name, s.slug as donor_slug
      from donations d left join subsites s on s.id = d.donor_id
     where d.author_id is null and d.status = 'paid'
     order by d.id desc limit ${limit}`,
  );
}

// ——— Perks: the feed banner and hiding it ———

const BANNER_KEY = 'feed_banner';

export const banner = async (db: Db) =>
  jsonObject<FeedBanner>()
    .nullable()
    .parse(await readMeta(db, BANNER_KEY));

export async function setBanner(db: Db, value: unknown | null) {
  if (value === null) await deleteMeta(db, BANNER_KEY);
  else await writeMeta(db, BANNER_KEY, value);
}

const SELLER_KEY = 'seller_requisites';

/** The seller's requisites for invoices, as the superuser saved them; null before. */
export const sellerRequisites = async (db: Db) =>
  jsonObject<SellerRequisites>()
    .nullable()
    .parse(await readMeta(db, SELLER_KEY));

export async function setSellerRequisites(db: Db, value: unknown) {
  await writeMeta(db, SELLER_KEY, value);
  await deleteMeta(db, SELLER_NOTICE_KEY);
}

const SELLER_NOTICE_KEY = 'seller_requisites_missing_told';

/** True once until the requisites are saved: the superusers are told of a refused invoice one time, not per try. */
export const claimSellerNotice = (db: Db, now: Date) => claimMeta(db, SELLER_NOTICE_KEY, now.toISOString());

/** The accounts that run the site (superusers), told when a customer could not get an invoice. */
export async function superuserIds(db: Db): Promise<number[]> {
  return (await rows(db, z.object({ id: col.int }), sql`select id from users where role = 'superuser'`)).map(
    (r) => r.id,
  );
}

/** Whether this reader hides the banner: only while they have Plus. */
export async function hidesAds(db: Db, userId: number): Promise<boolean> {
  const row = await firstRow(
    db,
    z.object({ hide: col.bool }),
    sql`select p.hide_ads and u.is_paid as hide from plus_settings p join users u on u.id = p.user_id where p.user_id = ${userId}`,
  );
  return row?.hide ?? false;
}

export async function setHideAds(db: Db, userId: number, hide: boolean) {
  await db
    .insert(plusSettings)
    .values({ userId, hideAds: hide })
    .onConflictDoUpdate({ target: plusSettings.userId, set: { hideAds: hide } });
}

export async function setDonationStatus(db: Db, id: number, status: 'paid' | 'failed' | 'refunded', at: Date) {
  await db
    .update(donations)
    // A refunded donation keeps the date it was paid.
    .set({ status, paidAt: status === 'paid' ? at : status === 'refunded' ? undefined : null })
    .where(eq(donations.id, id));
}

const DonationItemRow = z.object({
  id: col.int,
  amount: col.int,
  message: col.text,
  created_at: col.date,
  entry_id: col.int,
  entry_title: col.text,
  donor_id: col.int.nullable(),
  donor_name: col.text.nullable(),
  donor_slug: col.text.nullable(),
});

export async function donationsOf(db: Db, authorId: number) {
  return rows(
    db,
    DonationItemRow,
    sql`
    select d.id, d.amount, d.message, d.paid_at as created_at, e.id as entry_id, e.title as entry_title,
           s.id as donor_id, s.name as donor_name, s.slug as donor_slug
      from donations d join entries e on e.id = d.entry_id left join subsites s on s.id = d.donor_id
     where d.author_id = ${authorId} and d.status = 'paid'
     order by d.id desc limit 200`,
  );
}

const TotalsRow = z.object({ received: col.int, count: col.int, paid_out: col.int, requested: col.int });

export async function donationTotals(db: Db, authorId: number) {
  const row = await firstRow(
    db,
    TotalsRow,
    sql`
    select coalesce((select sum(amount) from donations where author_id = ${authorId} and status = 'paid'), 0) as received,
           (select count(*) from donations where author_id = ${authorId} and status = 'paid') as count,
           coalesce((select sum(amount) from payouts where author_id = ${authorId} and status = 'paid'), 0) as paid_out,
           coalesce((select sum(amount) from payouts where author_id = ${authorId} and status = 'requested'), 0) as requested`,
  );
  return row ?? { received: 0, count: 0, paid_out: 0, requested: 0 };
}

/** Authors' payout requests, summed by state (staff's view of the site's money). */
export async function payoutTotals(db: Db): Promise<{ requested: number; paid: number }> {
  const r = await firstRow(
    db,
    z.object({ requested: col.int, paid: col.int }),
    sql`select coalesce(sum(amount) filter (where status = 'requested'), 0) as requested,
               coalesce(sum(amount) filter (where status = 'paid'), 0) as paid
          from payouts`,
  );
  return r ?? { requested: 0, paid: 0 };
}

/** Serialises one account's spending (two requests at once must not both pass the balance check). */
export async function lockUser(db: Db, userId: number) {
  await rows(db, z.object({ id: col.int }), sql`select id from users where id = ${userId} for update`);
}

export async function insertPayout(db: Db, authorId: number, amount: number) {
  const [row] = await db.insert(payouts).values({ authorId, amount }).returning();
  return row;
}

export const payoutsOf = (db: Db, authorId: number) =>
  db.select().from(payouts).where(eq(payouts.authorId, authorId)).orderBy(desc(payouts.id)).limit(100);

export const latestPayouts = (db: Db) => db.select().from(payouts).orderBy(desc(payouts.id)).limit(200);

export async function findPayout(db: Db, id: number) {
  return (await db.select().from(payouts).where(eq(payouts.id, id)).for('update'))[0];
}

export async function markPayoutPaid(db: Db, id: number, byId: number, at: Date) {
  await db.update(payouts).set({ status: 'paid', paidAt: at, paidById: byId }).where(eq(payouts.id, id));
}
