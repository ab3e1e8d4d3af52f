import crypto from 'node:crypto';
import type { ChannelAuth } from '../../shared/realtime.ts';

/**
 * Who may do what on a socket channel; every channel permission is decided here. A channel is public (anyone
 * may listen), or private to one user (`user-{id}`: the page data carries `time` + `hash`, an HMAC of the
 * channel and the time with the site's secret, so only the page that user was served can subscribe).
 * `broadcast` (client → channel) is allowed on no channel today; a future one (messenger typing marks) turns it on
 * in its rule.
 */
export interface ChannelRule {
  private: boolean;
  broadcast: boolean;
}

const PUBLIC: ChannelRule = { private: false, broadcast: false };
const PRIVATE: ChannelRule = { private: true, broadcast: false };

const RULES: [RegExp, ChannelRule][] = [
  [/^comments-[1-9]\d{0,9}$/, PUBLIC],
  [/^content-hits-[1-9]\d{0,9}$/, PUBLIC],
  [/^content-[1-9]\d{0,9}$/, PUBLIC],
  [/^live$/, PUBLIC],
  [/^system$/, PUBLIC],
  [/^user-[1-9]\d{0,9}$/, PRIVATE],
  // A browser waiting for its QR sign-in to be confirmed (the signin module hands out its time + hash).
  [/^signin-qr-[1-9]\d{0,9}$/, PRIVATE],
];

export const CHANNEL_NAME_MAX = 64;
/** A signature is good for a day: a tab left open longer reloads its page data (or reconnects with a fresh one). */
export const AUTH_TTL_S = 24 * 3600;
/** Tolerated clock difference between nodes for a `time` slightly in the future. */
const SKEW_S = 300;

export function channelRule(name: string): ChannelRule | null {
  if (name.length > CHANNEL_NAME_MAX) return null;
  return RULES.find(([re]) => re.test(name))?.[1] ?? null;
}

export function signChannel(secret: string, channel: string, time: number): string {
  return crypto.createHmac('sha256', secret).update(`${channel}:${time}`).digest('hex');
}

export function channelAuth(secret: string, channel: string, now: Date): ChannelAuth {
  const time = Math.floor(now.getTime() / 1000);
  return { channel, time, hash: signChannel(secret, channel, time) };
}

/** 'ok', or why a private channel's credentials are refused. */
export function checkAuth(
  secret: string,
  channel: string,
  time: number | undefined,
  hash: string | undefined,
  now: Date,
): 'ok' | 'missing' | 'expired' | 'wrong' {
  if (time === undefined || hash === undefined) return 'missing';
  const expected = Buffer.from(signChannel(secret, channel, time), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(hash) ? hash : '', 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'wrong';
  const nowS = now.getTime() / 1000;
  if (time > nowS + SKEW_S || nowS - time > AUTH_TTL_S) return 'expired';
  return 'ok';
}
