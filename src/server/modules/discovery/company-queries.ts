import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { companyDetails } from '../../db/schema.ts';
import { expected } from '../../lib/errors.ts';

/** A company blog's details, contacts and promotion balance, its team and its counts (issue 32). */

export type CompanyDetailsRow = typeof companyDetails.$inferSelect;
export type CompanyDetailsWrite = Partial<Omit<CompanyDetailsRow, 'subsiteId' | 'promotionBalance'>>;

export async function detailsOf(db: Db, subsiteId: number): Promise<CompanyDetailsRow | undefined> {
  const found = await db.select().from(companyDetails).where(eq(companyDetails.subsiteId, subsiteId)).limit(1);
  return found[0];
}

/** Creates the row on the first save; only the given fields change. */
export async function saveDetails(db: Db, subsiteId: number, given: CompanyDetailsWrite) {
  const values = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  if (!Object.keys(values).length) {
    await db.insert(companyDetails).values({ subsiteId }).onConflictDoNothing();
    return expected(await detailsOf(db, subsiteId), 'the company details row just made');
  }
  const [row] = await db
    .insert(companyDetails)
    .values({ subsiteId, ...values })
    .onConflictDoUpdate({ target: companyDetails.subsiteId, set: values })
    .returning();
  return row;
}

const MemberRow = z.object({
  id: col.int,
  name: col.text,
  slug: col.text,
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
  role: col.text,
});
export type MemberRow = z.output<typeof MemberRow>;

/** The team: the creator first, then admins, moderators, editors and authors, each by when they joined. */
export function teamOf(db: Db, subsiteId: number): Promise<MemberRow[]> {
  return rows(
    db,
    MemberRow,
    sql`
    select u.id, u.name, u.slug, u.avatar_url, u.avatar_color, r.role
      from subsite_roles r join subsites u on u.id = r.user_id
     where r.subsite_id = ${subsiteId}
     order by array_position(array['owner', 'admin', 'moderator', 'editor', 'author'], r.role), r.created_at, u.id
     limit 200`,
  );
}

const StatsRow = z.object({
  entries: col.int,
  views: col.int,
  comments: col.int,
  vacancies: col.int,
  events: col.int,
});

/** Published entries with their views and comments; vacancies and events posted from the blog. */
export async function statsOf(db: Db, subsiteId: number) {
  const row = await firstRow(
    db,
    StatsRow,
    sql`
    select count(*)::int as entries, coalesce(sum(e.hits_count), 0)::int as views,
           coalesce(sum(e.comments_count), 0)::int as comments,
           (select count(*) from vacancies v where v.subsite_id = ${subsiteId})::int as vacancies,
           (select count(*) from events v where v.subsite_id = ${subsiteId})::int as events
      from entries e where e.subsite_id = ${subsiteId} and e.is_published and not e.removed`,
  );
  return row ?? { entries: 0, views: 0, comments: 0, vacancies: 0, events: 0 };
}

/**
 * Moves a company's promotion balance by `delta` kopecks (a booster spends, its unspent part comes back, a manager tops it up); a spend
 * that would take it below zero changes nothing and answers null.
 */
export async function movePromotion(db: Db, subsiteId: number, delta: number): Promise<number | null> {
  // A top-up of a company that has no details row yet makes it.
  if (delta > 0) {
    const [made] = await db
      .insert(companyDetails)
      .values({ subsiteId, promotionBalance: delta })
      .onConflictDoUpdate({
        target: companyDetails.subsiteId,
        set: { promotionBalance: sql`${companyDetails.promotionBalance} + ${delta}` },
      })
      .returning({ balance: companyDetails.promotionBalance });
    return made.balance;
  }
  const [row] = await db
    .update(companyDetails)
    .set({ promotionBalance: sql`${companyDetails.promotionBalance} + ${delta}` })
    .where(sql`${companyDetails.subsiteId} = ${subsiteId} and ${companyDetails.promotionBalance} + ${delta} >= 0`)
    .returning({ balance: companyDetails.promotionBalance });
  return row?.balance ?? null;
}
