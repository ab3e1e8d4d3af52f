import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { callbackUrl, type Profile } from './secrets.ts';

/** Telegram login: not OAuth, a result signed with the bot token that oauth.telegram.org hands back. */

/** The bot's token; without one the provider is off (requireProvider refuses it first). */
function botToken(ctx: Ctx): string {
  const keys = ctx.config.signinProviders.telegram;
  if (!keys) throw new ApiError(404, messages.providerOff);
  return keys.botToken;
}

export function telegramUrl(ctx: Ctx): string {
  const token = botToken(ctx);
  const url = new URL('https://oauth.telegram.org/auth');
  url.searchParams.set('bot_id', token.split(':')[0]);
  url.searchParams.set('origin', ctx.config.publicUrl);
  url.searchParams.set('return_to', callbackUrl(ctx, 'telegram'));
  url.searchParams.set('request_access', 'write');
  return url.href;
}

/** Checks Telegram's signature: HMAC-SHA256 of the sorted fields with SHA-256 of the bot token, within a day. */
export function telegramProfile(ctx: Ctx, encoded: string): Profile {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw badRequest(messages.telegramInvalid);
  }
  if (!data || typeof data !== 'object' || typeof data.hash !== 'string') throw badRequest(messages.telegramInvalid);
  const check = Object.keys(data)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${String(data[k])}`)
    .join('\n');
  const secret = crypto.createHash('sha256').update(botToken(ctx)).digest();
  const expected = crypto.createHmac('sha256', secret).update(check).digest();
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(data.hash) ? data.hash : '', 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    throw badRequest(messages.telegramInvalid);
  if (ctx.now().getTime() / 1000 - Number(data.auth_date) > 86400) throw badRequest(messages.telegramInvalid);
  return {
    subject: String(data.id ?? ''),
    email: '',
    emailVerified: false,
    name: [data.first_name, data.last_name].filter(Boolean).join(' '),
  };
}
