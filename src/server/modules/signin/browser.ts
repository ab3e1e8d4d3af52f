import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { messages } from '../../../shared/catalogue.ts';
import { OAUTH_STATE_TTL_MIN, type ProviderType } from '../../../shared/signin.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * The social sign-in's state is tied to the browser that started it: the start sets this cookie, an HMAC (the
 * site's SECRET) of the provider, the state and its expiry, and the callback is refused unless it brings the cookie
 * that matches its state. An attacker's callback URL opened in a victim's browser (login CSRF) finds no such cookie
 * and changes nothing. Telegram's flow carries no state: its cookie names the provider only.
 */
export const OAUTH_COOKIE = 'sreda_oauth';
const PATH = '/auth/';

const mac = (ctx: Ctx, provider: ProviderType, state: string, exp: number) =>
  crypto.createHmac('sha256', ctx.config.secret).update(`oauth|${provider}|${state}|${exp}`).digest('base64url');

/**
 * HttpOnly, `/auth/` only, ten minutes. Apple answers with a cross-site form POST, which carries a cookie only when
 * it is SameSite=None (so Secure: https sites, as Apple requires anyway); the others come back by a top-level GET,
 * which SameSite=Lax lets through.
 */
export function cookieOptions(ctx: Ctx, provider: ProviderType) {
  const secure = ctx.config.publicUrl.startsWith('https:');
  return {
    path: PATH,
    httpOnly: true,
    secure,
    sameSite: provider === 'apple' && secure ? ('none' as const) : ('lax' as const),
    maxAge: OAUTH_STATE_TTL_MIN * 60,
  };
}

export function bindBrowser(ctx: Ctx, reply: FastifyReply, provider: ProviderType, state: string) {
  const exp = Math.floor(ctx.now().getTime() / 1000) + OAUTH_STATE_TTL_MIN * 60;
  reply.setCookie(OAUTH_COOKIE, `${exp}.${mac(ctx, provider, state, exp)}`, cookieOptions(ctx, provider));
}

/** Refuses (400, nothing changed) a callback whose browser did not start this flow within ten minutes. */
export function requireSameBrowser(ctx: Ctx, provider: ProviderType, state: string, cookie: string | undefined) {
  const [expText, given] = (cookie ?? '').split('.');
  const exp = Number(expText);
  const ok =
    Number.isInteger(exp) &&
    exp * 1000 > ctx.now().getTime() &&
    typeof given === 'string' &&
    given.length > 0 &&
    crypto.timingSafeEqual(
      crypto.createHash('sha256').update(given).digest(),
      crypto
        .createHash('sha256')
        .update(mac(ctx, provider, state, exp))
        .digest(),
    );
  if (!ok) throw badRequest(messages.oauthOtherBrowser);
}

export function forgetBrowser(ctx: Ctx, reply: FastifyReply, provider: ProviderType) {
  const { maxAge: _, ...options } = cookieOptions(ctx, provider);
  reply.clearCookie(OAUTH_COOKIE, options);
}
