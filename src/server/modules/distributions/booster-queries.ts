import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, jsonArray } from '../../db/rows.ts';
import { distributions } from '../../db/schema.ts';
import type { Block } from '../../../shared/blocks.ts';
import type { DistributionRow } from './queries.ts';

/** The booster's SQL: the entry it promotes, its running booster, a new one, and the ones to settle. */

const EntryRow = z.object({
  id: col.int,
  title: col.text,
  slug: col.text,
  blocks: jsonArray<Block>(),
  author_id: col.int,
  author_name: col.text,
  subsite_id: col.int,
  subsite_type: col.text,
  subsite_slug: col.text,
  subsite_name: col.text,
});
export type BoostedEntry = z.output<typeof EntryRow>;

/**
 * A published entry that is not removed, with its author's and subsite's names; never a private community's (its unit
 * would show the entry to everyone).
 */
export const boostableEntry = (db: Db, id: number) =>
  firstRow(
    db,
    EntryRow,
    sql`select e.id, e.title, e.slug, e.blocks, e.author_id, a.name as author_name, e.subsite_id,
               s.type as subsite_type, s.slug as subsite_slug, s.name as subsite_name
          from entries e join subsites s on s.id = e.subsite_id join subsites a on a.id = e.author_id
         where e.id = ${id} and e.is_published and not e.removed and not s.is_private`,
  );

/** The booster of this entry not yet settled (one at most: `distributions_one_booster`). */
export async function openBooster(db: Db, entryId: number): Promise<DistributionRow | undefined> {
  const [row] = await db
    .select()
    .from(distributions)
    .where(and(eq(distributions.entryId, entryId), isNull(distributions.settledAt)))
    .limit(1);
  return row;
}

export async function insertBooster(db: Db, values: typeof distributions.$inferInsert) {
  const [row] = await db.insert(distributions).values(values).returning();
  return row;
}

/** Boosters paid and not settled whose show is over: stopped, past their last day or at their cap. */
export const finishedBoosters = (db: Db, today: string) =>
  db
    .select()
    .from(distributions)
    .where(
      and(
        isNotNull(distributions.ownerId),
        isNull(distributions.settledAt),
        sql`${distributions.paid} > 0`,
        sql`(${distributions.state} <> 'launched' or ${distributions.version}->>'ends_on' < ${today}
             or ${distributions.impressions} >= (${distributions.version}->>'impression_cap')::int)`,
      ),
    )
    .limit(500);

/** Settles one (archived, for good); undefined when another run did it first. */
export async function markSettled(db: Db, id: number, now: Date) {
  const [row] = await db
    .update(distributions)
    .set({ settledAt: now, state: 'archived', updatedAt: now })
    .where(and(eq(distributions.id, id), isNull(distributions.settledAt)))
    .returning();
  return row;
}

/** What a person may see in the report: staff everything, others the boosters they bought. */
export const reportRows = (db: Db, ownerId: number | null) =>
  db
    .select()
    .from(distributions)
    .where(ownerId === null ? undefined : eq(distributions.ownerId, ownerId))
    .orderBy(desc(distributions.id))
    .limit(100);
