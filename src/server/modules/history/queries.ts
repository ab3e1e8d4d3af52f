import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { storedBlocks, type Block } from '../../../shared/blocks.ts';

/** A version row with its author's blog (a user's blog shares the user's id: name and address). */
const VersionRow = z.object({
  id: col.int,
  entry_id: col.int,
  created_at: col.date,
  title: col.text,
  author_id: col.int.nullable(),
  author_name: col.text.nullable(),
  author_slug: col.text.nullable(),
  is_current: col.bool,
});
export type VersionRow = z.output<typeof VersionRow>;
const VersionWithBlocks = VersionRow.extend({ blocks: storedBlocks });

/** The newest version is current while the entry reads exactly like it (jsonb compares by value, not by key order). */
const versionColumns = sql`
  v.id, v.entry_id, v.created_at, v.title, v.author_id, a.name as author_name, a.slug as author_slug,
  (v.id = (select max(l.id) from entry_versions l where l.entry_id = v.entry_id) and v.title = e.title and v.blocks = e.blocks) as is_current`;

/** A page of versions, newest first, below `lastId`; one row more than asked tells whether the list goes on. */
export async function versions(db: Db, entryId: number, lastId: number | null, limit: number): Promise<VersionRow[]> {
  return rows(
    db,
    VersionRow,
    sql`
    select ${versionColumns}
      from entry_versions v
      join entries e on e.id = v.entry_id
      left join subsites a on a.id = v.author_id
     where v.entry_id = ${entryId} ${lastId === null ? sql`` : sql`and v.id < ${lastId}`}
     order by v.id desc
     limit ${limit + 1}`,
  );
}

/** One version of one entry: a version id under another entry finds nothing. */
export async function version(
  db: Db,
  entryId: number,
  id: number,
): Promise<(VersionRow & { blocks: Block[] }) | undefined> {
  return firstRow(
    db,
    VersionWithBlocks,
    sql`
    select ${versionColumns}, v.blocks
      from entry_versions v
      join entries e on e.id = v.entry_id
      left join subsites a on a.id = v.author_id
     where v.entry_id = ${entryId} and v.id = ${id}`,
  );
}
