import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { commentHashtags, entryHashtags, hashtagMutes } from '../../db/schema.ts';

/** Replaces an entry's tags with `tags` (already normalized). */
export async function replaceEntryTags(db: Db, entryId: number, tags: string[]) {
  await db.execute(sql`delete from entry_hashtags where entry_id = ${entryId}`);
  if (tags.length) await db.insert(entryHashtags).values(tags.map((tag) => ({ entryId, tag })));
}

export async function replaceCommentTags(db: Db, commentId: number, tags: string[]) {
  await db.execute(sql`delete from comment_hashtags where comment_id = ${commentId}`);
  if (tags.length) await db.insert(commentHashtags).values(tags.map((tag) => ({ commentId, tag })));
}

const TagRow = z.object({ name: col.text, count: col.int });
export type TagRow = z.output<typeof TagRow>;

/**
 * Published, not removed entries outside private communities: the only ones a tag counts (tags and their counts are the
 * same for everyone, so a private community's tags are not told).
 */
const visible = sql`e.is_published and not e.removed
  and not exists (select 1 from subsites ps where ps.id = e.subsite_id and ps.is_private)`;

/** Tags starting with `prefix`, the most used first: the editor's suggestions. */
export function suggest(db: Db, prefix: string, limit: number): Promise<TagRow[]> {
  return rows(
    db,
    TagRow,
    sql`
    select h.tag as name, count(*)::int as count
      from entry_hashtags h join entries e on e.id = h.entry_id and ${visible}
     where left(h.tag, ${prefix.length}) = ${prefix}
     group by h.tag
     order by count(*) desc, h.tag
     limit ${limit}`,
  );
}

export type SearchOrder = 'relevant' | 'date' | 'popular';

/**
 * Tags containing `query`: by relevance (the exact tag, then those starting with it, then by use), by the
 * newest entry with the tag, or by use.
 */
export function search(db: Db, query: string, order: SearchOrder, offset: number, limit: number): Promise<TagRow[]> {
  const orderBy =
    order === 'date'
      ? sql`max(e.published_at) desc, h.tag`
      : order === 'popular'
        ? sql`count(*) desc, h.tag`
        : sql`(h.tag = ${query}) desc, (left(h.tag, ${query.length}) = ${query}) desc, count(*) desc, h.tag`;
  return rows(
    db,
    TagRow,
    sql`
    select h.tag as name, count(*)::int as count
      from entry_hashtags h join entries e on e.id = h.entry_id and ${visible}
     where strpos(h.tag, ${query}) > 0
     group by h.tag
     order by ${orderBy}
     offset ${offset} limit ${limit}`,
  );
}

/** The tags of a subsite's published entries (a person's blog: everything they wrote), the most used first. */
export function subsiteTags(db: Db, subsiteId: number | null, isUser: boolean, limit: number): Promise<TagRow[]> {
  const owner =
    subsiteId === null ? sql`true` : isUser ? sql`e.author_id = ${subsiteId}` : sql`e.subsite_id = ${subsiteId}`;
  return rows(
    db,
    TagRow,
    sql`
    select h.tag as name, count(*)::int as count
      from entry_hashtags h join entries e on e.id = h.entry_id and ${visible} and ${owner}
     group by h.tag
     order by count(*) desc, h.tag
     limit ${limit}`,
  );
}

/** How many visible entries carry the tag. */
export async function tagCount(db: Db, tag: string): Promise<number> {
  const row = await firstRow(
    db,
    z.object({ count: col.int }),
    sql`select count(*)::int as count from entry_hashtags h join entries e on e.id = h.entry_id and ${visible}
         where h.tag = ${tag}`,
  );
  return row?.count ?? 0;
}

export async function mute(db: Db, userId: number, tags: string[]) {
  if (tags.length)
    await db
      .insert(hashtagMutes)
      .values(tags.map((tag) => ({ userId, tag })))
      .onConflictDoNothing();
}

export async function unmute(db: Db, userId: number, tags: string[]) {
  if (!tags.length) return;
  await db.execute(
    sql`delete from hashtag_mutes where user_id = ${userId} and tag in (${sql.join(
      tags.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
}

/** The reader's muted tags, oldest first. */
export async function mutedTags(db: Db, userId: number): Promise<string[]> {
  const list = await rows(
    db,
    z.object({ tag: col.text }),
    sql`select tag from hashtag_mutes where user_id = ${userId} order by created_at, tag`,
  );
  return list.map((r) => r.tag);
}

export async function isMuted(db: Db, userId: number, tag: string): Promise<boolean> {
  return (
    (await firstRow(
      db,
      z.object({ tag: col.text }),
      sql`select tag from hashtag_mutes where user_id = ${userId} and tag = ${tag}`,
    )) !== undefined
  );
}
