import crypto from 'node:crypto';
import zlib from 'node:zlib';
import argon2 from 'argon2';
import tar from 'tar-stream';
import { FRESH_SIGN_IN_MINUTES, type DeletionState, type ExportItem } from '../../../shared/accounts.ts';
import { messages } from '../../../shared/catalogue.ts';
import { formatDate } from '../../../shared/format.ts';
import type { Ctx } from '../../context.ts';
import { readFromReplica, transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, expected, notFound, badRequestOf } from '../../lib/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { UserRow } from '../auth/index.ts';
import { forgetSessions } from '../auth/service.ts';
import * as bookmarks from '../bookmarks/service.ts';
import { remove as removeComment, setAllRemoved as setCommentsRemoved } from '../comments/service.ts';
import * as history from '../history/service.ts';
import * as subsites from '../subsites/service.ts';
import * as votes from '../votes/service.ts';
import * as quiz from '../quiz/service.ts';
import { queueLetter } from '../../jobs/letters.ts';
import * as dq from './deletion-queries.ts';
import * as q from './queries.ts';
import { userWrites } from '../users/index.ts';
import { sha256 } from '../../lib/hash.ts';

/** Email change, account deletion with its grace period, and the data export (issue 15, item 7). */

export const EMAIL_CHANGE_HOURS = 24;
export const DELETION_GRACE_DAYS = 14;

/** How recent a sign-in proves the person is there, for an account that has no password to ask for. */

/**
 * Proves it is the person before a change of email or password, or a deletion: the current password, or, for an
 * account made through a provider that has none, a sign-in within the last ten minutes (a link mailed to its
 * address, a provider, a passkey or a QR code), so a forgotten open session alone is never enough.
 */
export async function checkPassword(ctx: Ctx, user: UserRow, password: string | undefined, field = 'password') {
  const p = await q.profileOf(ctx.db, user.id);
  if (!p) throw badRequest(messages.currentPasswordWrong);
  if (p.passwordHash === '') {
    const fresh = user.signedInAt && ctx.now().getTime() - user.signedInAt.getTime() <= FRESH_SIGN_IN_MINUTES * 60_000;
    if (!fresh) throw badRequestOf('freshSignInNeeded', FRESH_SIGN_IN_MINUTES);
    return p;
  }
  if (!password || !(await argon2.verify(p.passwordHash, password).catch(() => false)))
    throw badRequest(messages.currentPasswordWrong, { errors: { [field]: messages.currentPasswordWrong } });
  return p;
}

// ── Email ────────────────────────────────────────────────────────────────────────────────────────────────────

/** A link to the new address; the email changes only when it is opened (so a typo never locks the person out). */
export async function requestEmailChange(ctx: Ctx, user: UserRow, input: { email: string; password?: string }) {
  const p = await checkPassword(ctx, user, input.password);
  if (p.email.toLowerCase() === input.email.toLowerCase()) throw badRequest(messages.emailSame);
  if (await q.emailInUse(ctx.db, input.email))
    throw badRequest(messages.emailTaken, { errors: { email: messages.emailTaken } });
  const token = crypto.randomBytes(32).toString('base64url');
  const link = `${ctx.config.publicUrl}/u/me/settings/email/${token}`;
  await transaction(ctx, async (ctx) => {
    await q.insertEmailChange(ctx.db, {
      tokenHash: sha256(token),
      userId: user.id,
      newEmail: input.email,
      expiresAt: new Date(ctx.now().getTime() + EMAIL_CHANGE_HOURS * 3600_000),
      createdAt: ctx.now(),
    });
    await queueLetter(ctx, {
      to: input.email,
      subject: messages.emailChangeMailSubject,
      text: messages.emailChangeMailText(p.name, link),
      secrets: [link],
    });
  });
  return { email: input.email };
}

