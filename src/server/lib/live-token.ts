import crypto from 'node:crypto';

/**
 * A Plus reader's private live token (`GET /live/token/update`): `{userId}.{expires}.{hmac}`, the expiry in unix
 * seconds, signed with the site's secret so any node checks it without a lookup. Realtime hands it out; the live
 * streams' player shows it to open a Plus stream (whose owner checks the reader still has Plus).
 */

/** A token lives a day; the client asks for a new one after that. */
export const LIVE_TOKEN_TTL_S = 24 * 3600;

const mac = (secret: string, userId: number, expires: number) =>
  crypto.createHmac('sha256', secret).update(`live-token:${userId}:${expires}`).digest('base64url');

export function signLiveToken(secret: string, userId: number, now: Date): { token: string; expires: number } {
  const expires = Math.floor(now.getTime() / 1000) + LIVE_TOKEN_TTL_S;
  return { token: `${userId}.${expires}.${mac(secret, userId, expires)}`, expires };
}

/** The reader's id when the token is the site's own and not expired; null otherwise. */
export function liveTokenUser(secret: string, token: string, now: Date): number | null {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const expires = Number(m[2]);
  if (expires * 1000 <= now.getTime()) return null;
  const given = Buffer.from(m[3]);
  const expected = Buffer.from(mac(secret, userId, expires));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}
