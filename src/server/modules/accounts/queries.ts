import { and, count, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, preparedRowsOf } from '../../db/rows.ts';
import { userRowFields, userRowSelect } from '../auth/index.ts';
import {
  accountExports,
  apiTokens,
  comments,
  emailChanges,
  entries,
  nameChanges,
  sessions,
  subsiteRoles,
  subsiteRules,
  subsites,
  users,
} from '../../db/schema.ts';
import { spendOnce } from '../../db/spend.ts';
import { userWrites } from '../users/index.ts';

// ── API tokens ──────────────────────────────────────────────────────────────────────────────────────────────

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertToken(db: Db, row: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
  const [r] = await db.insert(apiTokens).values(row).returning();
  return r;
}

export async function tokensOf(db: Db, userId: number): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.id));
}

export async function tokenOf(db: Db, userId: number, id: number): Promise<ApiTokenRow | undefined> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function activeTokenCount(db: Db, userId: number, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  return Number(r.n);
}

export async function revokeToken(db: Db, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** The signed-in user row (auth's, as its session lookup reads it) and the token's id and scope. */
const TokenUserRow = z.object({
  ...userRowFields,
  tokenId: col.int,
  scope: z.enum(['read', 'write']),
  lastUsedAt: col.date.nullable(),
});
export type TokenUser = z.output<typeof TokenUserRow>;

/** Runs on every request that carries a token: a prepared statement, like the session lookup. */
export async function findUserByToken(db: Db, tokenHash: string, now: Date): Promise<TokenUser | undefined> {
  const [row] = await preparedRowsOf(
    db,
    TokenUserRow,
    sql`
    select ${userRowSelect}, t.id as "tokenId", t.scope, t.last_used_at as "lastUsedAt"
      from api_tokens t
      join users u on u.id = t.user_id
      join subsites s on s.id = u.id
     where t.token_hash = ${tokenHash} and t.revoked_at is null
       and (t.expires_at is null or t.expires_at > ${now.toISOString()}::timestamptz)
     limit 1`,
  );
  return row;
}

export async function touchToken(db: Db, id: number, now: Date) {
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, id));
}

// ── Profile ──────────────────────────────────────────────────────────────────────────────────────────────────

export async function profileOf(db: Db, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      name: subsites.name,
      slug: subsites.slug,
      description: subsites.description,
      avatarUrl: subsites.avatarUrl,
      avatarColor: subsites.avatarColor,
      coverUrl: subsites.coverUrl,
    })
    .from(users)
    .innerJoin(subsites, eq(subsites.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function lastNameChange(db: Db, userId: number): Promise<Date | null> {
  const rows = await db
    .select({ at: nameChanges.createdAt })
    .from(nameChanges)
    .where(eq(nameChanges.userId, userId))
    .orderBy(desc(nameChanges.createdAt))
    .limit(1);
  return rows[0]?.at ?? null;
}

export async function setName(db: Db, userId: number, oldName: string, newName: string, now: Date) {
  await userWrites.updateSubsite(db, userId, { name: newName });
  await db.insert(nameChanges).values({ userId, oldName, newName, createdAt: now });
}

// ── Sessions ─────────────────────────────────────────────────────────────────────────────────────────────────

export async function sessionsOf(db: Db, userId: number, now: Date) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
}

// ── Subsites ─────────────────────────────────────────────────────────────────────────────────────────────────

export async function subsiteById(db: Db, id: number) {
  const rows = await db.select().from(subsites).where(eq(subsites.id, id)).limit(1);
  return rows[0];
}

export async function subsiteBySlug(db: Db, slug: string) {
  const rows = await db
    .select()
    .from(subsites)
    .where(and(eq(subsites.slug, slug), ne(subsites.type, 'user')))
    .limit(1);
  return rows[0];
}

export async function membersOf(db: Db, subsiteId: number) {
  return db
    .select({
      id: subsites.id,
      name: subsites.name,
      slug: subsites.slug,
      avatarUrl: subsites.avatarUrl,
      avatarColor: subsites.avatarColor,
      role: subsiteRoles.role,
    })
    .from(subsiteRoles)
    .innerJoin(subsites, eq(subsites.id, subsiteRoles.userId))
    .where(eq(subsiteRoles.subsiteId, subsiteId))
    .orderBy(subsiteRoles.createdAt);
}

export async function rulesOf(db: Db, subsiteId: number): Promise<string> {
  const rows = await db
    .select({ rules: subsiteRules.rules })
    .from(subsiteRules)
    .where(eq(subsiteRules.subsiteId, subsiteId));
  return rows[0]?.rules ?? '';
}

export async function setRules(db: Db, subsiteId: number, rules: string, now: Date) {
  await db
    .insert(subsiteRules)
    .values({ subsiteId, rules, updatedAt: now })
    .onConflictDoUpdate({ target: subsiteRules.subsiteId, set: { rules, updatedAt: now } });
}

export async function userCard(db: Db, id: number) {
  const rows = await db
    .select({ id: subsites.id, name: subsites.name, slug: subsites.slug, type: subsites.type })
    .from(subsites)
    .innerJoin(users, eq(users.id, subsites.id))
    .where(eq(subsites.id, id))
    .limit(1);
  return rows[0];
}

export async function ownedCommunities(db: Db, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(subsiteRoles)
    .innerJoin(subsites, eq(subsites.id, subsiteRoles.subsiteId))
    .where(and(eq(subsiteRoles.userId, userId), eq(subsiteRoles.role, 'owner'), ne(subsites.type, 'user')));
  return Number(r.n);
}

// ── Email change, deletion, export ───────────────────────────────────────────────────────────────────────────

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

export async function insertEmailChange(db: Db, row: typeof emailChanges.$inferInsert) {
  await db.insert(emailChanges).values(row);
}

export async function findEmailChange(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, tokenHash), gt(emailChanges.expiresAt, now), isNull(emailChanges.usedAt)))
    .limit(1);
  return rows[0];
}

