import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { readerMarks } from '../../db/reader-marks.ts';
import { col, firstRow, IdRow, intArray, rows, ts } from '../../db/rows.ts';
import { entryWrites } from '../entries/index.ts';

/** The entry facts every comment rule needs. */
const EntryRow = z.object({
  id: col.int,
  author_id: col.int,
  subsite_id: col.int,
  is_published: col.bool,
  removed: col.bool,
  is_enabled_comments: col.bool,
  is_enabled_best_comments: col.bool,
  comments_count: col.int,
  /** In a private community: its members alone read the discussion. */
  subsite_private: col.bool,
});
export type EntryRow = z.output<typeof EntryRow>;

export async function findEntry(db: Db, id: number): Promise<EntryRow | undefined> {
  return firstRow(
    db,
    EntryRow,
    sql`
    select e.id, e.author_id, e.subsite_id, e.is_published, e.removed, e.is_enabled_comments, e.is_enabled_best_comments,
           e.comments_count, s.is_private as subsite_private
      from entries e join subsites s on s.id = e.subsite_id where e.id = ${id}`,
  );
}

/** A comment with its author and the reader's own vote and bookmark. */
const CommentRow = z.object({
  id: col.int,
  entry_id: col.int,
  reply_to: col.int.nullable(),
  author_id: col.int,
  text: col.text,
  removed: col.bool,
  created_at: col.date,
  updated_at: col.date.nullable(),
  likes_count: col.int,
  likes_summ: col.int,
  pinned: col.bool,
  my_vote: col.int,
  is_favorited: col.bool,
  author_name: col.text,
  author_slug: col.text,
  author_avatar: col.text.nullable(),
  author_color: col.text,
  author_plus: col.bool,
  /** The subsite it is shown as (the comment author switch), null for the writer's own name. */
  as_subsite_id: col.int.nullable(),
  as_type: z.enum(['user', 'community', 'company']).nullable(),
  as_name: col.text.nullable(),
  as_slug: col.text.nullable(),
  as_avatar: col.text.nullable(),
  as_color: col.text.nullable(),
  /** The attached gif (media columns), null without one. */
  attach_uuid: col.text.nullable(),
  attach_width: col.int.nullable(),
  attach_height: col.int.nullable(),
  attach_size: col.int.nullable(),
  attach_color: col.text.nullable(),
});
export type CommentRow = z.output<typeof CommentRow>;

/** `select … from comments c join subsites a …`; callers add `where`. The reader's marks are primary-key probes. */
function commentSelect(viewerId: number | null) {
  const { myVote, favorited } = readerMarks(viewerId, 'comment', sql.raw('c.id'));
  return sql`
    select c.id, c.entry_id, c.reply_to, c.author_id, c.text, c.removed, c.created_at, c.updated_at,
           c.likes_count, c.likes_summ, exists (select 1 from comment_pins p where p.comment_id = c.id) as pinned,
           ${myVote}::int as my_vote, ${favorited} as is_favorited,
           a.name as author_name, a.slug as author_slug, a.avatar_url as author_avatar, a.avatar_color as author_color,
           exists (select 1 from users au where au.id = c.author_id and au.is_paid) as author_plus,
           c.as_subsite_id, s.type as as_type, s.name as as_name, s.slug as as_slug, s.avatar_url as as_avatar,
           s.avatar_color as as_color,
           c.attach_uuid, m.width as attach_width, m.height as attach_height, m.size::float8 as attach_size,
           m.color as attach_color
      from comments c
      join subsites a on a.id = c.author_id
      left join subsites s on s.id = c.as_subsite_id
      left join media m on m.uuid = c.attach_uuid`;
}

/** Every comment of an entry, removed ones included (the tree decides which stubs to keep). */
export async function entryComments(db: Db, entryId: number, viewerId: number | null): Promise<CommentRow[]> {
  return rows(db, CommentRow, sql`${commentSelect(viewerId)} where c.entry_id = ${entryId}`);
}

/** The comments of this page of a discussion, by id (any order). */
export async function commentsByIds(db: Db, ids: number[], viewerId: number | null): Promise<CommentRow[]> {
  if (!ids.length) return [];
  return rows(db, CommentRow, sql`${commentSelect(viewerId)} where c.id = any(${sql.param(ids)}::int[])`);
}

/** What places a comment in its discussion, the same for every reader: the tree, the sort keys, the pin. */
const NodeRow = z.object({
  id: col.int,
  reply_to: col.int.nullable(),
  author_id: col.int,
  created_at: col.date,
  likes_summ: col.int,
  removed: col.bool,
  pinned: col.bool,
  /** The text's size in bytes: a page of the discussion is cut to a size (discussion.ts `threadsPage`). */
  bytes: col.int,
});
export type NodeRow = z.output<typeof NodeRow>;

