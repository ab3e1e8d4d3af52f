import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { lockInOrder } from '../../db/locks.ts';
import { entryWrites } from '../entries/index.ts';

const EntryHitsRow = z.object({ hits_count: col.int, seen: col.bool });

/** A visible entry's folded view count and whether this visitor's view of `day` is already stored. */
export async function entryHits(
  db: Db,
  entryId: number,
  visitor: string,
  day: number,
): Promise<z.output<typeof EntryHitsRow> | undefined> {
  return firstRow(
    db,
    EntryHitsRow,
    sql`
    select e.hits_count,
           exists(select 1 from hit_marks m where m.entry_id = e.id and m.visitor = ${visitor} and m.day = ${day}) as seen
      from entries e
     where e.id = ${entryId} and e.is_published and not e.removed`,
  );
}

export interface Mark {
  entryId: number;
  visitor: string;
  day: number;
}

const AddedRow = z.object({ entry_id: col.int, day: col.int, n: col.int });

/**
 * Stores a batch of view marks and adds the new ones to `entries.hits_count` and to the day's readers in
 * `entry_stats`, in one transaction (the caller's): a mark that is already there (another node, a retried batch)
 * inserts nothing and counts nothing. Locks are taken in one order: the marks, the entries by id, their days.
 */
export async function foldMarks(db: Db, marks: Mark[]): Promise<void> {
  if (!marks.length) return;
  const added = await rows(
    db,
    AddedRow,
    sql`
    with added as (
      insert into hit_marks (entry_id, visitor, day)
      select u.entry_id, u.visitor, u.day
        from unnest(${sql.param(marks.map((m) => m.entryId))}::int[], ${sql.param(marks.map((m) => m.visitor))}::text[], ${sql.param(marks.map((m) => m.day))}::int[])
             as u(entry_id, visitor, day)
       where exists(select 1 from entries e where e.id = u.entry_id)
       order by u.entry_id, u.day, u.visitor
      on conflict do nothing
      returning entry_id, day
    )
    select entry_id, day, count(*)::int as n from added group by entry_id, day order by entry_id, day`,
  );
  if (!added.length) return;
  await lockInOrder(
    db,
    'entries',
    added.map((a) => a.entry_id),
  );
  await entryWrites.addHits(
    db,
    added.map((a) => ({ entryId: a.entry_id, n: a.n })),
  );
  await db.execute(sql`
    insert into entry_stats (entry_id, day, readers)
    select u.entry_id, u.day, u.n
      from unnest(${sql.param(added.map((a) => a.entry_id))}::int[], ${sql.param(added.map((a) => a.day))}::int[], ${sql.param(added.map((a) => a.n))}::int[])
           as u(entry_id, day, n)
     order by u.entry_id, u.day
    on conflict (entry_id, day) do update set readers = entry_stats.readers + excluded.readers`);
}

/** Page views (every counted call, repeats of a reader's day included) added to the entries' days. */
export async function addViews(db: Db, views: { entryId: number; day: number; n: number }[]): Promise<void> {
  if (!views.length) return;
  await db.execute(sql`
    insert into entry_stats (entry_id, day, views)
    select u.entry_id, u.day, u.n
      from unnest(${sql.param(views.map((v) => v.entryId))}::int[], ${sql.param(views.map((v) => v.day))}::int[], ${sql.param(views.map((v) => v.n))}::int[])
           as u(entry_id, day, n)
     where exists(select 1 from entries e where e.id = u.entry_id)
     order by u.entry_id, u.day
    on conflict (entry_id, day) do update set views = entry_stats.views + excluded.views`);
}

const StatsDayRow = z.object({ day: col.int, views: col.int, readers: col.int, votes: col.int, comments: col.int });

/** The entry's days from `from` on (UTC day numbers), oldest first; days without a row are absent. */
export async function statsDays(db: Db, entryId: number, from: number): Promise<z.output<typeof StatsDayRow>[]> {
  return rows(
    db,
    StatsDayRow,
    sql`select day, views, readers, votes, comments from entry_stats
         where entry_id = ${entryId} and day >= ${from} order by day`,
  );
}

/** Marks only dedupe today's views; older days are dropped. */
export async function deleteMarksBefore(db: Db, day: number): Promise<void> {
  await db.execute(sql`delete from hit_marks where day < ${day}`);
}

/**
 * The entries' statistics (`entry_stats`): their votes and comments of the given UTC days, recounted from `likes`
 * and `comments` (so a repeated fold changes nothing). Days with nothing and no row yet get none.
 */
export async function recountDayStats(db: Db, entryIds: number[], days: number[]): Promise<void> {
  if (!entryIds.length) return;
  await db.execute(sql`
    insert into entry_stats (entry_id, day, votes, comments)
    select s.id, s.day, s.votes, s.comments from (
      select x.id, d.day,
             (select count(*) from likes l
               where l.target_type = 'content' and l.target_id = x.id
                 and l.created_at >= to_timestamp(d.day * 86400) and l.created_at < to_timestamp((d.day + 1) * 86400))::int as votes,
             (select count(*) from comments c
               where c.entry_id = x.id and not c.removed
                 and c.created_at >= to_timestamp(d.day * 86400) and c.created_at < to_timestamp((d.day + 1) * 86400))::int as comments
        from unnest(${sql.param(entryIds)}::int[]) as x(id) cross join unnest(${sql.param(days)}::int[]) as d(day)
       where exists(select 1 from entries e where e.id = x.id)) s
     where s.votes + s.comments > 0 or exists(select 1 from entry_stats t where t.entry_id = s.id and t.day = s.day)
     order by s.id, s.day
    on conflict (entry_id, day) do update set votes = excluded.votes, comments = excluded.comments`);
}

/** Folds the distinct readers of the days `hit_marks` still hold into `daily_readers` (a day only grows). */
export async function foldReaders(db: Db, fromDay: number): Promise<number> {
  const done = await rows(
    db,
    z.object({ day: col.int }),
    sql`
    insert into daily_readers (day, readers)
    select day, count(distinct visitor)::int from hit_marks where day >= ${fromDay} group by day
    on conflict (day) do update set readers = greatest(daily_readers.readers, excluded.readers)
    returning day`,
  );
  return done.length;
}
