import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow } from '../../db/rows.ts';

/** Listens of audio blocks (`audio_listens`, `audio_listen_marks`): the media module's own tables. */

/** Whether a published entry that is not removed holds an audio block of that hash. */
export async function audioBlockExists(db: Db, entryId: number, hash: string): Promise<boolean> {
  const needle = JSON.stringify([{ type: 'audio', data: { hash } }]);
  const row = await firstRow(
    db,
    z.object({ found: col.bool }),
    sql`select exists (select 1 from entries e
                        where e.id = ${entryId} and e.is_published and not e.removed
                          and e.blocks @> ${needle}::jsonb) as found`,
  );
  return row?.found ?? false;
}

/**
 * The listener's mark of the day, and the block's count moved by one when the mark is new, in one statement; answers
 * the count and whether this call counted.
 */
export async function markListen(
  db: Db,
  m: { entryId: number; hash: string; visitor: string; day: number },
): Promise<{ listens: number; counted: boolean }> {
  const row = await firstRow(
    db,
    z.object({ listens: col.int, counted: col.bool }),
    sql`with marked as (
          insert into audio_listen_marks (entry_id, hash, visitor, day)
          values (${m.entryId}, ${m.hash}, ${m.visitor}, ${m.day})
          on conflict do nothing
          returning 1),
        counted as (
          insert into audio_listens (entry_id, hash, listens)
          select ${m.entryId}, ${m.hash}, 1 from marked
          on conflict (entry_id, hash) do update set listens = audio_listens.listens + 1
          returning listens)
        select coalesce((select listens from counted),
                        (select listens from audio_listens where entry_id = ${m.entryId} and hash = ${m.hash}), 0) as listens,
               exists (select 1 from marked) as counted`,
  );
  return row ?? { listens: 0, counted: false };
}

/** Marks of days before `day` (yesterday's stay, so a listen near midnight is not counted twice). */
export async function deleteListenMarksBefore(db: Db, day: number): Promise<void> {
  await db.execute(sql`delete from audio_listen_marks where day < ${day}`);
}