/** Opening the link (and pressing the button on its page): the address changes once, the old one is told. */
export async function confirmEmailChange(ctx: Ctx, token: string) {
  const row = await q.findEmailChange(ctx.db, sha256(token), ctx.now());
  if (!row) throw badRequest(messages.emailChangeInvalid);
  await transaction(ctx, async (ctx) => {
    if (!(await q.useEmailChange(ctx.db, row.tokenHash, ctx.now()))) throw badRequest(messages.emailChangeInvalid);
    if (await q.emailInUse(ctx.db, row.newEmail)) throw badRequest(messages.emailTaken);
    const p = await q.profileOf(ctx.db, row.userId);
    await userWrites.setEmail(ctx.db, row.userId, row.newEmail);
    await queueLetter(ctx, {
      to: p.email,
      subject: messages.emailChangedMailSubject,
      text: messages.emailChangedMailText(p.name, row.newEmail),
    });
  });
  return { email: row.newEmail };
}

// ── Deletion ─────────────────────────────────────────────────────────────────────────────────────────────────

export async function deletionState(ctx: Ctx, userId: number): Promise<DeletionState | null> {
  const d = await dq.deletionOf(ctx.db, userId);
  return d && !d.doneAt ? { mode: d.mode, run_at: d.runAt.toISOString() } : null;
}

/** Deletion after 14 days: the job is queued for then and finds the request still there unless it was cancelled. */
export async function requestDeletion(
  ctx: Ctx,
  user: UserRow,
  input: { password?: string; mode: 'anonymize' | 'remove' },
) {
  await checkPassword(ctx, user, input.password);
  const runAt = new Date(ctx.now().getTime() + DELETION_GRACE_DAYS * 86400_000);
  await transaction(ctx, async (ctx) => {
    await dq.requestDeletion(ctx.db, user.id, input.mode, ctx.now(), runAt);
    await enqueue(ctx, 'account.delete', { userId: user.id }, { runAt });
  });
  return {
    deletion: expected(await deletionState(ctx, user.id), 'the deletion just requested'),
    message: messages.deletionRequested(formatDate(runAt, ctx.now())),
  };
}

export async function cancelDeletion(ctx: Ctx, user: UserRow) {
  if (!(await dq.cancelDeletion(ctx.db, user.id))) throw badRequest(messages.deletionNotRequested);
  return { deletion: null };
}

/**
 * The job: runs only when the request is still there and due (a cancel, or a later re-request, leaves it waiting).
 * First every way back in ends at once (`closeAccess`), so nobody can sign in while the rest runs. The account's
 * traces then go through their own modules' services, as if the person did each step, so counters are recounted and
 * domain events go out: with `remove` its entries and comments are removed, and the comments others left under its
 * entries with them; in both modes its votes (quizzes' too) are taken back and its bookmarks and subscriptions dropped. Each step is
 * idempotent, so a retried job finishes what a failed one began; the account is anonymised last.
 */
export async function runDeletion(ctx: Ctx, userId: number) {
  const d = await dq.deletionOf(ctx.db, userId);
  if (!d || d.doneAt || d.runAt > ctx.now()) return;
  await transaction(ctx, async (ctx) => {
    await dq.closeAccess(ctx.db, userId);
    await enqueue(ctx, 'push.forget', { userId });
    await enqueue(ctx, 'notify.forget', { userId });
  });
  forgetSessions(ctx);
  ctx.events.emit('account.closed', { userId });
  const actor = { id: userId, role: 'user' as const };
  const trace = await dq.traceOf(ctx.db, userId);
  if (d.mode === 'remove') {
    for (const id of trace.entryIds) await history.setRemoved(ctx, actor, id, true);
    for (const id of trace.commentIds) await removeComment(ctx, actor, id).catch(skipGone);
    await setCommentsRemoved(ctx, { ids: trace.commentsUnderIds }, true);
  }
  await votes.withdrawAll(ctx, userId);
  await quiz.withdrawAll(ctx, userId);
  for (const f of trace.favorites)
    await bookmarks.change(ctx, actor, { type: f.type, id: f.id, state: 0 }).catch(skipGone);
  for (const id of trace.subsiteIds) await subsites.unsubscribe(ctx, userId, id).catch(skipGone);
  await subsites.forgetJoinRequests(ctx, userId);
  await transaction(ctx, (ctx) => dq.anonymizeAccount(ctx.db, userId, messages.deletedName, ctx.now()));
  ctx.log.info({ userId, mode: d.mode }, 'account deleted after its grace period');
}

