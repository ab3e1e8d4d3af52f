import { and, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './index.ts';

/** A table of one-time tokens or codes: each row is spent by setting its `used_at`. */
type SpendableTable = PgTable & { usedAt: PgColumn };

/**
 * Spends a one-time token (a recovery link, an email change, a sign-in code): sets `used_at` on the row `match`
 * finds unless it is already set. False when another request spent it first, so two clicks never both succeed.
 */
export async function spendOnce(db: Db, table: SpendableTable, match: SQL | undefined, now: Date): Promise<boolean> {
  const rows = await db
    .update(table)
    // The column is known to exist (the type above); Drizzle cannot derive a set-shape from a generic table.
    .set({ usedAt: now })
    .where(and(match, isNull(table.usedAt)))
    .returning();
  return rows.length > 0;
}
