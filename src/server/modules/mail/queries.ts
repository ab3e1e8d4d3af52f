import { desc } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { outbox } from '../../db/schema.ts';

/** One letter as the outbox keeps it: what was sent, and how it went. */
export async function insertLetter(db: Db, row: typeof outbox.$inferInsert) {
  await db.insert(outbox).values(row);
}

/** The newest letters first. */
export async function newestLetters(db: Db, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
