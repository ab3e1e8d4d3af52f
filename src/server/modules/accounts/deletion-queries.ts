import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  accountDeletions,
  accountExports,
  apiTokens,
  comments,
  emailChanges,
  entries,
  favorites,
  nameChanges,
  subscriptions,
} from '../../db/schema.ts';
import { userWrites } from '../users/index.ts';
import { entryWrites } from '../entries/index.ts';
import { forgetAccess } from '../auth/index.ts';
import { forgetSignins } from '../signin/service.ts';

/** The SQL of account deletion: the request, what the account still holds, and the two steps of the job. */

export async function deletionOf(db: Db, userId: number) {
  const rows = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId)).limit(1);
  return rows[0];
}

export async function requestDeletion(db: Db, userId: number, mode: 'anonymize' | 'remove', now: Date, runAt: Date) {
  await db
    .insert(accountDeletions)
    .values({ userId, mode, requestedAt: now, runAt })
    .onConflictDoUpdate({ target: accountDeletions.userId, set: { mode, requestedAt: now, runAt, doneAt: null } });
}

export async function cancelDeletion(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .delete(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.doneAt)))
    .returning({ id: accountDeletions.userId });
  return rows.length > 0;
}

/**
 * Every way back into the account ends, in one statement list the job runs as one transaction before anything
 * else: the email becomes an address that cannot receive mail (no mailed link or provider finds the account by it)
 * and the password one no hash matches; sessions, API tokens, passkeys, linked providers and every pending QR code,
 * mailed link, provider state, passkey challenge, recovery link and email change go, each through its owner. A new
 * kind of credential belongs in this list. (Push devices and mail subscriptions go by their own jobs, queued with it.)
 */
export async function closeAccess(db: Db, userId: number) {
  await userWrites.closeCredentials(db, userId);
  await forgetAccess(db, userId);
  await forgetSignins(db, userId);
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/**
 * The last step, once the content is dealt with: the name and pictures go, and with them what would name the person
 * again — the history of names, the saved versions of their entries and the data exports.
 */
export async function anonymizeAccount(db: Db, userId: number, name: string, now: Date) {
  await userWrites.updateSubsite(db, userId, { name, slug: '', description: '', avatarUrl: null, coverUrl: null });
  await db.delete(nameChanges).where(eq(nameChanges.userId, userId));
  await db.delete(accountExports).where(eq(accountExports.userId, userId));
  await entryWrites.forgetVersionsOf(db, userId);
  await db.update(accountDeletions).set({ doneAt: now }).where(eq(accountDeletions.userId, userId));
}

/**
 * What a deleted account still has in sight: its live entries and comments, others' live comments under its
 * entries, its bookmarks and subscriptions.
 */
export async function traceOf(db: Db, userId: number) {
  const [entryRows, commentRows, underRows, favoriteRows, subscriptionRows] = await Promise.all([
    db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.authorId, userId), eq(entries.removed, false))),
    db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.authorId, userId), eq(comments.removed, false))),
    db
      .select({ id: comments.id })
      .from(comments)
      .innerJoin(entries, eq(entries.id, comments.entryId))
      .where(and(eq(entries.authorId, userId), ne(comments.authorId, userId), eq(comments.removed, false))),
    db
      .select({ type: favorites.targetType, id: favorites.targetId })
      .from(favorites)
      .where(eq(favorites.userId, userId)),
    db.select({ id: subscriptions.subsiteId }).from(subscriptions).where(eq(subscriptions.userId, userId)),
  ]);
  return {
    entryIds: entryRows.map((r) => r.id),
    commentIds: commentRows.map((r) => r.id),
    commentsUnderIds: underRows.map((r) => r.id),
    favorites: favoriteRows,
    subsiteIds: subscriptionRows.map((r) => r.id),
  };
}