/** Every comment of an entry as a node of its tree (no text, only its size; no author): a page is cut from these. */
export async function discussionNodes(db: Db, entryId: number): Promise<NodeRow[]> {
  return rows(
    db,
    NodeRow,
    sql`
    select c.id, c.reply_to, c.author_id, c.created_at, c.likes_summ, c.removed, p.comment_id is not null as pinned,
           octet_length(c.text) as bytes
      from comments c
      left join comment_pins p on p.entry_id = ${entryId} and p.comment_id = c.id
     where c.entry_id = ${entryId}`,
  );
}

export async function findComment(db: Db, id: number, viewerId: number | null): Promise<CommentRow | undefined> {
  return firstRow(db, CommentRow, sql`${commentSelect(viewerId)} where c.id = ${id}`);
}

/** How deep a comment sits: 0 for a top-level one, one more for each parent above it. */
export async function commentLevel(db: Db, id: number): Promise<number> {
  const row = await firstRow(
    db,
    z.object({ level: col.int.nullable() }),
    sql`
    with recursive up as (
      select id, reply_to, 0 as level from comments where id = ${id}
      union all
      select c.id, c.reply_to, up.level + 1 from comments c join up on c.id = up.reply_to
    )
    select max(level)::int as level from up`,
  );
  return row?.level ?? 0;
}

/** Inserts a comment and counts it on its entry (run inside the service's transaction); returns the new id. */
export async function insertComment(
  db: Db,
  values: {
    entryId: number;
    authorId: number;
    asSubsiteId: number | null;
    replyTo: number | null;
    text: string;
    attachUuid: string | null;
    now: Date;
  },
) {
  const [row] = await rows(
    db,
    IdRow,
    sql`
    insert into comments (entry_id, author_id, as_subsite_id, reply_to, text, attach_uuid, created_at)
    values (${values.entryId}, ${values.authorId}, ${values.asSubsiteId}, ${values.replyTo}, ${values.text},
            ${values.attachUuid}, ${ts(values.now)})
    returning id`,
  );
  await entryWrites.addComments(db, values.entryId, 1);
  return row.id;
}

/** A new text, and with `attachUuid` a new gif (null: none); without it the gif stays. */
export async function updateText(db: Db, id: number, text: string, now: Date, attachUuid?: string | null) {
  const attach = attachUuid === undefined ? sql`` : sql`, attach_uuid = ${attachUuid}`;
  await db.execute(sql`update comments set text = ${text}, updated_at = ${ts(now)}${attach} where id = ${id}`);
}

/**
 * Marks a comment — or, with `branch`, the comment and every reply under it — removed and takes them
 * off the entry's count (run inside the service's transaction). Returns the ids this call removed (none when
 * already removed).
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
  const ids = (await rows(db, IdRow, target)).map((r) => r.id);
  await entryWrites.addComments(db, entryId, -ids.length);
  return ids;
}

export async function commentsCount(db: Db, entryId: number): Promise<number> {
  const row = await firstRow(
    db,
    z.object({ n: col.int }),
    sql`select comments_count as n from entries where id = ${entryId}`,
  );
  return row?.n ?? 0;
}

const SeenRow = z.object({ count: col.int, updated_at: col.date });
export type SeenRow = z.output<typeof SeenRow>;

export async function findSeen(db: Db, userId: number, entryId: number): Promise<SeenRow | undefined> {
  return firstRow(
    db,
    SeenRow,
    sql`
    select count, updated_at from comments_seen where user_id = ${userId} and entry_id = ${entryId}`,
  );
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

const PersonSlugRow = z.object({ id: col.int, slug: col.text });

/** People whose blog slug is one of `slugs` (a mention links only a slug that names exactly one person). */
export async function peopleBySlugs(db: Db, slugs: string[]) {
  if (!slugs.length) return [];
  return rows(
    db,
    PersonSlugRow,
    sql`
    select id, slug from subsites where type = 'user' and slug = any(${sql.param(slugs)}::text[])`,
  );
}

const CommentRefRow = z.object({ id: col.int, entry_id: col.int });

/**
 * Moderation's 'remove all data': marks every living comment of the author removed, or brings the given ones back,
 * and moves each entry's count by as many. Returns the comments it changed with their entries.
 */
export async function setCommentsRemoved(
  db: Db,
  which: { authorId: number } | { ids: number[] },
  removed: boolean,
): Promise<{ id: number; entry_id: number }[]> {
  const where =
    'authorId' in which
      ? sql`author_id = ${which.authorId}`
      : sql`id in (select unnest(${intArray(which.ids)}::int[]))`;
  const changed = await rows(
    db,
    CommentRefRow,
    sql`update comments set removed = ${removed} where ${where} and removed <> ${removed} returning id, entry_id`,
  );
  const perEntry = new Map<number, number>();
  for (const c of changed) perEntry.set(c.entry_id, (perEntry.get(c.entry_id) ?? 0) + 1);
  for (const [entryId, n] of perEntry) await entryWrites.addComments(db, entryId, removed ? -n : n);
  return changed;
}
