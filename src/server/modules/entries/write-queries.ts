import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, IdRow, rows } from '../../db/rows.ts';
import { entries, entryVersions } from '../../db/schema.ts';

/**
 * Every change to `entries` and `entry_versions` that other modules make (issue 26: one owner per table): the
 * counters kept on an entry (comments, bookmarks, views), the removed flag (history, moderation) and Plus's hiding.
 */

/** Adds `delta` to the entry's comment count, never below zero. */
export async function addComments(db: Db, entryId: number, delta: number) {
  if (delta)
    await db.execute(
      sql`update entries set comments_count = greatest(0, comments_count + ${delta}) where id = ${entryId}`,
    );
}

/** Adds `delta` to the entry's bookmark count, never below zero; answers the count (null: no such entry). */
export async function addFavorites(db: Db, entryId: number, delta: number): Promise<number | null> {
  const [row] = await rows(
    db,
    z.object({ count: col.int }),
    sql`update entries set favorites_count = greatest(favorites_count + ${delta}, 0) where id = ${entryId}
        returning favorites_count as count`,
  );
  return row?.count ?? null;
}

/** Adds first views of the day to the entries' view counts (rows locked in id order by the caller). */
export async function addHits(db: Db, added: { entryId: number; n: number }[]) {
  if (!added.length) return;
  await db.execute(sql`
    update entries e set hits_count = e.hits_count + a.n
      from (select entry_id, sum(n)::int as n
              from unnest(${sql.param(added.map((a) => a.entryId))}::int[], ${sql.param(added.map((a) => a.n))}::int[])
                   as u(entry_id, n)
             group by entry_id) a
     where e.id = a.entry_id`);
}

/** Marks the entry removed or not; answers whether the flag changed. */
export async function setRemoved(db: Db, entryId: number, removed: boolean): Promise<boolean> {
  const changed = await db
    .update(entries)
    .set({ removed })
    .where(sql`${entries.id} = ${entryId} and ${entries.removed} <> ${removed}`)
    .returning({ id: entries.id });
  return changed.length > 0;
}

/** Moderation: every entry of an author marked removed, or the given ones restored; answers the changed ids. */
export async function setAllRemoved(
  db: Db,
  which: { authorId: number } | { ids: number[] },
  removed: boolean,
): Promise<number[]> {
  const target = 'authorId' in which ? eq(entries.authorId, which.authorId) : inArray(entries.id, which.ids);
  const changed = await db
    .update(entries)
    .set({ removed })
    .where(and(target, ne(entries.removed, removed)))
    .returning({ id: entries.id });
  return changed.map((r) => r.id);
}

/** Plus: the entry is shown to Plus readers only, or to everyone again; false when there is no such entry. */
export async function setHiddenForPlus(db: Db, entryId: number, hidden: boolean): Promise<boolean> {
  const out = await rows(
    db,
    IdRow,
    sql`update entries set is_hidden_for_plus = ${hidden} where id = ${entryId} returning id`,
  );
  return out.length > 0;
}

/** An account's deletion: the saved versions of its entries go, since they would name the person again. */
export async function forgetVersionsOf(db: Db, authorId: number) {
  await db
    .delete(entryVersions)
    .where(
      inArray(entryVersions.entryId, db.select({ id: entries.id }).from(entries).where(eq(entries.authorId, authorId))),
    );
}

/** Adds `delta` to the entry's repost count, never below zero; answers the count (null: no such entry). */
export async function addReposts(db: Db, entryId: number, delta: number): Promise<number | null> {
  const [row] = await rows(
    db,
    z.object({ count: col.int }),
    sql`update entries set reposts_count = greatest(reposts_count + ${delta}, 0) where id = ${entryId}
        returning reposts_count as count`,
  );
  return row?.count ?? null;
}
