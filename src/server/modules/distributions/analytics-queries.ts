import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, rows, ts } from '../../db/rows.ts';
import { analyticsEvents } from '../../db/schema.ts';

/** Analytics' SQL: the raw events, the daily roll-up, the report's figures and the readers a booster can reach. */

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

/** One batch of the queue: its raw rows, then the per-day counts of the units and entries that exist. */
export async function writeBatch(db: Db, events: AnalyticsEventRow[]) {
  if (events.length === 0) return;
  await db.insert(analyticsEvents).values(events);
  const counts = new Map<string, { day: string; kind: string; id: number; event: string; n: number }>();
  for (const e of events) {
    const day = moscowDay(e.at);
    const add = (kind: string, id: number | null | undefined) => {
      if (!id) return;
      const key = `${day}|${kind}|${id}|${e.eventType}`;
      const c = counts.get(key) ?? { day, kind, id, event: e.eventType, n: 0 };
      c.n++;
      counts.set(key, c);
    };
    add('unit', e.distributionId);
    if (!e.distributionId) add('entry', e.entryId);
  }
  const values = sql.join(
    [...counts.values()].map(
      (c) => sql`(${c.day}::date, ${c.kind}::text, ${c.id}::int, ${c.event}::text, ${c.n}::int)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into analytics_daily (day, kind, target_id, event_type, count)
    select v.day, v.kind, v.target_id, v.event_type, v.n
      from (values ${values}) as v(day, kind, target_id, event_type, n)
     where (v.kind = 'unit' and exists (select 1 from distributions d where d.id = v.target_id))
        or (v.kind = 'entry' and exists (select 1 from entries e where e.id = v.target_id))
    on conflict (kind, target_id, day, event_type) do update set count = analytics_daily.count + excluded.count`);
}

/** The day in Moscow (UTC+3, no daylight saving), as the campaigns' days. */
export const moscowDay = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

export const deleteOldEvents = (db: Db, before: Date) =>
  db.delete(analyticsEvents).where(lt(analyticsEvents.at, before));

const DayRow = z.object({ id: col.int, day: col.text, n: col.int });

/** Impressions (the units' hits) per campaign and Moscow day since `since`. */
export function impressionsByDay(db: Db, ids: number[], since: Date) {
  if (ids.length === 0) return Promise.resolve([]);
  return rows(
    db,
    DayRow,
    sql`select distribution_id as id, to_char((at + interval '3 hours')::date, 'YYYY-MM-DD') as day, count(*) as n
          from distribution_hits
         where distribution_id in (${sql.join(ids, sql`, `)}) and at >= ${ts(since)}
         group by 1, 2`,
  );
}

/** Clicks on the units per campaign and day (the roll-up). */
export function clicksByDay(db: Db, ids: number[], since: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return rows(
    db,
    DayRow,
    sql`select target_id as id, to_char(day, 'YYYY-MM-DD') as day, count as n from analytics_daily
         where kind = 'unit' and event_type = 'Click' and target_id in (${sql.join(ids, sql`, `)}) and day >= ${since}::date`,
  );
}

/** All clicks of each campaign (the roll-up, every day). */
export async function clickTotals(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const found = await rows(
    db,
    z.object({ id: col.int, n: col.int }),
    sql`select target_id as id, sum(count) as n from analytics_daily
         where kind = 'unit' and event_type = 'Click' and target_id in (${sql.join(ids, sql`, `)}) group by 1`,
  );
  return new Map(found.map((r) => [r.id, r.n]));
}

/** Distinct readers a day who were shown a page in the last `days` days (on one kind of device, if given). */
export async function dailyReaders(db: Db, since: Date, days: number, device: string | null) {
  const [row] = await rows(
    db,
    z.object({ n: col.int }),
    sql`select count(distinct reader) as n from analytics_events
         where event_type = 'Show' and at >= ${ts(since)} ${device ? sql`and data->>'device' = ${device}` : sql``}`,
  );
  return Math.round((row?.n ?? 0) / Math.max(1, days));
}
