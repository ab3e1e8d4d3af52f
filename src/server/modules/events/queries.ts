import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { matchesQuery } from '../../db/text-search.ts';
import { col, firstRow, intArray, rows } from '../../db/rows.ts';
import { events } from '../../db/schema.ts';
import type { EventFilters } from '../../../shared/api/events.ts';
import { EVENT_FORMATS, EVENT_STATES, type EventState } from '../../../shared/events.ts';

/** An event with the blog it was posted from. */
export const EventRow = z.object({
  id: col.int,
  subsite_id: col.int,
  author_id: col.int,
  title: col.text,
  description: col.text,
  starts_at: col.date,
  ends_at: col.date,
  time_zone: col.text,
  town_id: col.int.nullable(),
  is_online: col.bool,
  address: col.text,
  format: z.enum(EVENT_FORMATS),
  price: col.int,
  register_url: col.text,
  cover_url: col.text,
  state: z.enum(EVENT_STATES),
  reason: col.text,
  published_at: col.date.nullable(),
  created_at: col.date,
  subsite_type: z.enum(['user', 'community', 'company']),
  subsite_name: col.text,
  subsite_slug: col.text,
  subsite_avatar: col.text.nullable(),
  subsite_color: col.text,
});
export type EventRow = z.output<typeof EventRow>;

const SELECT = sql`
  select e.id, e.subsite_id, e.author_id, e.title, e.description, e.starts_at, e.ends_at, e.time_zone, e.town_id,
         e.is_online, e.address, e.format, e.price, e.register_url, e.cover_url, e.state, e.reason, e.published_at,
         e.created_at, s.type as subsite_type, s.name as subsite_name, s.slug as subsite_slug,
         s.avatar_url as subsite_avatar, s.avatar_color as subsite_color
    from events e join subsites s on s.id = e.subsite_id`;

/** The event's first and last calendar days in its own zone (an end at midnight belongs to the day before). */
const FIRST_DAY = sql`(e.starts_at at time zone e.time_zone)::date`;
const LAST_DAY = sql`greatest(${FIRST_DAY}, ((e.ends_at - interval '1 microsecond') at time zone e.time_zone)::date)`;

export const findEvent = (db: Db, id: number) => firstRow(db, EventRow, sql`${SELECT} where e.id = ${id}`);

/** Published events not over at `now`, by the filters (the days as the events' own zones count them). */
function upcoming(f: EventFilters, now: Date): SQL[] {
  const where: SQL[] = [sql`e.state = 'published'`, sql`e.ends_at > ${now.toISOString()}::timestamptz`];
  if (f.town_id !== undefined) where.push(sql`e.town_id = ${f.town_id}`);
  if (f.online) where.push(sql`e.is_online`);
  if (f.free) where.push(sql`e.price = 0`);
  if (f.format) where.push(sql`e.format = ${f.format}`);
  if (f.subsite_id !== undefined) where.push(sql`e.subsite_id = ${f.subsite_id}`);
  if (f.date_from) where.push(sql`${LAST_DAY} >= ${f.date_from}::date`);
  if (f.date_to) where.push(sql`${FIRST_DAY} <= ${f.date_to}::date`);
  const found = matchesQuery(sql`e.search_vector`, f.q);
  if (found) where.push(found);
  return where;
}

/** Published events going on or to come by the filters, soonest first. */
export const listUpcoming = (db: Db, f: EventFilters, now: Date, limit: number, offset = 0) =>
  rows(
    db,
    EventRow,
    sql`${SELECT} where ${sql.join(upcoming(f, now), sql` and `)}
     order by e.starts_at, e.id limit ${limit} offset ${offset}`,
  );

const DayRow = z.object({ day: col.text });

/** The days of the month starting at `first` (`2026-12-01`) on which the events by the filters go on. */
export async function daysOfMonth(db: Db, f: EventFilters, now: Date, first: string): Promise<string[]> {
  const start = sql`${first}::date`;
  const end = sql`(${first}::date + interval '1 month' - interval '1 day')::date`;
  const found = await rows(
    db,
    DayRow,
    sql`select distinct to_char(d, 'YYYY-MM-DD') as day
          from (select ${FIRST_DAY} as f, ${LAST_DAY} as l from events e
                 where ${sql.join(upcoming(f, now), sql` and `)} and ${LAST_DAY} >= ${start} and ${FIRST_DAY} <= ${end}
                 limit 1000) e,
               generate_series(greatest(e.f, ${start}), least(e.l, ${end}), interval '1 day') d
         order by day`,
  );
  return found.map((r) => r.day);
}

