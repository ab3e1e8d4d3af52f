import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow } from '../../db/rows.ts';
import { entryVersions } from '../../db/schema.ts';
import type { Block } from '../../../shared/blocks.ts';

/** The versions a save keeps (the history module shows and applies them). */
const SameRow = z.object({ same: col.bool });

/**
 * Keeps the state a save of a published entry produces, unless the newest version already reads the same (a save
 * that only flips flags). An entry published before versions were kept first gets its current state recorded,
 * dated by its last change and credited to its author, so its first edit loses nothing. Runs before the entry row
 * changes, inside the save's transaction, so two saves at once cannot both backfill.
 */
export async function insertVersion(
  db: Db,
  v: { entryId: number; authorId: number; title: string; blocks: Block[]; at: Date },
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
