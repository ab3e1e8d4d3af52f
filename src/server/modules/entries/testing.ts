import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BlockOf } from '../../../shared/blocks.ts';
import type { Db } from '../../db/index.ts';
import type { Visitor } from '../../testing/harness.ts';

type Json = Record<string, any>;

/** A text block as the editor sends it. */
export const text = (s: string): BlockOf<'text'> => ({ type: 'text', data: { text: s } });

/** Saves through POST /v3.0/writing/save as the editor does, expects success and answers the saved entry. */
export async function savedEntry(v: Visitor, body: Json): Promise<Json> {
  const res = await v.post('/v3.0/writing/save', body);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.entry as Json;
}

/**
 * Runs `work` while the database itself refuses to write an entry's hotness (of `entryId`, or any entry): a real
 * failure in the last write of a save, a vote or a restore, for the tests that show nothing of the action is kept.
 */
export async function withHotnessFailing<T>(db: Db, entryId: number | null, work: () => Promise<T>): Promise<T> {
  const which = entryId === null ? sql`true` : sql`new.id = ${sql.raw(String(entryId))}`;
  await db.execute(sql`create function fail_hotness() returns trigger language plpgsql as $$
    begin if ${which} then raise exception 'injected'; end if; return new; end $$`);
  // Only an update that sets the score fires it, whether or not the score moves; a save or a removal sets other columns.
  await db.execute(
    sql`create trigger fail_hotness before update of hotness on entries for each row execute function fail_hotness()`,
  );
  try {
    return await work();
  } finally {
    await db.execute(sql`drop trigger fail_hotness on entries`);
    await db.execute(sql`drop function fail_hotness()`);
  }
}