/** A target removed meanwhile (a comment under a removed branch, an entry gone) is nothing left to drop. */
function skipGone(e: unknown) {
  if (e instanceof ApiError && e.rc === 404) return;
  throw e;
}

// ── Export ───────────────────────────────────────────────────────────────────────────────────────────────────

export async function listExports(ctx: Ctx, userId: number): Promise<ExportItem[]> {
  return (await q.exportsOf(ctx.db, userId)).map((e) => ({
    id: e.id,
    status: e.status,
    size: e.size,
    created: e.createdAt.toISOString(),
    url: e.status === 'ready' ? `/v3.0/users/settings/export/${e.id}` : null,
  }));
}

export async function requestExport(ctx: Ctx, user: UserRow) {
  const id = await transaction(ctx, async (ctx) => {
    if (await q.pendingExport(ctx.db, user.id)) throw badRequest(messages.exportPending);
    const id = await q.insertExport(ctx.db, user.id, ctx.now());
    await enqueue(ctx, 'account.export', { exportId: id });
    return id;
  });
  return { id, items: await listExports(ctx, user.id) };
}

/** A .tar.gz: README, profile.json, entries/{id}.json (blocks as stored), comments.json. */
async function buildArchive(ctx: Ctx, userId: number): Promise<Buffer> {
  const p = await q.profileOf(ctx.read, userId);
  const [list, comments] = await Promise.all([q.entriesOf(ctx.read, userId), q.commentsOf(ctx.read, userId)]);
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const gz = zlib.createGzip();
  gz.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    gz.on('end', resolve);
    gz.on('error', reject);
  });
  pack.pipe(gz);
  const mtime = ctx.now();
  const add = (name: string, value: unknown) =>
    pack.entry(
      { name: `sreda-${userId}/${name}`, mtime },
      typeof value === 'string' ? value : JSON.stringify(value, null, 2),
    );
  add(
    'README.txt',
    `Архив данных аккаунта ${p.name} (${ctx.config.publicUrl}/u/${userId}), ${mtime.toISOString()}.\n` +
      `profile.json — профиль; entries/*.json — записи (блоки как в редакторе); comments.json — комментарии.\n`,
  );
  add('profile.json', {
    id: p.id,
    name: p.name,
    email: p.email,
    slug: p.slug,
    description: p.description,
    avatar_url: p.avatarUrl,
    cover_url: p.coverUrl,
  });
  for (const e of list)
    add(`entries/${e.id}.json`, {
      id: e.id,
      title: e.title,
      is_published: e.isPublished,
      removed: e.removed,
      published_at: e.publishedAt?.toISOString() ?? null,
      created_at: e.createdAt.toISOString(),
      blocks: e.blocks,
    });
  add(
    'comments.json',
    comments.map((c) => ({
      id: c.id,
      entry_id: c.entryId,
      text: c.text,
      removed: c.removed,
      created_at: c.createdAt.toISOString(),
    })),
  );
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

export async function runExport(ctx: Ctx, exportId: number) {
  const row = await q.exportById(ctx.db, exportId);
  if (!row || row.status !== 'queued') return;
  try {
    // From a replica once it holds the request itself: then it holds everything its owner wrote before asking.
    const replica = readFromReplica(ctx);
    const caughtUp =
      replica !== ctx && (await q.exportById(replica.read, exportId).catch(() => undefined)) !== undefined;
    await q.finishExport(ctx.db, exportId, await buildArchive(caughtUp ? replica : ctx, row.userId), ctx.now());
  } catch (err) {
    ctx.log.error({ err, exportId }, 'data export failed');
    await q.finishExport(ctx.db, exportId, null, ctx.now());
  }
}

export async function exportFile(ctx: Ctx, user: UserRow, id: number) {
  const row = await q.exportArchive(ctx.db, user.id, id);
  if (!row || row.status !== 'ready' || !row.archive) throw notFound(messages.exportNotFound);
  return Buffer.from(row.archive, 'base64');
}

export { ApiError };
