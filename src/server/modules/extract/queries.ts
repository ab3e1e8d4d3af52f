import { eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/index.ts';
import { linkPreviews } from '../../db/schema.ts';

export async function findPreview(db: Db, url: string): Promise<{ data: unknown; fetchedAt: Date } | undefined> {
  const rows = await db.select({ data: linkPreviews.data, fetchedAt: linkPreviews.fetchedAt }).from(linkPreviews).where(eq(linkPreviews.url, url)).limit(1);
  return rows[0];
}

export async function savePreview(db: Db, url: string, data: unknown, now: Date) {
  await db.insert(linkPreviews).values({ url, data, fetchedAt: now })
    .onConflictDoUpdate({ target: linkPreviews.url, set: { data, fetchedAt: now } });
}

export async function deletePreviewsBefore(db: Db, before: Date) {
  await db.delete(linkPreviews).where(lt(linkPreviews.fetchedAt, before));
}

/** A comment of one entry with its author, for a comment card. */
export interface CommentCardRow {
  id: number;
  text: string;
  removed: boolean;
  created_at: Date;
  author_id: number;
  author_name: string;
  author_slug: string;
  author_avatar: string | null;
}

export async function findEntryComment(db: Db, entryId: number, commentId: number): Promise<CommentCardRow | undefined> {
  const rows = await queryRows<CommentCardRow>(db, sql`
    select c.id, c.text, c.removed, c.created_at, c.author_id, a.name as author_name, a.slug as author_slug, a.avatar_url as author_avatar
      from comments c join subsites a on a.id = c.author_id
     where c.id = ${commentId} and c.entry_id = ${entryId}`);
  return rows[0];
}
