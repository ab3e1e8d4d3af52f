import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { col, firstRow, IdRow, rows } from '../db/rows.ts';
import type { JobMap, JobName } from './map.ts';

/** The `jobs` table's SQL: the queue (queue.ts) decides when; these say how. */

export interface NewJob {
  kind: JobName;
  payload: JobMap[JobName];
  dedupeKey: string | null;
  runAt: Date;
  maxAttempts: number;
  /** With a dedupe key: never queue the key again once a row with it exists, whatever its state. */
  once: boolean;
}

/** The new row's id, or undefined when the dedupe key already waits (or, with `once`, ever ran). */
export async function insertJob(db: Db, job: NewJob): Promise<number | undefined> {
  const values = sql`${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.dedupeKey}, ${job.runAt}, ${job.maxAttempts}`;
  const row = await firstRow(
    db,
    IdRow,
    job.once && job.dedupeKey
      ? sql`insert into jobs (kind, payload, dedupe_key, run_at, max_attempts)
          select ${values} where not exists (select 1 from jobs where dedupe_key = ${job.dedupeKey})
          on conflict (dedupe_key) where status = 'queued' and dedupe_key is not null do nothing returning id`
      : sql`insert into jobs (kind, payload, dedupe_key, run_at, max_attempts) values (${values})
          on conflict (dedupe_key) where status = 'queued' and dedupe_key is not null do nothing returning id`,
  );
  return row?.id;
}

/** Rows a node may run now: queued, due, not held by another node's claim, of a kind it has a handler for. */
const due = (kinds: string[], now: Date) =>
  sql`status = 'queued' and run_at <= ${now} and (locked_until is null or locked_until < ${now})
      and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`;

const ClaimedRow = z.object({
  id: col.int,
  kind: col.text,
  payload: col.json,
  attempts: col.int,
  max_attempts: col.int,
});
export type ClaimedRow = z.output<typeof ClaimedRow>;

/** Takes up to `limit` due rows for this node until `lockedUntil`; another node skips them meanwhile. */
export function claimJobs(db: Db, kinds: string[], now: Date, lockedUntil: Date, limit: number): Promise<ClaimedRow[]> {
  return rows(
    db,
    ClaimedRow,
    sql`
    update jobs set attempts = attempts + 1, locked_until = ${lockedUntil}
    where id in (
      select id from jobs
      where ${due(kinds, now)}
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`,
  );
}

export async function countDueJobs(db: Db, kinds: string[], now: Date): Promise<number> {
  const row = await firstRow(
    db,
    z.object({ n: col.int }),
    sql`select count(*) as n from jobs where ${due(kinds, now)}`,
  );
  return row?.n ?? 0;
}

export async function markJobDone(db: Db, id: number) {
  await db.execute(sql`update jobs set status = 'done', locked_until = null, last_error = null where id = ${id}`);
}

/** A failed run: queued again at `runAt`, or 'failed' for good. */
export async function markJobFailed(db: Db, id: number, final: boolean, error: string, runAt: Date) {
  await db.execute(sql`
    update jobs set status = ${final ? 'failed' : 'queued'}, locked_until = null, last_error = ${error}, run_at = ${runAt}
    where id = ${id}`);
}

/** Deletes finished and failed rows that last ran before `before`. */
export async function deleteFinishedJobs(db: Db, before: Date) {
  await db.execute(sql`delete from jobs where status <> 'queued' and run_at < ${before}`);
}

const DepthRow = z.object({ kind: col.text, n: col.int, oldest: col.date });

/** Due jobs waiting by kind, with the oldest one's due time (the metrics' queue depth and age). */
export function queueDepth(db: Db, now: Date) {
  return rows(
    db,
    DepthRow,
    sql`select kind, count(*) as n, min(run_at) as oldest from jobs
        where status = 'queued' and run_at <= ${now} group by kind`,
  );
}
