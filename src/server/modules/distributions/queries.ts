import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import {
  distributionHits,
  distributionPrices,
  distributionRequests,
  distributions,
  type DistributionVersion,
} from '../../db/schema.ts';
import { AD_FORMATS, DEFAULT_AD_PRICES, type AdPlace, type AdPrices } from '../../../shared/ads.ts';

export type DistributionRow = typeof distributions.$inferSelect;

export const listAll = (db: Db) => db.select().from(distributions).orderBy(desc(distributions.id)).limit(500);

export async function byId(db: Db, id: number): Promise<DistributionRow | undefined> {
  return (await db.select().from(distributions).where(eq(distributions.id, id)).limit(1))[0];
}

/** The launched campaigns: the few every unit request chooses among. */
export const launched = (db: Db) => db.select().from(distributions).where(eq(distributions.state, 'launched'));

export async function insert(db: Db, version: DistributionVersion, from: Date, createdBy: number) {
  const [row] = await db.insert(distributions).values({ version, versionFrom: from, createdBy }).returning();
  return row;
}

export async function update(
  db: Db,
  id: number,
  set: Partial<Pick<DistributionRow, 'version' | 'versionFrom' | 'shown' | 'state' | 'launchedAt'>>,
  now: Date,
) {
  const [row] = await db
    .update(distributions)
    .set({ ...set, updatedAt: now })
    .where(eq(distributions.id, id))
    .returning();
  return row;
}

/** One shown unit: its row for statistics and the campaign's count, in one statement pair of the caller's transaction. */
export async function addHit(
  db: Db,
  hit: { distributionId: number; place: AdPlace; userId: number | null; reader: string; at: Date },
) {
  await db.insert(distributionHits).values(hit);
  const [row] = await db
    .update(distributions)
    .set({ impressions: sql`${distributions.impressions} + 1` })
    .where(eq(distributions.id, hit.distributionId))
    .returning({ impressions: distributions.impressions });
  return row.impressions;
}

/** How many of each campaign this reader was shown since `since`. */
export async function readerHits(db: Db, ids: number[], reader: string, since: Date): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: distributionHits.distributionId, n: count() })
    .from(distributionHits)
    .where(
      and(
        inArray(distributionHits.distributionId, ids),
        eq(distributionHits.reader, reader),
        gte(distributionHits.at, since),
      ),
    )
    .groupBy(distributionHits.distributionId);
  return new Map(found.map((r) => [r.id, r.n]));
}

/** An entry's subsite and tags (the targeting of a unit under it); undefined for a missing or hidden entry. */
export async function entryTargets(db: Db, entryId: number) {
  return firstRow(
    db,
    z.object({ subsite_id: col.int, tags: z.array(z.string()) }),
    sql`select e.subsite_id, coalesce((select array_agg(h.tag) from entry_hashtags h where h.entry_id = e.id), '{}') as tags
        from entries e where e.id = ${entryId} and e.is_published and not e.removed`,
  );
}

export async function prices(db: Db): Promise<AdPrices> {
  const found = await db.select().from(distributionPrices);
  const out = { ...DEFAULT_AD_PRICES };
  for (const r of found) out[r.format] = r.price;
  return out;
}

export async function setPrices(db: Db, p: AdPrices, now: Date) {
  for (const format of AD_FORMATS)
    await db
      .insert(distributionPrices)
      .values({ format, price: p[format], updatedAt: now })
      .onConflictDoUpdate({ target: distributionPrices.format, set: { price: p[format], updatedAt: now } });
}

export async function insertRequest(db: Db, r: typeof distributionRequests.$inferInsert) {
  const [row] = await db.insert(distributionRequests).values(r).returning({ id: distributionRequests.id });
  return row.id;
}

export const listRequests = (db: Db) =>
  db.select().from(distributionRequests).orderBy(desc(distributionRequests.createdAt)).limit(200);

/** The staff who run the site's ads: their addresses get the advertisers' requests. */
export async function staffEmails(db: Db): Promise<string[]> {
  const found = await rows(
    db,
    z.object({ email: col.text }),
    sql`select email from users where role in ('superuser', 'admin') and email <> '' order by id limit 20`,
  );
  return found.map((r) => r.email);
}
