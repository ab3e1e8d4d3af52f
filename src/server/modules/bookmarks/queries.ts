import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { shownCommentText } from '../../db/comment-text.ts';
import type { Db } from '../../db/index.ts';
import { col, firstRow, intArray, rows } from '../../db/rows.ts';
import type { ReactionTarget } from '../../../shared/reactions.ts';
import { cardSelect, EntryCardRow, entryWrites } from '../entries/index.ts';
import { readerMarks } from '../../db/reader-marks.ts';
import { subsites } from '../../db/schema.ts';

/**
 * Whether the target exists at all, whether a reader may see it (published entry, comment not removed), and its
 * entry's subsite with whether that is a private community (its members alone see it).
 */
const TargetRow = z.object({ visible: col.bool, subsite_id: col.int, is_private: col.bool });
export type TargetRow = z.output<typeof TargetRow>;

export async function findTarget(db: Db, type: ReactionTarget, id: number): Promise<TargetRow | undefined> {
  return type === 'content'
    ? firstRow(
        db,
        TargetRow,
        sql`
        select (e.is_published and not e.removed) as visible, s.id as subsite_id, s.is_private
          from entries e join subsites s on s.id = e.subsite_id where e.id = ${id}`,
      )
    : firstRow(
        db,
        TargetRow,
        sql`
        select (not c.removed and e.is_published and not e.removed) as visible, s.id as subsite_id, s.is_private
          from comments c join entries e on e.id = c.entry_id join subsites s on s.id = e.subsite_id where c.id = ${id}`,
      );
}

/** Leaves out a private community's entries (`closed`: those the reader may not read). */
const notClosed = (closed: readonly number[]) =>
  closed.length ? sql`and e.subsite_id <> all(${intArray(closed)}::int[])` : sql``;

/**
 * Adds or removes a bookmark in one statement; the entry's `favorites_count` moves only when a row really
 * appeared or went, so repeats and races keep it equal to the rows. Answers the entry's count (null for comments).
 */
export async function setFavorite(
  db: Db,
  userId: number,
  type: ReactionTarget,
  id: number,
  state: 0 | 1,
): Promise<number | null> {
  const change = state
    ? sql`insert into favorites (user_id, target_type, target_id) values (${userId}, ${type}, ${id}) on conflict do nothing returning target_id`
    : sql`delete from favorites where user_id = ${userId} and target_type = ${type} and target_id = ${id} returning target_id`;
  if (type === 'comment') {
    await db.execute(change);
    return null;
  }
  const changed = await rows(db, z.object({ target_id: col.int }), change);
  if (changed.length) return (await entryWrites.addFavorites(db, id, state ? 1 : -1)) ?? 0;
  const [row] = await rows(
    db,
    z.object({ count: col.int }),
    sql`select favorites_count as count from entries where id = ${id}`,
  );
  return row?.count ?? 0;
}

const FavoriteRow = z.object({
  target_id: col.int,
  /** The bookmark's time as UTC text with microseconds: an exact cursor. */
  sort: col.text,
});
export type FavoriteRow = z.output<typeof FavoriteRow>;

export interface Cursor {
  lastId: number;
  lastSortingValue: string;
}

/** A page of a reader's bookmarks of one kind, newest first, by the (user, type, created_at) index. */
export async function listFavorites(
  db: Db,
  userId: number,
  type: ReactionTarget,
  cursor: Cursor | null,
  limit: number,
): Promise<FavoriteRow[]> {
  const after = cursor
    ? sql`and (created_at, target_id) < (${cursor.lastSortingValue}::timestamptz, ${cursor.lastId})`
    : sql``;
  return rows(
    db,
    FavoriteRow,
    sql`
    select target_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort
      from favorites
     where user_id = ${userId} and target_type = ${type} ${after}
     order by created_at desc, target_id desc
     limit ${limit}`,
  );
}

export async function entryCards(db: Db, viewerId: number, ids: number[], closed: number[]): Promise<EntryCardRow[]> {
  if (!ids.length) return [];
  return rows(
    db,
    EntryCardRow,
    sql`${cardSelect(viewerId)}
    where e.id = any(${sql.param(ids)}::int[]) and e.is_published and not e.removed ${notClosed(closed)}`,
  );
}

const subsiteType = z.enum(subsites.type.enumValues);

const BookmarkedCommentRow = z.object({
  id: col.int,
  text: col.text,
  created_at: col.date,
  likes_count: col.int,
  likes_summ: col.int,
  my_vote: col.int,
  author_id: col.int,
  author_type: z.enum(['user', 'community', 'company']),
  author_name: col.text,
  author_slug: col.text,
  author_avatar: col.text.nullable(),
  author_color: col.text,
  author_plus: col.bool,
  entry_id: col.int,
  entry_title: col.text,
  entry_slug: col.text,
  subsite_id: col.int,
  subsite_type: subsiteType,
  subsite_slug: col.text,
});
export type BookmarkedCommentRow = z.output<typeof BookmarkedCommentRow>;

export async function bookmarkedComments(
  db: Db,
  viewerId: number,
  ids: number[],
  closed: number[],
): Promise<BookmarkedCommentRow[]> {
  if (!ids.length) return [];
  const { myVote } = readerMarks(viewerId, 'comment', sql.raw('c.id'));
  return rows(
    db,
    BookmarkedCommentRow,
    sql`
    select c.id, ${shownCommentText()} as text, c.created_at, c.likes_count, c.likes_summ, ${myVote}::int as my_vote,
           a.id as author_id, a.type as author_type, a.name as author_name, a.slug as author_slug, a.avatar_url as author_avatar, a.avatar_color as author_color,
           exists (select 1 from users au where au.id = a.id and au.is_paid) as author_plus,
           e.id as entry_id, e.title as entry_title, e.slug as entry_slug,
           s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug
      from comments c
      join subsites a on a.id = coalesce(c.as_subsite_id, c.author_id)
      join entries e on e.id = c.entry_id
      join subsites s on s.id = e.subsite_id
     where c.id = any(${sql.param(ids)}::int[]) and not c.removed and e.is_published and not e.removed ${notClosed(closed)}`,
  );
}

const ShareEntryRow = z.object({
  id: col.int,
  title: col.text,
  slug: col.text,
  subsite_id: col.int,
  subsite_type: subsiteType,
  subsite_slug: col.text,
  is_private: col.bool,
});
export type ShareEntryRow = z.output<typeof ShareEntryRow>;

export async function shareEntry(db: Db, id: number): Promise<ShareEntryRow | undefined> {
  return firstRow(
    db,
    ShareEntryRow,
    sql`
    select e.id, e.title, e.slug, s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug, s.is_private
      from entries e join subsites s on s.id = e.subsite_id
     where e.id = ${id} and e.is_published and not e.removed`,
  );
}
