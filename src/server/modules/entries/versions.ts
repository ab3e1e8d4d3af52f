import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { col, firstRow } from '../../db/rows.ts';
import { entryVersions } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';

/** The versions a save keeps (the history module shows and applies them). */
const SameRow = z.object({ same: col.bool });

/**
 * Keeps the state a save of a published entry produces, unless the newest version already reads the same (a save
 * that only flips flags). An entry published before versions were kept first gets its current state recorded,
 * dated by its last change and credited to its author, so its first edit loses nothing. Runs before the entry row
 * changes, inside the save's transaction, so two saves at once cannot both backfill.
 */
async function insertVersion(
  db: Db,
  v: { entryId: number; authorId: number; title: string; blocks: unknown; at: Date },
) {
  const blocks = JSON.stringify(v.blocks);
  // Serializes concurrent saves of one entry; the row is about to be updated by the save anyway.
  await db.execute(sql`select 1 from entries where id = ${v.entryId} for update`);
  const last = await firstRow(
    db,
    SameRow,
    sql`
    select (title = ${v.title} and blocks = ${blocks}::jsonb) as same
      from entry_versions where entry_id = ${v.entryId} order by id desc limit 1`,
  );
  if (last?.same) return;
  if (!last) {
    await db.execute(sql`
      insert into entry_versions (entry_id, author_id, title, blocks, created_at)
      select id, author_id, title, blocks, updated_at from entries
       where id = ${v.entryId} and is_published and not (title = ${v.title} and blocks = ${blocks}::jsonb)`);
  }
  await db
    .insert(entryVersions)
    .values({ entryId: v.entryId, authorId: v.authorId, title: v.title, blocks: v.blocks, createdAt: v.at });
}

/**
 * Called by `entries.save()` before it writes: a save that leaves the entry published keeps a version, the state
 * it produces (title and blocks, by whom, when). Drafts keep none. Applying a version saves too, so it is undoable.
 */
export async function keepVersion(
  ctx: Ctx,
  save: { entryId: number; authorId: number; title: string; blocks: unknown; isPublished: boolean },
) {
  if (!save.isPublished) return;
  // Joins the save's transaction; alone, it still locks the entry while it compares and inserts.
  await transaction(ctx, (ctx) =>
    insertVersion(ctx.db, {
      entryId: save.entryId,
      authorId: save.authorId,
      title: save.title,
      blocks: save.blocks,
      at: ctx.now(),
    }),
  );
}