export const useEmailChange = (db: Db, tokenHash: string, now: Date) =>
  spendOnce(db, emailChanges, eq(emailChanges.tokenHash, tokenHash), now);

export async function entriesOf(db: Db, userId: number) {
  return db
    .select({
      id: entries.id,
      title: entries.title,
      blocks: entries.blocks,
      isPublished: entries.isPublished,
      removed: entries.removed,
      publishedAt: entries.publishedAt,
      createdAt: entries.createdAt,
    })
    .from(entries)
    .where(eq(entries.authorId, userId))
    .orderBy(entries.id);
}

export async function commentsOf(db: Db, userId: number) {
  return db
    .select({
      id: comments.id,
      entryId: comments.entryId,
      text: comments.text,
      removed: comments.removed,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(eq(comments.authorId, userId))
    .orderBy(comments.id);
}

export async function insertExport(db: Db, userId: number, now: Date) {
  const [row] = await db.insert(accountExports).values({ userId, createdAt: now }).returning({ id: accountExports.id });
  return row.id;
}

export async function exportsOf(db: Db, userId: number) {
  return db
    .select({
      id: accountExports.id,
      status: accountExports.status,
      size: accountExports.size,
      createdAt: accountExports.createdAt,
      readyAt: accountExports.readyAt,
    })
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(desc(accountExports.id))
    .limit(10);
}

export async function pendingExport(db: Db, userId: number) {
  const rows = await db
    .select({ id: accountExports.id })
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), eq(accountExports.status, 'queued')))
    .limit(1);
  return rows[0];
}

export async function exportArchive(db: Db, userId: number, id: number) {
  const rows = await db
    .select({ archive: accountExports.archive, status: accountExports.status })
    .from(accountExports)
    .where(and(eq(accountExports.id, id), eq(accountExports.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function exportById(db: Db, id: number) {
  const rows = await db.select().from(accountExports).where(eq(accountExports.id, id)).limit(1);
  return rows[0];
}

export async function finishExport(db: Db, id: number, archive: Buffer | null, now: Date) {
  await db
    .update(accountExports)
    .set(
      archive
        ? { status: 'ready', archive: archive.toString('base64'), size: archive.length, readyAt: now }
        : { status: 'failed', readyAt: now },
    )
    .where(eq(accountExports.id, id));
}
