import { eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { shownCommentText } from '../../db/comment-text.ts';
import type { Db } from '../../db/index.ts';
import { col, firstRow } from '../../db/rows.ts';
import { linkPreviews } from '../../db/schema.ts';
import type { ExtractResult } from '../../../shared/extract.ts';

export async function findPreview(db: Db, url: string): Promise<{ data: ExtractResult; fetchedAt: Date } | undefined> {
  const rows = await db
    .select({ data: linkPreviews.data, fetchedAt: linkPreviews.fetchedAt })
    .from(linkPreviews)
    .where(eq(linkPreviews.url, url))
    .limit(1);
  return rows[0];
}

export async function savePreview(db: Db, url: string, data: ExtractResult, now: Date) {
  await db
    .insert(linkPreviews)
    .values({ url, data, fetchedAt: now })
    .onConflictDoUpdate({ target: linkPreviews.url, set: { data, fetchedAt: now } });
}

export async function deletePreviewsBefore(db: Db, before: Date) {
  await db.delete(linkPreviews).where(lt(linkPreviews.fetchedAt, before));
}

/** A comment of one entry with its author, for a comment card. */
const CommentCardRow = z.object({
  id: col.int,
  text: col.text,
  removed: col.bool,
  created_at: col.date,
  /** Who it is shown as: the writer, or the community or company it was written as. */
  author_id: col.int,
  author_type: z.enum(['user', 'community', 'company']),
  author_name: col.text,
  author_slug: col.text,
  author_avatar: col.text.nullable(),
});
export type CommentCardRow = z.output<typeof CommentCardRow>;

export async function findEntryComment(
  db: Db,
  entryId: number,
  commentId: number,
): Promise<CommentCardRow | undefined> {
  return firstRow(
    db,
    CommentCardRow,
    sql`
    select c.id, ${shownCommentText()} as text, c.removed, c.created_at, a.id as author_id, a.type as author_type, a.name as author_name,
           a.slug as author_slug, a.avatar_url as author_avatar
      from comments c join subsites a on a.id = coalesce(c.as_subsite_id, c.author_id)
     where c.id = ${commentId} and c.entry_id = ${entryId}`,
  );
}
