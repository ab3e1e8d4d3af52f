import { sql, type SQL } from 'drizzle-orm';

/**
 * The reader's own vote (-1/0/1) and bookmark on a row, as select expressions: primary-key probes into
 * `likes` and `favorites`, constants for anonymous readers. `targetId` is the outer query's id column.
 */
export function readerMarks(
  viewerId: number | null,
  targetType: 'content' | 'comment',
  targetId: SQL,
): { myVote: SQL; favorited: SQL } {
  // A literal, so prepared feed statements keep one plan per target type.
  const type = sql.raw(`'${targetType}'`);
  if (!viewerId) return { myVote: sql`0`, favorited: sql`false` };
  return {
    myVote: sql`coalesce((select l.sign from likes l where l.target_type = ${type} and l.target_id = ${targetId} and l.user_id = ${viewerId}), 0)`,
    favorited: sql`exists(select 1 from favorites f where f.user_id = ${viewerId} and f.target_type = ${type} and f.target_id = ${targetId})`,
  };
}
