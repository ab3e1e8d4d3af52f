import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { promotionTopups } from '../../db/schema.ts';
import type { PROMOTION_SOURCES } from '../../../shared/ads.ts';

/** The promotion balance's audit rows (the cabinet's top-ups). */

export interface TopupInput {
  subsiteId: number;
  userId: number | null;
  amount: number;
  source: (typeof PROMOTION_SOURCES)[number];
  orderId: number | null;
}

/** A row; a second one for the same order and source is not stored (answers false). */
export async function insertTopup(db: Db, row: TopupInput): Promise<boolean> {
  const made = await db.insert(promotionTopups).values(row).onConflictDoNothing().returning({ id: promotionTopups.id });
  return made.length > 0;
}

export const topupsOf = (db: Db, subsiteId: number, limit = 20) =>
  db
    .select()
    .from(promotionTopups)
    .where(eq(promotionTopups.subsiteId, subsiteId))
    .orderBy(desc(promotionTopups.id))
    .limit(limit);

/** Whether a card order's top-up reached the company (its paid handler moved it). */
export async function cardTopup(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: promotionTopups.id })
    .from(promotionTopups)
    .where(and(eq(promotionTopups.orderId, orderId), eq(promotionTopups.source, 'card')))
    .limit(1);
  return row !== undefined;
}
