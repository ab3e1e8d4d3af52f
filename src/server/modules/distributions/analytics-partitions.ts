import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ANALYTICS_PARTITION_AHEAD_DAYS, ANALYTICS_RAW_DAYS } from '../../../shared/analytics.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { col, rows, ts } from '../../db/rows.ts';
import { transaction } from '../../db/transaction.ts';

/**
 * The raw events' partitions (migration 0049): `analytics_events` is partitioned by UTC day on `at`, one table
 * `analytics_events_pYYYYMMDD` a day and `analytics_events_default` for any time no day covers (a clock set far off,
 * a day the task has not made yet). The hourly task makes today and ANALYTICS_PARTITION_AHEAD_DAYS days ahead and drops
 * each day whose every row is older than ANALYTICS_RAW_DAYS: a DROP, not a DELETE of millions of rows.
 */

const PREFIX = 'analytics_events_p';
const DAY_MS = 86_400_000;

/** `2026-11-30` → `analytics_events_p20261130`. */
export const partitionName = (day: string) => `${PREFIX}${day.replaceAll('-', '')}`;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const nextDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));

/** The day partitions that exist, as `YYYY-MM-DD`, oldest first. */
export async function partitionDays(db: Db): Promise<string[]> {
  const found = await rows(
    db,
    z.object({ name: col.text }),
    sql`select c.relname as name from pg_inherits i
          join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent
         where p.relname = 'analytics_events' and c.relname like ${`${PREFIX}%`}
         order by 1`,
  );
  return found.map((r) => r.name.slice(PREFIX.length).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'));
}

/**
 * Makes one day's partition; rows of that day already in the default partition move into it first (a partition whose
 * range the default holds rows of cannot be attached), in one transaction.
 */
async function makeDay(ctx: Ctx, day: string) {
  const name = sql.identifier(partitionName(day));
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(`${nextDay(day)}T00:00:00Z`);
  await transaction(ctx, async ({ db }) => {
    await db.execute(sql`create table ${name} (like analytics_events including defaults)`);
    await db.execute(sql`
      with moved as (delete from analytics_events_default where at >= ${ts(from)} and at < ${ts(to)} returning *)
      insert into ${name} select * from moved`);
    await db.execute(
      sql`alter table analytics_events attach partition ${name}
            for values from (${sql.raw(`'${from.toISOString()}'`)}) to (${sql.raw(`'${to.toISOString()}'`)})`,
    );
  });
}

/** The task `analytics.partitions`: days ahead made, days past ANALYTICS_RAW_DAYS dropped, the default trimmed. */
export async function maintainPartitions(ctx: Ctx): Promise<{ made: string[]; dropped: string[] }> {
  const now = ctx.now();
  const have = new Set(await partitionDays(ctx.db));
  const made: string[] = [];
  for (let i = 0; i <= ANALYTICS_PARTITION_AHEAD_DAYS; i++) {
    const day = utcDay(new Date(now.getTime() + i * DAY_MS));
    if (have.has(day)) continue;
    await makeDay(ctx, day);
    made.push(day);
  }
  const cutoff = new Date(now.getTime() - ANALYTICS_RAW_DAYS * DAY_MS);
  // A day goes once its end is past the cutoff: every row in it is older than the raw days.
  const dropped = [...have].filter((day) => Date.parse(`${nextDay(day)}T00:00:00Z`) <= cutoff.getTime());
  for (const day of dropped) await ctx.db.execute(sql`drop table if exists ${sql.identifier(partitionName(day))}`);
  await ctx.db.execute(sql`delete from analytics_events_default where at < ${ts(cutoff)}`);
  return { made, dropped };
}
