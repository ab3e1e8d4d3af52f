import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { passkeys, signinCodes, signinIdentities, users } from '../../db/schema.ts';
import type { ProviderType } from '../../../shared/signin.ts';
import { spendOnce } from '../../db/spend.ts';

export type CodeKind = (typeof signinCodes.$inferSelect)['kind'];
export type CodeRow = typeof signinCodes.$inferSelect;

export async function insertCode(db: Db, row: typeof signinCodes.$inferInsert): Promise<CodeRow> {
  const [inserted] = await db.insert(signinCodes).values(row).returning();
  return inserted;
}

/** A live (unexpired, unused) code of a kind by its hash. */
export async function findLiveCode(db: Db, kind: CodeKind, tokenHash: string, now: Date): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(signinCodes)
    .where(
      and(
        eq(signinCodes.kind, kind),
        eq(signinCodes.tokenHash, tokenHash),
        gt(signinCodes.expiresAt, now),
        isNull(signinCodes.usedAt),
      ),
    )
    .limit(1);
  return row;
}

/** A live QR code by the waiting browser's key. */
export async function findQrByBrowserKey(db: Db, keyHash: string, now: Date): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(signinCodes)
    .where(
      and(
        eq(signinCodes.kind, 'qr'),
        eq(signinCodes.browserKeyHash, keyHash),
        gt(signinCodes.expiresAt, now),
        isNull(signinCodes.usedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The phone's user confirms a QR code; false when it was confirmed, used or expired meanwhile. */
export async function confirmQr(db: Db, id: number, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(signinCodes)
    .set({ userId, confirmedAt: now })
    .where(
      and(
        eq(signinCodes.id, id),
        isNull(signinCodes.confirmedAt),
        isNull(signinCodes.usedAt),
        gt(signinCodes.expiresAt, now),
      ),
    )
    .returning({ id: signinCodes.id });
  return rows.length > 0;
}

/** Marks a code used (once): false when another request used it first. */
export const useCode = (db: Db, id: number, now: Date) =>
  spendOnce(db, signinCodes, and(eq(signinCodes.id, id), gt(signinCodes.expiresAt, now)), now);

/** Codes a day past their expiry go (the periodic clean-up). */
export async function deleteOldCodes(db: Db, before: Date): Promise<void> {
  await db.delete(signinCodes).where(lt(signinCodes.expiresAt, before));
}

// ── Identities ─────────────────────────────────────────────────────────────────────────────────────────────

export type IdentityRow = typeof signinIdentities.$inferSelect;

export async function findIdentity(db: Db, provider: ProviderType, subject: string): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(signinIdentities)
    .where(and(eq(signinIdentities.provider, provider), eq(signinIdentities.subject, subject)))
    .limit(1);
  return row;
}

export async function insertIdentity(db: Db, row: typeof signinIdentities.$inferInsert): Promise<void> {
  await db.insert(signinIdentities).values(row);
}

export async function touchIdentity(db: Db, id: number, now: Date): Promise<void> {
  await db.update(signinIdentities).set({ lastUsedAt: now }).where(eq(signinIdentities.id, id));
}

export async function identitiesOf(db: Db, userId: number): Promise<IdentityRow[]> {
  return db
    .select()
    .from(signinIdentities)
    .where(eq(signinIdentities.userId, userId))
    .orderBy(asc(signinIdentities.id));
}

export async function deleteIdentity(db: Db, id: number, userId: number, provider: ProviderType): Promise<boolean> {
  const rows = await db
    .delete(signinIdentities)
    .where(
      and(eq(signinIdentities.id, id), eq(signinIdentities.userId, userId), eq(signinIdentities.provider, provider)),
    )
    .returning({ id: signinIdentities.id });
  return rows.length > 0;
}

/**
 * How many ways in a user has besides the one about to go: a password, linked providers, passkeys. Locks the
 * user's row, so two unlinks at once cannot both pass the "not the last one" check.
 */
export async function waysIn(db: Db, userId: number): Promise<number> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const [ids] = await db.select({ n: count() }).from(signinIdentities).where(eq(signinIdentities.userId, userId));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (user?.passwordHash ? 1 : 0) + Number(ids?.n ?? 0) + Number(keys?.n ?? 0);
}

export async function hasPassword(db: Db, userId: number): Promise<boolean> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(user?.passwordHash);
}

// ── Passkeys ───────────────────────────────────────────────────────────────────────────────────────────────

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function findPasskey(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function insertPasskey(db: Db, row: typeof passkeys.$inferInsert): Promise<void> {
  await db.insert(passkeys).values(row);
}

export async function usePasskey(db: Db, id: number, counter: number, now: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
}

export async function deletePasskey(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** An account being deleted: its passkeys, linked providers and every pending QR code, mailed link or challenge go. */
export async function forgetSignins(db: Db, userId: number) {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(signinIdentities).where(eq(signinIdentities.userId, userId));
  await db.delete(signinCodes).where(eq(signinCodes.userId, userId));
}
