import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { shownCommentText } from '../../db/comment-text.ts';
import { changeMeta } from '../../db/meta.ts';
import { col, firstRow, rows } from '../../db/rows.ts';

/** A comment or a published entry as the live feed shows it. */
const LiveRow = z.object({
  type: z.enum(['comment', 'entry']),
  comment_id: col.int.nullable(),
  entry_id: col.int,
  date: col.date,
  text: col.text,
  title: col.text,
  entry_slug: col.text,
  /** Who it is shown as: the writer, or the community or company a comment was written as. */
  user_id: col.int,
  user_type: z.enum(['user', 'community', 'company']),
  user_name: col.text,
  user_slug: col.text,
  user_avatar: col.text.nullable(),
  user_color: col.text,
  subsite_id: col.int,
  subsite_type: z.enum(['user', 'community', 'company']),
  subsite_slug: col.text,
  subsite_name: col.text,
});
export type LiveRow = z.output<typeof LiveRow>;

// Both halves read the newest rows by an index (comments by id, entries by `entries_published`); only what
// anyone may read: living comments under published entries of open subsites.
const commentsPart = (where: SQL, limit: number) => sql`
  select 'comment' as type, c.id as comment_id, e.id as entry_id, c.created_at as date, ${shownCommentText()} as text, e.title, e.slug as entry_slug,
         a.id as user_id, a.type as user_type, a.name as user_name, a.slug as user_slug, a.avatar_url as user_avatar, a.avatar_color as user_color,
         s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug, s.name as subsite_name
    from comments c
    join entries e on e.id = c.entry_id
    join subsites s on s.id = e.subsite_id
    join subsites a on a.id = coalesce(c.as_subsite_id, c.author_id)
   where not c.removed and e.is_published and not e.removed and not s.is_private and ${where}
   order by c.id desc
   limit ${limit}`;

const entriesPart = (where: SQL, limit: number) => sql`
  select 'entry' as type, null::int as comment_id, e.id as entry_id, e.published_at as date, '' as text, e.title, e.slug as entry_slug,
         a.id as user_id, a.type as user_type, a.name as user_name, a.slug as user_slug, a.avatar_url as user_avatar, a.avatar_color as user_color,
         s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug, s.name as subsite_name
    from entries e
    join subsites s on s.id = e.subsite_id
    join subsites a on a.id = e.author_id
   where e.is_published and not e.removed and not s.is_private and ${where}
   order by e.published_at desc, e.id desc
   limit ${limit}`;

/** The newest `limit` comments and published entries together, newest first. */
export async function latestLive(db: Db, limit: number): Promise<LiveRow[]> {
  return rows(
    db,
    LiveRow,
    sql`
    select * from ((${commentsPart(sql`true`, limit)}) union all (${entriesPart(sql`e.published_at is not null`, limit)})) x
     order by date desc, entry_id desc
     limit ${limit}`,
  );
}

export async function liveComment(db: Db, commentId: number): Promise<LiveRow | undefined> {
  return firstRow(db, LiveRow, commentsPart(sql`c.id = ${commentId}`, 1));
}

export async function liveEntry(db: Db, entryId: number): Promise<LiveRow | undefined> {
  return firstRow(db, LiveRow, entriesPart(sql`e.id = ${entryId}`, 1));
}

/** Stores the build every node announces; true when it differs from the stored one (a new deploy). */
export const saveStaticVersion = (db: Db, version: string) => changeMeta(db, 'static_version', version);
