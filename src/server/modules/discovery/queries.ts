import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';

const DAY_MS = 86_400_000;

const RatedRow = z.object({ id: col.int, rating: col.int });
export type RatedRow = z.output<typeof RatedRow>;

/**
 * People by rating: all time is the stored `subsites.rating` (the votes on their entries and comments); a week or
 * a month sums the votes given in that period on what they wrote.
 */
export function userRating(db: Db, since: Date | null, offset: number, limit: number): Promise<RatedRow[]> {
  if (!since)
    return rows(
      db,
      RatedRow,
      sql`select s.id, s.rating from subsites s join users u on u.id = s.id
           where s.type = 'user' and s.rating <> 0
           order by s.rating desc, s.id offset ${offset} limit ${limit}`,
    );
  return rows(
    db,
    RatedRow,
    sql`
    select owner as id, sum(sign)::int as rating from (
      select e.author_id as owner, l.sign from likes l join entries e on l.target_type = 'content' and e.id = l.target_id
       where l.created_at >= ${since.toISOString()}::timestamptz
      union all
      select c.author_id as owner, l.sign from likes l join comments c on l.target_type = 'comment' and c.id = l.target_id
       where l.created_at >= ${since.toISOString()}::timestamptz
    ) v
    group by owner having sum(sign) <> 0
    order by sum(sign) desc, owner offset ${offset} limit ${limit}`,
  );
}

/** Communities and company blogs by the votes on their published entries (all time, or given in the period). */
export function subsiteRating(db: Db, since: Date | null, offset: number, limit: number): Promise<RatedRow[]> {
  const period = since ? sql`and l.created_at >= ${since.toISOString()}::timestamptz` : sql``;
  return rows(
    db,
    RatedRow,
    sql`
    select s.id, sum(l.sign)::int as rating
      from subsites s
      join entries e on e.subsite_id = s.id and e.is_published and not e.removed
      join likes l on l.target_type = 'content' and l.target_id = e.id ${period}
     where s.type <> 'user'
     group by s.id having sum(l.sign) <> 0
     order by sum(l.sign) desc, s.id offset ${offset} limit ${limit}`,
  );
}

const CompanyRow = z.object({
  id: col.int,
  legal_name: col.text,
  industry: col.text,
  city: col.text,
  website: col.text,
  employees: col.int.nullable(),
  founded_year: col.int.nullable(),
  phone: col.text,
  email: col.text,
  address: col.text,
  inn: col.text,
  entries_count: col.int,
});
export type CompanyRow = z.output<typeof CompanyRow>;

/** Company blogs, the most followed first, with their details (empty when none were filled in). */
export function companies(db: Db, offset: number, limit: number): Promise<CompanyRow[]> {
  return rows(
    db,
    CompanyRow,
    sql`
    select s.id, coalesce(d.legal_name, '') as legal_name, coalesce(d.industry, '') as industry,
           coalesce(d.city, '') as city, coalesce(d.website, '') as website, d.employees, d.founded_year,
           coalesce(d.phone, '') as phone, coalesce(d.email, '') as email, coalesce(d.address, '') as address,
           coalesce(d.inn, '') as inn,
           (select count(*) from entries e where e.subsite_id = s.id and e.is_published and not e.removed)::int as entries_count
      from subsites s left join company_details d on d.subsite_id = s.id
     where s.type = 'company'
     order by s.subscribers_count desc, s.id
     offset ${offset} limit ${limit}`,
  );
}

const DayRow = z.object({ day: col.int, n: col.int });
export type DayRow = z.output<typeof DayRow>;

/** Per UTC day number (days since the epoch) from `from` on: published entries, comments, new accounts, readers. */
export async function dailyCounts(db: Db, fromDay: number) {
  const from = new Date(fromDay * DAY_MS).toISOString();
  const dayOf = (column: string) => sql.raw(`floor(extract(epoch from ${column}) / 86400)::int`);
  const [entries, comments, accounts, readers, live] = await Promise.all([
    rows(
      db,
      DayRow,
      sql`select ${dayOf('published_at')} as day, count(*)::int as n from entries
           where is_published and not removed and published_at >= ${from}::timestamptz group by 1`,
    ),
    rows(
      db,
      DayRow,
      sql`select ${dayOf('created_at')} as day, count(*)::int as n from comments
           where not removed and created_at >= ${from}::timestamptz group by 1`,
    ),
    rows(
      db,
      DayRow,
      sql`select ${dayOf('created_at')} as day, count(*)::int as n from users
           where created_at >= ${from}::timestamptz group by 1`,
    ),
    rows(db, DayRow, sql`select day, readers as n from daily_readers where day >= ${fromDay}`),
    rows(
      db,
      DayRow,
      sql`select day, count(distinct visitor)::int as n from hit_marks where day >= ${fromDay} group by day`,
    ),
  ]);
  return { entries, comments, accounts, readers, live };
}

const TotalsRow = z.object({ entries: col.int, comments: col.int, users: col.int, subsites: col.int });

export async function totals(db: Db) {
  const row = await firstRow(
    db,
    TotalsRow,
    sql`select
      (select count(*) from entries where is_published and not removed)::int as entries,
      (select count(*) from comments where not removed)::int as comments,
      (select count(*) from users)::int as users,
      (select count(*) from subsites where type <> 'user')::int as subsites`,
  );
  return row ?? { entries: 0, comments: 0, users: 0, subsites: 0 };
}