/** These of the published events not over at `now` (search's hits); others are left out. */
export const findUpcoming = (db: Db, ids: number[], now: Date) =>
  rows(
    db,
    EventRow,
    sql`${SELECT} where ${sql.join(upcoming({}, now), sql` and `)} and e.id = any(${intArray(ids)}::int[])`,
  );

/** Published events not over at `now`, the newest published first (the RSS feed). */
export const listNewest = (db: Db, now: Date, limit: number) =>
  rows(
    db,
    EventRow,
    sql`${SELECT} where ${sql.join(upcoming({}, now), sql` and `)}
     order by e.published_at desc, e.id desc limit ${limit}`,
  );

/** A person's own events (posted by them from any blog), newest first. */
export const listByAuthor = (db: Db, authorId: number, limit = 50) =>
  rows(
    db,
    EventRow,
    sql`${SELECT} where e.author_id = ${authorId} order by e.created_at desc, e.id desc limit ${limit}`,
  );

/** A blog's published events, upcoming and past, soonest first (for the blog's pages). */
export const listOfSubsite = (db: Db, subsiteId: number, limit = 50) =>
  rows(
    db,
    EventRow,
    sql`${SELECT} where e.subsite_id = ${subsiteId} and e.state in ('published', 'past')
     order by e.starts_at desc, e.id desc limit ${limit}`,
  );

/** The staff queue: waiting events, oldest first. */
export const listWaiting = (db: Db, limit = 100) =>
  rows(db, EventRow, sql`${SELECT} where e.state = 'moderation' order by e.updated_at, e.id limit ${limit}`);

export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'authorId'>;

export async function insertEvent(db: Db, authorId: number, values: EventValues): Promise<number> {
  const [row] = await db
    .insert(events)
    .values({ ...values, authorId })
    .returning({ id: events.id });
  return row.id;
}

/** Changes an event's fields and sends it back to staff; only while it waits, is published or was rejected. */
export async function updateEvent(db: Db, id: number, values: EventValues, now: Date): Promise<boolean> {
  const changed = await db
    .update(events)
    .set({ ...values, state: 'moderation', reason: '', updatedAt: now })
    .where(and(eq(events.id, id), sql`${events.state} in ('moderation', 'published', 'rejected')`))
    .returning({ id: events.id });
  return changed.length > 0;
}

/** Moves an event from one of `from` to `to`; false when it was not in them (a race or a repeat). */
export async function setState(
  db: Db,
  id: number,
  from: readonly EventState[],
  to: EventState,
  now: Date,
  extra: { reason?: string; publishedAt?: Date } = {},
): Promise<boolean> {
  const changed = await db
    .update(events)
    .set({
      state: to,
      updatedAt: now,
      ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
      ...(extra.publishedAt ? { publishedAt: extra.publishedAt } : {}),
    })
    .where(and(eq(events.id, id), sql`${events.state} in ${sql.raw(`('${from.join("','")}')`)}`))
    .returning({ id: events.id });
  return changed.length > 0;
}

/** Published events whose end passed become past; their ids. */
export const finishDue = (db: Db, now: Date, limit = 500) =>
  rows(
    db,
    z.object({ id: col.int }),
    sql`
    with due as (
      select id from events where state = 'published' and ends_at <= ${now.toISOString()}::timestamptz
       order by ends_at limit ${limit} for update skip locked)
    update events e set state = 'past', updated_at = ${now.toISOString()}::timestamptz
      from due where e.id = due.id
    returning e.id`,
  );

/**
 * The demo seed's events (`seeded`) that have ended, published or past, moved forward by the fewest whole weeks that
 * put their end ahead of `now` (same weekday, same time) and published again; nobody else's event is touched.
 */
export const renewSeeded = (db: Db, now: Date) =>
  rows(
    db,
    z.object({ id: col.int }),
    sql`
    with due as (
      select id, floor(extract(epoch from (${now.toISOString()}::timestamptz - ends_at)) / 604800)::int + 1 as weeks
        from events
       where seeded and state in ('published', 'past') and ends_at <= ${now.toISOString()}::timestamptz
       for update skip locked)
    update events e
       set starts_at = e.starts_at + make_interval(weeks => due.weeks),
           ends_at = e.ends_at + make_interval(weeks => due.weeks),
           state = 'published',
           updated_at = ${now.toISOString()}::timestamptz
      from due where e.id = due.id
    returning e.id`,
  );
