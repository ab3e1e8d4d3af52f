import { sql } from 'drizzle-orm';
import { ENTRY_SOURCES, type AnalyticsMeasure, type EntrySource } from '../../../shared/analytics.ts';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows, ts } from '../../db/rows.ts';
import { analyticsEvents } from '../../db/schema.ts';

/** Analytics' SQL: the raw events, the daily roll-up, the report's figures and the readers a booster can reach. */

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

/** The measures of one event beside its own count: an entry's Show by source, a Read-Time's seconds. */
function measuresOf(e: AnalyticsEventRow): [AnalyticsMeasure, number][] {
  const found: [AnalyticsMeasure, number][] = [[e.eventType, 1]];
  if (e.distributionId || !e.entryId) return found;
  const source = e.data.source;
  if (e.eventType === 'Show' && typeof source === 'string' && (ENTRY_SOURCES as readonly string[]).includes(source))
    found.push([`Source-${source as EntrySource}`, 1]);
  if (e.eventType === 'Read-Time' && typeof e.data.seconds === 'number') found.push(['Read-Seconds', e.data.seconds]);
  return found;
}

/**
 * The readers of an entry new on a Moscow day: (entry, day, reader) of this batch's Shows that no Show already
 * written holds. Read before the batch's raw rows go in; the flush writes one batch at a time.
 */
async function newReaders(db: Db, events: AnalyticsEventRow[]) {
  const seen = new Map<string, { day: string; id: number }>();
  for (const e of events)
    if (e.eventType === 'Show' && e.entryId && !e.distributionId)
      seen.set(`${moscowDay(e.at)}|${e.entryId}|${e.reader}`, { day: moscowDay(e.at), id: e.entryId });
  if (seen.size === 0) return [];
  const since = Math.min(...events.map((e) => e.at.getTime())) - 3 * 3_600_000;
  const before = await rows(
    db,
    z.object({ key: col.text }),
    sql`select distinct to_char((at + interval '3 hours')::date, 'YYYY-MM-DD') || '|' || entry_id || '|' || reader as key
          from analytics_events
         where event_type = 'Show' and distribution_id is null
           and entry_id in (${sql.join([...new Set([...seen.values()].map((v) => v.id))], sql`, `)})
           and reader in (${sql.join([...new Set(events.map((e) => e.reader))], sql`, `)})
           and at >= ${ts(new Date(since - 86_400_000))}`,
  );
  for (const r of before) seen.delete(r.key);
  return [...seen.values()];
}

/** The authors of the batch's entries: their own visits are kept raw but counted in no entry's figures. */
async function authorsOf(db: Db, events: AnalyticsEventRow[]) {
  const ids = [...new Set(events.flatMap((e) => (e.entryId && !e.distributionId ? [e.entryId] : [])))];
  if (ids.length === 0) return new Map<number, number>();
  const found = await rows(
    db,
    z.object({ id: col.int, author_id: col.int }),
    sql`select id, author_id from entries where id in (${sql.join(ids, sql`, `)})`,
  );
  return new Map(found.map((r) => [r.id, r.author_id]));
}

/**
 * One batch of the queue: its raw rows, then the per-day counts of the units and entries that exist (an entry's
 * without its author's own visits).
 */
export async function writeBatch(db: Db, events: AnalyticsEventRow[]) {
  if (events.length === 0) return;
  const authors = await authorsOf(db, events);
  const counted = events.filter((e) => !e.entryId || e.distributionId || e.userId !== authors.get(e.entryId));
  const fresh = await newReaders(db, counted);
  await db.insert(analyticsEvents).values(events);
  const counts = new Map<string, { day: string; kind: string; id: number; event: string; n: number }>();
  const add = (day: string, kind: string, id: number, event: AnalyticsMeasure, n: number) => {
    const key = `${day}|${kind}|${id}|${event}`;
    const c = counts.get(key) ?? { day, kind, id, event, n: 0 };
    c.n += n;
    counts.set(key, c);
  };
  for (const e of counted) {
    const day = moscowDay(e.at);
    if (e.distributionId) add(day, 'unit', e.distributionId, e.eventType, 1);
    else if (e.entryId) for (const [m, n] of measuresOf(e)) add(day, 'entry', e.entryId, m, n);
  }
  for (const r of fresh) add(r.day, 'entry', r.id, 'Readers', 1);
  if (counts.size === 0) return;
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

const MeasureRow = z.object({ day: col.text, measure: col.text, n: col.int });

/** An entry's roll-up since a Moscow day: each measure per day. */
export const entryMeasures = (db: Db, entryId: number, since: string) =>
  rows(
    db,
    MeasureRow,
    sql`select to_char(day, 'YYYY-MM-DD') as day, event_type as measure, count as n from analytics_daily
         where kind = 'entry' and target_id = ${entryId} and day >= ${since}::date`,
  );

/**
 * Distinct readers of an entry's Shows since `since` but its author (the raw events, kept as long as the statistics'
 * days).
 */
export async function entryReaders(db: Db, entryId: number, authorId: number, since: Date) {
  const [row] = await rows(
    db,
    z.object({ n: col.int }),
    sql`select count(distinct reader) as n from analytics_events
         where event_type = 'Show' and distribution_id is null and entry_id = ${entryId} and at >= ${ts(since)}
           and user_id is distinct from ${authorId}`,
  );
  return row?.n ?? 0;
}

/** What the reading statistics need of an entry: who may see them, its title and its address's parts. */
export const entryOf = (db: Db, id: number) =>
  firstRow(
    db,
    z.object({
      id: col.int,
      author_id: col.int,
      subsite_id: col.int,
      subsite_type: col.text,
      subsite_slug: col.text,
      title: col.text,
      slug: col.text,
      removed: col.bool,
    }),
    sql`select e.id, e.author_id, e.subsite_id, s.type as subsite_type, s.slug as subsite_slug, e.title, e.slug,
               e.removed
          from entries e join subsites s on s.id = e.subsite_id
         where e.id = ${id}`,
  );
