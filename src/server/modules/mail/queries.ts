import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { outbox } from '../../db/schema.ts';

export async function letterById(db: Db, id: number) {
  return (await db.select().from(outbox).where(eq(outbox.id, id)).limit(1))[0];
}

/** The newest letters first. */
export async function newestLetters(db: Db, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
