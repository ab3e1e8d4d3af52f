import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/index.ts';
import { readerMarks } from '../../db/reader-marks.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The entry facts every comment rule needs. */
export interface EntryRow {
  id: number;
  author_id: number;
  is_published: boolean;
  removed: boolean;
  is_enabled_comments: boolean;
  comments_count: number;
}

export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  const rows = await queryRows<EntryRow>(db, sql`
    select id, author_id, is_published, removed, is_enabled_comments, comments_count
      from entries where id = ${id}`);
  return rows[0];
}

/** A comment with its author and the reader's own vote and bookmark. */
export interface CommentRow {
  id: number;
  entry_id: number;
  reply_to: number | null;
  author_id: number;
  text: string;
  removed: boolean;
  created_at: Date;
  updated_at: Date | null;
  likes_count: number;
  likes_summ: number;
  my_vote: number;
  is_favorited: boolean;
  author_name: string;
  author_slug: string;
  author_avatar: string | null;
  author_color: string;
}

/** `select … from comments c join subsites a …`; callers add `where`. The reader's marks are primary-key probes. */
function commentSelect(viewerId: number | null) {
  const { myVote, favorited } = readerMarks(viewerId, 'comment', sql.raw('c.id'));
  return sql`
    select c.id, c.entry_id, c.reply_to, c.author_id, c.text, c.removed, c.created_at, c.updated_at,
           c.likes_count, c.likes_summ, ${myVote}::int as my_vote, ${favorited} as is_favorited,
           a.name as author_name, a.slug as author_slug, a.avatar_url as author_avatar, a.avatar_color as author_color
      from comments c
      join subsites a on a.id = c.author_id`;
}

/** Every comment of an entry, removed ones included (the tree decides which stubs to keep). */
export async function entryComments(db: Db, entryId: number, viewerId: number | null): Promise<CommentRow[]> {
  return queryRows<CommentRow>(db, sql`${commentSelect(viewerId)} where c.entry_id = ${entryId}`);
}

export async function findComment(db: Db, id: number, viewerId: number | null): Promise<CommentRow | undefined> {
  const rows = await queryRows<CommentRow>(db, sql`${commentSelect(viewerId)} where c.id = ${id}`);
  return rows[0];
}

/** How deep a comment sits: 0 for a top-level one, one more for each parent above it. */
export async function commentLevel(db: Db, id: number): Promise<number> {
  const rows = await queryRows<{ level: number }>(db, sql`
    with recursive up as (
      select id, reply_to, 0 as level from comments where id = ${id}
      union all
      select c.id, c.reply_to, up.level + 1 from comments c join up on c.id = up.reply_to
    )
    select max(level)::int as level from up`);
  return Number(rows[0]?.level ?? 0);
}

/** Inserts a comment and counts it on its entry, in one transaction; returns the new id. */
export async function insertComment(db: Db, values: { entryId: number; authorId: number; replyTo: number | null; text: string; now: Date }) {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`
      insert into comments (entry_id, author_id, reply_to, text, created_at)
      values (${values.entryId}, ${values.authorId}, ${values.replyTo}, ${values.text}, ${ts(values.now)})
      returning id`);
    await tx.execute(sql`update entries set comments_count = comments_count + 1 where id = ${values.entryId}`);
    return rows[0].id;
  });
}

export async function updateText(db: Db, id: number, text: string, now: Date) {
  await db.execute(sql`update comments set text = ${text}, updated_at = ${ts(now)} where id = ${id}`);
}

/**
 * Marks a comment — or, with `branch`, the comment and every reply under it — removed and takes them
 * off the entry's count, in one transaction. Returns the ids this call removed (none when already removed).
 */
export async function removeComments(db: Db, entryId: number, id: number, branch: boolean): Promise<number[]> {
  const target = branch
    ? sql`with recursive branch as (
            select id from comments where id = ${id}
            union all
            select c.id from comments c join branch b on c.reply_to = b.id
          )
          update comments set removed = true where id in (select id from branch) and not removed returning id`
    : sql`update comments set removed = true where id = ${id} and not removed returning id`;
  return db.transaction(async (tx) => {
    const ids = (await queryRows<{ id: number }>(tx, target)).map((r) => r.id);
    if (ids.length) await tx.execute(sql`update entries set comments_count = comments_count - ${ids.length} where id = ${entryId}`);
    return ids;
  });
}

export async function commentsCount(db: Db, entryId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select comments_count::int as n from entries where id = ${entryId}`);
  return Number(rows[0]?.n ?? 0);
}

export interface SeenRow {
  count: number;
  updated_at: Date;
}

export async function findSeen(db: Db, userId: number, entryId: number): Promise<SeenRow | undefined> {
  const rows = await queryRows<SeenRow>(db, sql`
    select count, updated_at from comments_seen where user_id = ${userId} and entry_id = ${entryId}`);
  return rows[0];
}

export async function saveSeen(db: Db, userId: number, entryId: number, count: number, now: Date) {
  await db.execute(sql`
    insert into comments_seen (user_id, entry_id, count, updated_at) values (${userId}, ${entryId}, ${count}, ${ts(now)})
    on conflict (user_id, entry_id) do update set count = excluded.count, updated_at = excluded.updated_at`);
}

/** Drops seen marks last saved before `before`; the `comments_seen_updated` index makes it a range delete. */
export async function deleteSeenBefore(db: Db, before: Date) {
  await db.execute(sql`delete from comments_seen where updated_at < ${ts(before)}`);
}
