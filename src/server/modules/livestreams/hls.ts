import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { perAppCache } from '../../lib/cache.ts';
import { ApiError } from '../../lib/errors.ts';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';

/**
 * An HLS stream through the site (`GET /v3.0/liveStream/{id}/hls`). The reader's player never fetches the source:
 * the CSP keeps its requests on this origin, the source's address stays private (a Plus stream's too), and each
 * playlist and segment asks the reader's right again. Every address a playlist names is rewritten to this route with
 * the address in `u` and the site's signature of it in `s`, so the route fetches only what a source playlist named,
 * never an address a caller made up; the signature also binds the stream's source, so changing it retires the old
 * addresses. Fetches go through safe-fetch (no private addresses, size and time limits).
 */

export const HLS_TYPE = 'application/vnd.apple.mpegurl';
const PLAYLIST_MAX = 1024 * 1024;
const SEGMENT_MAX = 16 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

/** Segment and key types sent on as they came; anything else goes as bytes (never as a page of this origin). */
const MEDIA_TYPES = /^(video\/(mp2t|mp4|iso\.segment)|audio\/(aac|mp4|mpeg)|application\/(mp4|octet-stream))$/;

export interface HlsAnswer {
  type: string;
  body: Buffer;
}

export function signPart(secret: string, streamId: number, source: string, address: string): string {
  return crypto.createHmac('sha256', secret).update(`live-hls:${streamId}:${source}:${address}`).digest('base64url');
}

const samePart = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The address a part link carries, once its signature is the site's for this stream and source; else 403. */
export function partAddress(secret: string, streamId: number, source: string, u: string, s: string): string {
  const address = Buffer.from(u, 'base64url').toString('utf8');
  if (!samePart(signPart(secret, streamId, source, address), s))
    throw new ApiError(403, messages.liveStreamPartInvalid);
  return address;
}

/** Attributes of tags that name an address: keys, renditions, init sections, parts, preload hints. */
const URI_ATTRIBUTE = /URI="([^"]*)"/g;

/** The playlist with each address (a line of its own, or a tag's URI attribute) turned into `link(absolute)`. */
export function rewritePlaylist(text: string, base: string, link: (address: string) => string): string {
  const absolute = (ref: string) => {
    try {
      return link(new URL(ref, base).toString());
    } catch {
      return ref;
    }
  };
  return text
    .split(/\r?\n/)
    .map((raw) => {
      const line = raw.trim();
      if (line === '') return line;
      if (line.startsWith('#')) return line.replace(URI_ATTRIBUTE, (_, ref: string) => `URI="${absolute(ref)}"`);
      return absolute(line);
    })
    .join('\n');
}

const isPlaylist = (body: Buffer) =>
  body
    .subarray(0, 16)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .startsWith('#EXTM3U');

/** A part as the source sent it: its address after redirects (a playlist's base), its media type, its bytes. */
interface Fetched extends HlsAnswer {
  url: string;
}

// Each viewer's player asks for the playlist every few seconds and for every segment once: in production one fetch
// per node serves them all (playlists for a second, segments while a live window holds them).
const playlistCache = perAppCache<Fetched>('livestreams.playlists', 1000, 200);
const segmentCache = perAppCache<Fetched>('livestreams.segments', 60_000, {
  entries: 500,
  bytes: 128 * 1024 * 1024,
  sizeOf: (a) => (a as Fetched).body.length,
});

async function fetchPart(ctx: Ctx, address: string, playlist: boolean): Promise<Fetched> {
  try {
    const res = await safeFetch(ctx.config, address, {
      maxBytes: playlist ? PLAYLIST_MAX : SEGMENT_MAX,
      timeoutMs: FETCH_TIMEOUT_MS,
      accept: playlist ? `${HLS_TYPE}, application/x-mpegurl, */*` : '*/*',
    });
    const type = res.contentType.split(';', 1)[0].trim().toLowerCase();
    return { url: res.url, type: MEDIA_TYPES.test(type) ? type : 'application/octet-stream', body: res.body };
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    ctx.log.info({ reason: err.reason, status: err.status }, 'live stream source failed');
    throw new ApiError(404, messages.liveStreamUnavailable);
  }
}

/**
 * One part of the stream: `address` is the source playlist (`expectPlaylist`) or an address one of its playlists
 * named. A playlist comes back rewritten with `link`; anything else as the source sent it.
 */
export async function hlsPart(
  ctx: Ctx,
  address: string,
  expectPlaylist: boolean,
  link: (address: string) => string,
): Promise<HlsAnswer> {
  const playlist = expectPlaylist || /\.m3u8$/i.test(new URL(address).pathname);
  const load = () => fetchPart(ctx, address, playlist);
  const got = ctx.config.sharedCaches
    ? await (playlist ? playlistCache : segmentCache)(ctx).get(address, load)
    : await load();
  if (isPlaylist(got.body))
    return { type: HLS_TYPE, body: Buffer.from(rewritePlaylist(got.body.toString('utf8'), got.url, link)) };
  if (expectPlaylist) throw new ApiError(404, messages.liveStreamUnavailable);
  return { type: got.type, body: got.body };
}
