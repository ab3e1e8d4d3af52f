import { sql } from 'drizzle-orm';
import type { Db } from './index.ts';

/**
 * Locks rows of a table in id order (as an UPDATE would, inside the caller's transaction). The counter folds take
 * their entries' rows this way before writing them or any `entry_stats` row, so folds of views and votes on several
 * nodes never wait on each other in a circle: a deadlock fails a fold, and a views fold that keeps failing holds
 * its views in memory past the second a crash may lose.
 */
export async function lockInOrder(db: Db, table: 'entries' | 'comments', ids: number[]): Promise<void> {
  if (!ids.length) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await db.execute(
    sql`select id from ${sql.identifier(table)} where id = any(${sql.param(sorted)}::int[]) order by id for no key update`,
  );
}
