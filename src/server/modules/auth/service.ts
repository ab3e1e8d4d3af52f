import crypto from 'node:crypto';
import argon2 from 'argon2';
import type { CurrentUser } from '../../../shared/api.ts';
import type { Ctx } from '../../context.ts';
import { messages } from '../../../shared/catalogue.ts';
import { slugify } from '../../../shared/slug.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, expected } from '../../lib/errors.ts';
import { attempts } from '../../lib/attempts.ts';
import { assertSolved } from '../captcha/index.ts';
import { perAppCache } from '../../lib/cache.ts';
import { createUser, presentCurrentUser } from '../users/service.ts';
import { queueLetter } from '../../jobs/letters.ts';
import * as q from './queries.ts';
import { passwordHashMemoryKib } from '../../config.ts';
import { userWrites } from '../users/index.ts';
import { sha256 } from '../../lib/hash.ts';

export const SESSION_DAYS = 30;
export const RECOVERY_MINUTES = 60;

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes) unless ARGON2_MEMORY_KIB says otherwise. */
const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: passwordHashMemoryKib(),
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => argon2.hash(password, HASH_OPTIONS);

const newToken = () => crypto.randomBytes(32).toString('base64url');

/** Verified against when the email is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | null = null;

export interface SessionInfo {
  token: string;
  expiresAt: Date;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** How a session signed in (`login_method` of the current user object): email, qr, magic, passkey or a provider. */
export type LoginMethod = string;

