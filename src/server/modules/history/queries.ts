import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/index.ts';
import { entries, entryVersions } from '../../db/schema.ts';

/** A version row with its author's blog (a user's blog shares the user's id: name and address). */
export interface VersionRow {
  id: number;
  entry_id: number;
  created_at: Date;
  title: string;
  author_id: number | null;
  author_name: string | null;
  author_slug: string | null;
  is_current: boolean;
}

/** The newest version is current while the entry reads exactly like it (jsonb compares by value, not by key order). */
const versionColumns = sql`
  v.id, v.entry_id, v.created_at, v.title, v.author_id, a.name as author_name, a.slug as author_slug,
  (v.id = (select max(l.id) from entry_versions l where l.entry_id = v.entry_id) and v.title = e.title and v.blocks = e.blocks) as is_current`;

/** A page of versions, newest first, below `lastId`; one row more than asked tells whether the list goes on. */
export async function versions(db: Db, entryId: number, lastId: number | null, limit: number): Promise<VersionRow[]> {
  return queryRows<VersionRow>(db, sql`
    select ${versionColumns}
      from entry_versions v
      join entries e on e.id = v.entry_id
      left join subsites a on a.id = v.author_id
     where v.entry_id = ${entryId} ${lastId === null ? sql`` : sql`and v.id < ${lastId}`}
     order by v.id desc
     limit ${limit + 1}`);
}

/** One version of one entry: a version id under another entry finds nothing. */
export async function version(db: Db, entryId: number, id: number): Promise<(VersionRow & { blocks: unknown }) | undefined> {
  const rows = await queryRows<VersionRow & { blocks: unknown }>(db, sql`
    select ${versionColumns}, v.blocks
      from entry_versions v
      join entries e on e.id = v.entry_id
      left join subsites a on a.id = v.author_id
     where v.entry_id = ${entryId} and v.id = ${id}`);
  return rows[0];
}

/**
 * Keeps the state a save of a published entry produces, unless the newest version already reads the same (a save
 * that only flips flags). An entry published before versions were kept first gets its current state recorded,
 * dated by its last change and credited to its author, so its first edit loses nothing. Runs before the entry row
 * changes; one transaction, so two saves at once cannot both backfill.
 */
export async function keepVersion(db: Db, v: { entryId: number; authorId: number; title: string; blocks: unknown; at: Date }) {
  const blocks = JSON.stringify(v.blocks);
  await db.transaction(async (tx) => {
    // Serializes concurrent saves of one entry; the row is about to be updated by the save anyway.
    await tx.execute(sql`select 1 from entries where id = ${v.entryId} for update`);
    const [last] = await queryRows<{ same: boolean }>(tx as unknown as Db, sql`
      select (title = ${v.title} and blocks = ${blocks}::jsonb) as same
        from entry_versions where entry_id = ${v.entryId} order by id desc limit 1`);
    if (last?.same) return;
    if (!last) {
      await tx.execute(sql`
        insert into entry_versions (entry_id, author_id, title, blocks, created_at)
        select id, author_id, title, blocks, updated_at from entries
         where id = ${v.entryId} and is_published and not (title = ${v.title} and blocks = ${blocks}::jsonb)`);
    }
    await tx.insert(entryVersions).values({ entryId: v.entryId, authorId: v.authorId, title: v.title, blocks: v.blocks, createdAt: v.at });
  });
}

/** Marks the entry removed or not; answers whether the flag changed. */
export async function setRemoved(db: Db, entryId: number, removed: boolean): Promise<boolean> {
  const rows = await db.update(entries).set({ removed }).where(sql`${entries.id} = ${entryId} and ${entries.removed} <> ${removed}`).returning({ id: entries.id });
  return rows.length > 0;
}
