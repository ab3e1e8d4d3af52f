import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { comments } from '../../db/schema.ts';

/** Comments a person wrote since `since`, removed ones too (removing must not reset the limit). */
export async function countCommentsSince(db: Db, authorId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.authorId, authorId), gte(comments.createdAt, since)));
  return Number(row?.n ?? 0);
}
