import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/index.ts';

/** A comment or a published entry as the live feed shows it. */
export interface LiveRow {
  type: 'comment' | 'entry';
  comment_id: number | null;
  entry_id: number;
  date: Date;
  text: string;
  title: string;
  entry_slug: string;
  user_id: number;
  user_name: string;
  user_slug: string;
  user_avatar: string | null;
  user_color: string;
  subsite_id: number;
  subsite_type: 'user' | 'community' | 'company';
  subsite_slug: string;
  subsite_name: string;
}

// Both halves read the newest rows by an index (comments by id, entries by `entries_published`); only what
// anyone may read: living comments under published entries of open subsites.
const commentsPart = (where: SQL, limit: number) => sql`
  select 'comment' as type, c.id as comment_id, e.id as entry_id, c.created_at as date, c.text, e.title, e.slug as entry_slug,
         a.id as user_id, a.name as user_name, a.slug as user_slug, a.avatar_url as user_avatar, a.avatar_color as user_color,
         s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug, s.name as subsite_name
    from comments c
    join entries e on e.id = c.entry_id
    join subsites s on s.id = e.subsite_id
    join subsites a on a.id = c.author_id
   where not c.removed and e.is_published and not e.removed and not s.is_private and ${where}
   order by c.id desc
   limit ${limit}`;

const entriesPart = (where: SQL, limit: number) => sql`
  select 'entry' as type, null::int as comment_id, e.id as entry_id, e.published_at as date, '' as text, e.title, e.slug as entry_slug,
         a.id as user_id, a.name as user_name, a.slug as user_slug, a.avatar_url as user_avatar, a.avatar_color as user_color,
         s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug, s.name as subsite_name
    from entries e
    join subsites s on s.id = e.subsite_id
    join subsites a on a.id = e.author_id
   where e.is_published and not e.removed and not s.is_private and ${where}
   order by e.published_at desc, e.id desc
   limit ${limit}`;

/** The newest `limit` comments and published entries together, newest first. */
export async function latestLive(db: Db, limit: number): Promise<LiveRow[]> {
  return queryRows<LiveRow>(db, sql`
    select * from ((${commentsPart(sql`true`, limit)}) union all (${entriesPart(sql`e.published_at is not null`, limit)})) x
     order by date desc, entry_id desc
     limit ${limit}`);
}

export async function liveComment(db: Db, commentId: number): Promise<LiveRow | undefined> {
  return (await queryRows<LiveRow>(db, commentsPart(sql`c.id = ${commentId}`, 1)))[0];
}

export async function liveEntry(db: Db, entryId: number): Promise<LiveRow | undefined> {
  return (await queryRows<LiveRow>(db, entriesPart(sql`e.id = ${entryId}`, 1)))[0];
}

/** Stores the build every node announces; true when it differs from the stored one (a new deploy). */
export async function saveStaticVersion(db: Db, version: string): Promise<boolean> {
  const rows = await queryRows(db, sql`
    insert into meta (key, value) values ('static_version', ${JSON.stringify(version)}::jsonb)
    on conflict (key) do update set value = excluded.value where meta.value is distinct from excluded.value
    returning key`);
  return rows.length > 0;
}
