import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { subscriptions, subsites } from '../../db/schema.ts';

export async function findSubsite(db: Db, id: number) {
  const rows = await db.select().from(subsites).where(eq(subsites.id, id)).limit(1);
  return rows[0];
}

export type SubsiteRow = typeof subsites.$inferSelect;

export async function listCommunities(db: Db, limit: number) {
  return db.select().from(subsites).where(sql`${subsites.type} <> 'user'`)
    .orderBy(desc(subsites.subscribersCount), asc(subsites.id)).limit(limit);
}

/** Adds the subscription and bumps the counter in one transaction; returns the new count. */
export async function subscribe(db: Db, userId: number, subsiteId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const added = await tx.insert(subscriptions).values({ userId, subsiteId }).onConflictDoNothing().returning({ userId: subscriptions.userId });
    const delta = added.length;
    const [row] = await tx.update(subsites).set({ subscribersCount: sql`${subsites.subscribersCount} + ${delta}` })
      .where(eq(subsites.id, subsiteId)).returning({ count: subsites.subscribersCount });
    return row.count;
  });
}

/** Removing the subscription removes its notification flag with it (spec/content.md §4). */
export async function unsubscribe(db: Db, userId: number, subsiteId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.subsiteId, subsiteId))).returning({ userId: subscriptions.userId });
    const [row] = await tx.update(subsites).set({ subscribersCount: sql`greatest(0, ${subsites.subscribersCount} - ${removed.length})` })
      .where(eq(subsites.id, subsiteId)).returning({ count: subsites.subscribersCount });
    return row.count;
  });
}

export async function subscribedIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.select({ id: subscriptions.subsiteId }).from(subscriptions).where(eq(subscriptions.userId, userId));
  return new Set(rows.map((r) => r.id));
}
