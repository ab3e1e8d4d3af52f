import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { messages } from '../../../shared/catalogue.ts';
import type { CaptchaChallenge, CaptchaRequired } from '../../../shared/captcha.ts';
import type { Role } from '../../../shared/api.ts';
import type { Ctx } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

/**
 * Anti-spam for new accounts and the self-hosted proof-of-work captcha (altcha-lib): over a limit a call answers
 * rc 418 with a signed challenge; the client's browser solves it and repeats the call with `captcha`. A solved
 * challenge is accepted once: its signature is kept (Redis, or this process's memory without Redis) until it expires.
 */
const CHALLENGE_TTL_S = 10 * 60;
/** SHA-256 proof of work: at most this many hashes, on average half of it (well under a second in a browser). */
const MAX_NUMBER = 100_000;

const hmacKey = (ctx: Ctx) => createHmac('sha256', ctx.config.secret).update('sreda:captcha').digest('hex');

export async function issue(ctx: Ctx): Promise<CaptchaChallenge> {
  const expires = new Date(ctx.now().getTime() + CHALLENGE_TTL_S * 1000);
  return createChallenge({ hmacKey: hmacKey(ctx), maxnumber: MAX_NUMBER, expires });
}

const used = new WeakMap<Ctx, Map<string, number>>();

/** Marks a signature used; false when it already was. */
async function claim(ctx: Ctx, signature: string, untilMs: number): Promise<boolean> {
  const ttl = Math.max(1, Math.ceil((untilMs - ctx.now().getTime()) / 1000));
  if (ctx.root.redis) {
    return (await ctx.root.redis.set(`captcha:used:${signature}`, '1', 'EX', ttl, 'NX')) === 'OK';
  }
  let seen = used.get(ctx.root);
  if (!seen) used.set(ctx.root, (seen = new Map()));
  const now = ctx.now().getTime();
  for (const [k, until] of seen) if (until <= now) seen.delete(k);
  if (seen.has(signature)) return false;
  seen.set(signature, untilMs);
  return true;
}

/** True when `payload` solves a challenge this site issued, not yet expired and never used before. */
export async function verify(ctx: Ctx, payload: string): Promise<boolean> {
  let parsed: { signature?: unknown; salt?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  if (!parsed || typeof parsed.signature !== 'string' || typeof parsed.salt !== 'string') return false;
  const ok = await verifySolution(payload, hmacKey(ctx), true).catch(() => false);
  if (!ok) return false;
  const expires = Number(new URLSearchParams(parsed.salt.split('?')[1] ?? '').get('expires'));
  const untilMs =
    Number.isFinite(expires) && expires > 0 ? expires * 1000 : ctx.now().getTime() + CHALLENGE_TTL_S * 1000;
  return claim(ctx, parsed.signature, untilMs);
}

async function required(ctx: Ctx, rm: string): Promise<ApiError> {
  const data: CaptchaRequired = { challenge: await issue(ctx) };
  return new ApiError(418, rm, data);
}

/**
 * The new-account comment limit: under it, nothing; over it, a valid unused captcha lets the comment through,
 * otherwise rc 418 with a fresh challenge.
 */
export async function guardComment(
  ctx: Ctx,
  user: { id: number; role: Role; createdAt: Date },
  captcha: string | undefined,
): Promise<void> {
  const now = ctx.now();
  if (!policy.isLimited(user, now)) return;
  const recent = await q.countCommentsSince(ctx.db, user.id, policy.commentWindowStart(now));
  if (!policy.overCommentLimit(recent, ctx.config.rateLimitScale)) return;
  await assertSolved(ctx, captcha, messages.captchaRequired);
}

/** A solved, unused captcha or rc 418 with a fresh challenge (`rm` when none was sent, 'not passed' when it was wrong). */
export async function assertSolved(ctx: Ctx, captcha: string | undefined, rm: string): Promise<void> {
  if (captcha === undefined || captcha === '') throw await required(ctx, rm);
  if (!(await verify(ctx, captcha))) throw await required(ctx, messages.captchaInvalid);
}

/** Sign-up honeypot: a filled hidden field is a bot; refused with a plain message that does not say why. */
export function assertNotHoneypot(ctx: Ctx, value: string | undefined): void {
  if (value === undefined || value === '') return;
  ctx.log.info({ honeypot: true }, 'sign-up refused: honeypot filled');
  throw new ApiError(400, messages.signupRefused);
}
