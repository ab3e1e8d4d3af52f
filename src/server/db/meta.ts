import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './index.ts';
import { meta } from './schema.ts';

/**
 * The `meta` table's one door: facts about this installation, one key each (the feed banner, the seller's
 * requisites, VAPID keys, the static build). Modules name their keys; only this file writes the table.
 */
export async function readMeta(db: Db, key: string): Promise<unknown> {
  return (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key)))[0]?.value ?? null;
}

export async function writeMeta(db: Db, key: string, value: unknown) {
  await db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
}

export async function deleteMeta(db: Db, key: string) {
  await db.delete(meta).where(eq(meta.key, key));
}

/** Stores `value` only when the key is new; true when this call stored it (one node of many wins). */
export async function claimMeta(db: Db, key: string, value: unknown): Promise<boolean> {
  return (await db.insert(meta).values({ key, value }).onConflictDoNothing().returning()).length > 0;
}

/** Stores `value`; true when it differs from what was stored (or nothing was). */
export async function changeMeta(db: Db, key: string, value: unknown): Promise<boolean> {
  const saved = await db
    .insert(meta)
    .values({ key, value })
    .onConflictDoUpdate({
      target: meta.key,
      set: { value },
      setWhere: sql`${meta.value} is distinct from excluded.value`,
    })
    .returning({ key: meta.key });
  return saved.length > 0;
}

/** A value created by the first node that asks (a second node reads the first one's). */
export async function metaValue<S extends z.ZodType>(db: Db, key: string, schema: S, create: () => z.input<S>) {
  await claimMeta(db, key, create());
  return schema.parse(await readMeta(db, key));
}
