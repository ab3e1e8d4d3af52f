import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import { formatFullDate } from '../../../shared/format.ts';
import { EMAIL_TOKEN_RE, NOTIFICATION_TYPES } from '../../../shared/notifications.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/queue.ts';
import { queueLetter } from '../../jobs/letters.ts';
import * as q from './queries.ts';
import { settings as userSettings } from '../users/index.ts';
import { channelsOf, present } from './service.ts';

/**
 * Notification letters and the daily digest: jobs that decide and write them, then hand them to the mail module's
 * `queueLetter` (its `mail.letter` job sends them over SMTP when SMTP_URL is set, else keeps them in the outbox).
 * Every letter carries an unsubscribe link that works without signing in: a random token per address
 * (`email_subscriptions.token`), shown at `/email/unsubscribe/{token}` and in `List-Unsubscribe` (RFC 2369, RFC 8058).
 */
const newToken = () => crypto.randomBytes(24).toString('base64url');
const DIGEST_SIZE = 10;
/** 06:00 UTC is 09:00 in Moscow: the digest lands with the morning. */
const DIGEST_HOUR_UTC = 6;

export const unsubscribeUrl = (ctx: Ctx, token: string) => `${ctx.config.publicUrl}/email/unsubscribe/${token}`;

function unsubscribeHeaders(ctx: Ctx, token: string) {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(ctx, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** One notification's letter, unless it was read already or the person switched this type's mail off meanwhile. */
export async function letterForNotification(ctx: Ctx, notificationId: number) {
  const row = await q.notificationById(ctx.db, notificationId);
  // Read on the site before the letter went: no letter. A mail-only row is born read.
  if (!row || (row.is_read && !row.data.mail_only)) return;
  const person = await q.person(ctx.db, row.user_id);
  if (!person || !(await channelsOf(ctx, row.user_id))[row.type]?.email) return;
  const sub = await q.ensureEmailSubscription(ctx.db, person.email.toLowerCase(), row.user_id, newToken(), false);
  const [item] = await present(ctx, [row], ctx.config.publicUrl);
  const unsubscribe = unsubscribeUrl(ctx, sub.token);
  await queueLetter(ctx, {
    to: person.email,
    subject: messages.mailNotificationSubject(item.text),
    text: messages.mailNotificationText(
      item.text,
      item.quote,
      item.url,
      `${ctx.config.publicUrl}/settings`,
      unsubscribe,
    ),
    headers: unsubscribeHeaders(ctx, sub.token),
  });
}

export const confirmUrl = (ctx: Ctx, token: string) => `${ctx.config.publicUrl}/email/confirm/${token}`;

/**
 * `/email/subscribe/opt_in`: the daily digest for an address, once its owner follows the confirmation letter. No
 * address counts as proven without it, an account's own included (registering does not prove the address), so
 * nobody can sign a stranger up. The answer is the same whether or not the address was subscribed already, so it
 * tells nobody who reads the digest; a confirmed address gets no second letter. The request names no account:
 * only the address's own account (by its email) is ever tied to the row.
 */
export async function optIn(ctx: Ctx, email: string) {
  const address = email.trim().toLowerCase();
  // The subscription, its waiting state and its confirmation letter's job: one transaction.
  return transaction(ctx, async (ctx) => {
    const before = await q.emailSubscriptionByEmail(ctx.db, address);
    if (before?.digest && !before.unsubscribed_at && before.confirmed_at) return { email: address, digest: true };
    await q.ensureEmailSubscription(ctx.db, address, null, newToken(), true);
    await q.setEmailConfirmed(ctx.db, address, null);
    await enqueue(ctx, 'mail.confirm', { email: address }, { dedupeKey: `mail.confirm:${address}` });
    return { email: address, digest: true };
  });
}

export async function letterForConfirmation(ctx: Ctx, email: string) {
  const sub = await q.emailSubscriptionByEmail(ctx.db, email);
  if (!sub?.digest || sub.unsubscribed_at || sub.confirmed_at) return;
  await queueLetter(ctx, {
    to: sub.email,
    subject: messages.mailDigestConfirmSubject,
    text: messages.mailDigestConfirmText(confirmUrl(ctx, sub.token)),
    secrets: [confirmUrl(ctx, sub.token)],
  });
}

/** The confirmation letter's button: the digest starts; pressing again answers the same. */
export async function confirm(ctx: Ctx, token: string) {
  const sub = EMAIL_TOKEN_RE.test(token) ? await q.emailSubscriptionByToken(ctx.db, token) : undefined;
  if (!sub?.digest || sub.unsubscribed_at) throw badRequest(messages.digestConfirmInvalid);
  if (!sub.confirmed_at) await q.setEmailConfirmed(ctx.db, sub.email, ctx.now());
  return { email: sub.email, active: true, confirmed: true };
}

/** What the unsubscribe and confirmation pages show; reading it changes nothing (mail scanners open links). */
export async function subscriptionInfo(ctx: Ctx, token: string) {
  if (!EMAIL_TOKEN_RE.test(token)) return null;
  const sub = await q.emailSubscriptionByToken(ctx.db, token);
  return sub
    ? {
        email: sub.email,
        active: !sub.unsubscribed_at,
        asked: sub.digest,
        confirmed: Boolean(sub.digest && !sub.unsubscribed_at && sub.confirmed_at),
      }
    : null;
}

/** The link's action: no digest, and for the account with this address no notification letters of any type. */
export async function unsubscribe(ctx: Ctx, token: string) {
  if (!EMAIL_TOKEN_RE.test(token)) throw badRequest(messages.unsubscribeTokenInvalid);
  // No digest and no letters, together: an unsubscribe is never half done.
  return transaction(ctx, async (ctx) => {
    const sub = await q.emailSubscriptionByToken(ctx.db, token);
    if (!sub) throw badRequest(messages.unsubscribeTokenInvalid);
    await q.unsubscribeEmail(ctx.db, token, ctx.now());
    // The account is found by the address itself: the letter went to it, so its owner speaks for that account only.
    const account = await q.accountIdByEmail(ctx.db, sub.email);
    if (account !== null)
      await userSettings.notifications.mergeEach(ctx.db, account, [...NOTIFICATION_TYPES], { email: false });
    return { email: sub.email, active: false, asked: sub.digest, confirmed: false };
  });
}

/** The next digest time at or after `now`. */
export function nextDigestAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (at.getTime() < now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/**
 * Makes sure the next digest is queued: a cluster task of the schedule (schedule.ts, on a worker's start and hourly).
 * The day's dedupe key with `once` lets exactly one row exist per day, so the digest is claimed and sent once however
 * many nodes run.
 */
export async function scheduleDigest(ctx: Ctx): Promise<number | null> {
  const at = nextDigestAt(ctx.now());
  const day = at.toISOString().slice(0, 10);
  return enqueue(
    ctx,
    'mail.digest',
    { day, until: at.toISOString() },
    { dedupeKey: `digest:${day}`, once: true, runAt: at },
  );
}

/** The day's digest: the top entries once, then one letter job per subscriber (each retried on its own). */
export async function runDigest(ctx: Ctx, p: { day: string; until: string }) {
  const top = await q.topEntries(ctx.db, new Date(p.until), DIGEST_SIZE);
  const lines = top.map((e, i) => `${i + 1}. ${e.title || '—'}\n   ${ctx.config.publicUrl}/${e.id}`);
  for (const sub of await q.digestRecipients(ctx.db)) {
    await enqueue(
      ctx,
      'mail.digest.letter',
      { email: sub.email, day: p.day, until: p.until, lines },
      { dedupeKey: `digest:${p.day}:${sub.email}`, once: true },
    );
  }
  await scheduleDigest(ctx);
}

export async function letterForDigest(ctx: Ctx, p: { email: string; until: string; lines: string[] }) {
  const sub = await q.emailSubscriptionByEmail(ctx.db, p.email);
  if (!sub?.digest || sub.unsubscribed_at || !sub.confirmed_at) return;
  const date = formatFullDate(p.until, { timeZone: 'Europe/Moscow' }).split(',').slice(1, 2).join('').trim();
  const body = p.lines.length ? `${messages.mailDigestIntro}\n\n${p.lines.join('\n\n')}` : messages.mailDigestEmpty;
  await queueLetter(ctx, {
    to: sub.email,
    subject: messages.mailDigestSubject(date),
    text: `${body}\n\n${messages.mailDigestFooter(unsubscribeUrl(ctx, sub.token))}`,
    headers: unsubscribeHeaders(ctx, sub.token),
  });
}