async function openSession(ctx: Ctx, userId: number, client: ClientInfo, loginMethod = 'email'): Promise<SessionInfo> {
  const token = newToken();
  const expiresAt = new Date(ctx.now().getTime() + SESSION_DAYS * 86400_000);
  await q.insertSession(ctx.db, {
    tokenHash: sha256(token),
    userId,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
    loginMethod: loginMethod.slice(0, 40),
  });
  return { token, expiresAt };
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A signed-in answer: the current user object and the session its cookie carries. */
export interface SignedIn {
  user: CurrentUser;
  session: SessionInfo;
}

/** `/auth/check`: the current user object, or null for an anonymous visitor. */
export async function currentUser(ctx: Ctx, user: q.UserRow | null): Promise<{ user: CurrentUser | null }> {
  return { user: user ? await presentCurrentUser(ctx, user) : null };
}

/**
 * Sign-up: a user with a personal blog and a session, in one transaction. The first registered user runs the site.
 * The password is hashed before the transaction opens, so it holds no connection while argon2 works.
 */
export async function register(
  ctx: Ctx,
  input: { name: string; email: string; password: string },
  client: ClientInfo,
): Promise<SignedIn> {
  if (await q.findUserByEmail(ctx.db, input.email))
    throw badRequest(messages.emailTaken, { errors: { email: messages.emailTaken } });
  const passwordHash = await hashPassword(input.password);
  const { user, session } = await transaction(ctx, async (ctx) => {
    const role = (await q.hasSuperuser(ctx.db)) ? 'user' : 'superuser';
    let userId: number;
    try {
      userId = await createUser(ctx, {
        name: input.name,
        slug: slugify(input.name, 40),
        email: input.email,
        passwordHash,
        role,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(messages.emailTaken, { errors: { email: messages.emailTaken } });
      throw err;
    }
    const user = expected(await q.findUserById(ctx.db, userId), 'the user just created');
    return { user, session: await openSession(ctx, userId, client) };
  });
  return { user: await presentCurrentUser(ctx, user), session };
}

/**
 * Password guessing is slowed, never turned into a lockout the owner cannot pass (anyone could cause one). Failed
 * sign-ins are counted per email (whatever address they come from, and the same way whether or not the account
 * exists) and per address, in fixed windows: past SIGN_IN_FREE_FAILURES for the email every try needs a solved
 * captcha (rc 418, modules/captcha; each solution works once), and past ADDRESS_FREE_FAILURES from one address each
 * try waits longer before the password is checked, doubling up to ADDRESS_MAX_DELAY_MS. The right password with a
 * solved captcha always signs in.
 */
export const SIGN_IN_FREE_FAILURES = 5;
export const SIGN_IN_FAILURES_WINDOW_MS = 15 * 60_000;
export const ADDRESS_FREE_FAILURES = 10;
const ADDRESS_BASE_DELAY_MS = 250;
const ADDRESS_MAX_DELAY_MS = 8000;

/** How long a try from an address with `failures` failed sign-ins in the window waits. */
export const addressDelayMs = (failures: number) =>
  failures < ADDRESS_FREE_FAILURES
    ? 0
    : Math.min(ADDRESS_MAX_DELAY_MS, ADDRESS_BASE_DELAY_MS * 2 ** (failures - ADDRESS_FREE_FAILURES));

export async function login(
  ctx: Ctx,
  input: { email: string; password: string },
  client: ClientInfo,
  captcha?: string,
): Promise<SignedIn> {
  const failures = attempts(ctx, 'sign-in', SIGN_IN_FAILURES_WINDOW_MS);
  const key = input.email.toLowerCase();
  const address = `address:${client.ip}`;
  const delay = addressDelayMs(await failures.failures(address));
  if (delay) await new Promise((r) => setTimeout(r, delay));
  if ((await failures.failures(key)) >= SIGN_IN_FREE_FAILURES) await assertSolved(ctx, captcha, messages.signInCaptcha);
  const failed = async () => {
    await failures.fail(key);
    await failures.fail(address);
    return badRequest(messages.wrongCredentials);
  };
  const user = await q.findUserByEmail(ctx.db, input.email);
  if (!user) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, input.password).catch(() => false);
    throw await failed();
  }
  const ok = await argon2.verify(user.passwordHash, input.password).catch(() => false);
  if (!ok) throw await failed();
  await failures.clear(key);
  const session = await openSession(ctx, user.id, client);
  return { user: await presentCurrentUser(ctx, user), session };
}

/**
 * Sign-in by another way than the password (QR code, mailed link, provider, passkey): the caller has proved who it
 * is; this opens the session its cookie carries. Takes the caller's transaction ctx when it has one.
 */
export function openSessionFor(
  ctx: Ctx,
  userId: number,
  client: ClientInfo,
  loginMethod: LoginMethod,
): Promise<SessionInfo> {
  return openSession(ctx, userId, client, loginMethod);
}

/** The current user object of a user by id (after a sign-in by another way), or null when there is none. */
export async function currentUserById(
  ctx: Ctx,
  userId: number,
  loginMethod?: LoginMethod,
): Promise<CurrentUser | null> {
  const user = await q.findUserById(ctx.db, userId);
  return user ? presentCurrentUser(ctx, { ...user, loginMethod }) : null;
}

/**
 * A session's user is looked up once per few seconds per node in production (a page view brings several requests).
 * Any write this node answers drops them all (a sign-out, a ban, a new name), and so does ending sessions from a job
 * (`forgetSessions`); a session ended through another node still works here for at most this long.
 */
export const SESSION_CACHE_MS = 5000;
const sessionCache = perAppCache<q.UserRow | null>(
  'auth.sessions',
  SESSION_CACHE_MS,
  { entries: 20_000, bytes: 16 * 1024 * 1024 },
  { dropOnWrite: true },
);

export async function userBySessionToken(ctx: Ctx, token: string | undefined) {
  if (!token || token.length > 100) return null;
  const hash = sha256(token);
  const read = async () => (await q.findUserBySession(ctx.db, hash, ctx.now())) ?? null;
  if (!ctx.config.sharedCaches) return read();
  const cache = sessionCache(ctx);
  const user = await cache.get(hash, read);
  // Unknown tokens are not kept: made-up cookies must not push real sessions out.
  if (!user) cache.delete(hash);
  return user;
}

/** After a write of the user through the API (http/app.ts): see `users.writeSeq`. */
export async function noteWrite(ctx: Ctx, userId: number) {
  await userWrites.bumpWriteSeq(ctx.db, userId);
}

/** Sessions ended outside a request this node answers (a job): none of the remembered ones may serve again. */
export function forgetSessions(ctx: Ctx) {
  sessionCache(ctx).clear();
}

export async function logout(ctx: Ctx, token: string | undefined) {
  if (token) await q.deleteSession(ctx.db, sha256(token));
}

/**
 * Every way into an account added after its creation (a provider linked, a passkey, a password) is told to its
 * owner by a letter, queued in the transaction that adds it: someone else adding one cannot go unnoticed.
 */
export async function announceSigninMethod(ctx: Ctx, userId: number, method: string) {
  const user = await q.findUserById(ctx.db, userId);
  if (!user) return;
  await queueLetter(ctx, {
    to: user.email,
    subject: messages.newMethodMailSubject,
    text: messages.newMethodMailText(user.name, method, `${ctx.config.publicUrl}/settings/signin`),
  });
}

/** Mails a one-hour link when the email is known; the answer is the same either way. */
export async function requestRecovery(ctx: Ctx, email: string) {
  const user = await q.findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = newToken();
  const link = `${ctx.config.publicUrl}/auth/simple/recover?token=${token}`;
  // The token and its letter commit together; the answer does not wait for SMTP.
  await transaction(ctx, async (ctx) => {
    await q.insertRecoveryToken(ctx.db, {
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(ctx.now().getTime() + RECOVERY_MINUTES * 60_000),
    });
    await queueLetter(ctx, {
      to: user.email,
      subject: messages.recoverMailSubject,
      text: messages.recoverMailText(user.name, link),
      secrets: [link],
    });
  });
}

export async function checkRecovery(ctx: Ctx, token: string) {
  const row = await q.findRecoveryToken(ctx.db, sha256(token), ctx.now());
  if (!row) throw badRequest(messages.recoverTokenInvalid);
  const user = await q.findUserById(ctx.db, row.userId);
  if (!user) throw badRequest(messages.recoverTokenInvalid);
  return { email: user.email, name: user.name };
}

/**
 * Sets the new password, ends every other session and signs the user in: one transaction, so a failure leaves the
 * old password, the old sessions and the link as they were.
 */
export async function completeRecovery(
  ctx: Ctx,
  input: { token: string; password: string },
  client: ClientInfo,
): Promise<SignedIn> {
  const row = await q.findRecoveryToken(ctx.db, sha256(input.token), ctx.now());
  if (!row) throw badRequest(messages.recoverTokenInvalid);
  const passwordHash = await hashPassword(input.password);
  const { user, session } = await transaction(ctx, async (ctx) => {
    if (!(await q.useRecoveryToken(ctx.db, row.tokenHash, ctx.now()))) throw badRequest(messages.recoverTokenInvalid);
    await userWrites.setPasswordHash(ctx.db, row.userId, passwordHash);
    await q.deleteUserSessions(ctx.db, row.userId);
    await announceSigninMethod(ctx, row.userId, messages.methodPassword);
    const user = expected(await q.findUserById(ctx.db, row.userId), 'the user whose password was just set');
    return { user, session: await openSession(ctx, row.userId, client) };
  });
  return { user: await presentCurrentUser(ctx, user), session };
}
