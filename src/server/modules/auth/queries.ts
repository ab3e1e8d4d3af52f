import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, preparedRowsOf } from '../../db/rows.ts';
import { recoveryTokens, sessions, subsites, users } from '../../db/schema.ts';
import { spendOnce } from '../../db/spend.ts';

export const userColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  isPaid: users.isPaid,
  bannedUntil: users.bannedUntil,
  writeSeq: users.writeSeq,
  createdAt: users.createdAt,
  name: subsites.name,
  slug: subsites.slug,
  avatarUrl: subsites.avatarUrl,
  avatarColor: subsites.avatarColor,
};

const selectUser = (db: Db) => db.select(userColumns).from(users).innerJoin(subsites, eq(subsites.id, users.id));
/** A user; from a session lookup also how and when that session signed in. */
export type UserRow = Awaited<ReturnType<typeof selectUser>>[number] & { loginMethod?: string; signedInAt?: Date };

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await selectUser(db)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await selectUser(db).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * The same row as the builder's `UserRow`, for the raw lookups that run on every request (a session here, an API
 * token in accounts): its fields, and its select list over `users u join subsites s`.
 */
export const userRowFields = {
  id: col.int,
  email: col.text,
  passwordHash: col.text,
  role: z.enum(['user', 'moderator', 'admin', 'superuser']),
  isPaid: col.bool,
  bannedUntil: col.date.nullable(),
  writeSeq: col.int,
  createdAt: col.date,
  name: col.text,
  slug: col.text,
  avatarUrl: col.text.nullable(),
  avatarColor: col.text,
};
export const userRowSelect = sql.raw(`u.id, u.email, u.password_hash as "passwordHash", u.role, u.is_paid as "isPaid",
           u.banned_until as "bannedUntil", u.write_seq as "writeSeq", u.created_at as "createdAt",
           s.name, s.slug, s.avatar_url as "avatarUrl", s.avatar_color as "avatarColor"`);

const SessionUserRow = z.object({ ...userRowFields, loginMethod: col.text, signedInAt: col.date });

/** Runs on every request, so it is a prepared statement (planning it was half its database time). */
export async function findUserBySession(db: Db, tokenHash: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await preparedRowsOf(
    db,
    SessionUserRow,
    sql`
    select ${userRowSelect}, x.login_method as "loginMethod", x.created_at as "signedInAt"
      from sessions x
      join users u on u.id = x.user_id
      join subsites s on s.id = u.id
     where x.token_hash = ${tokenHash} and x.expires_at > ${now.toISOString()}::timestamptz
     limit 1`,
  );
  return row;
}

export async function hasSuperuser(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'superuser')).limit(1);
  return rows.length > 0;
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** An account being deleted: its sessions and recovery links end. */
export async function forgetAccess(db: Db, userId: number) {
  await deleteUserSessions(db, userId);
  await db.delete(recoveryTokens).where(eq(recoveryTokens.userId, userId));
}

export async function insertRecoveryToken(db: Db, row: typeof recoveryTokens.$inferInsert) {
  await db.insert(recoveryTokens).values(row);
}

export async function findRecoveryToken(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .select()
    .from(recoveryTokens)
    .where(
      and(eq(recoveryTokens.tokenHash, tokenHash), gt(recoveryTokens.expiresAt, now), isNull(recoveryTokens.usedAt)),
    )
    .limit(1);
  return rows[0];
}

/** Marks the token used; returns false when another request used it first. */
export const useRecoveryToken = (db: Db, tokenHash: string, now: Date) =>
  spendOnce(db, recoveryTokens, eq(recoveryTokens.tokenHash, tokenHash), now);

/** Ends every session of the user but `keepHash` (none kept when null); returns how many ended. */
export async function endSessions(db: Db, userId: number, keepHash: string | null): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepHash ? ne(sessions.tokenHash, keepHash) : undefined))
    .returning({ h: sessions.tokenHash });
  return rows.length;
}
