import type { Block, BlockOf } from './blocks.ts';
import { FIELD_MAX, TIMECODE_MAX } from './blocks.ts';
import type { z } from 'zod';
import type {
  commentCardData,
  entryCardData,
  extractImage,
  extractResult,
  linkCard,
  subsiteCardData,
  telegramEmbed,
  videoEmbed,
  xEmbed,
} from './api/extract.ts';
import type { VideoService } from './video.ts';

/**
 * Link extraction (`GET /andropov/extract`, spec/foundation.md §7): what one URL turns into, the recognisers that
 * need no network (video services, Telegram and X posts, our own links), and the mapping of a result into an entry
 * block for the editor.
 */

export const EXTRACT_URLS_MAX = 10;
export const EXTRACT_URL_MAX = 2000;

export type { VideoService };

/** The answers' shapes: their schemas are the contract's (api/extract.ts). */
export type ExtractImage = z.output<typeof extractImage>;
export type LinkCard = z.output<typeof linkCard>;
export type VideoEmbed = z.output<typeof videoEmbed>;
export type TelegramEmbed = z.output<typeof telegramEmbed>;
export type XEmbed = z.output<typeof xEmbed>;
export type EntryCardData = z.output<typeof entryCardData>;
export type CommentCardData = z.output<typeof commentCardData>;
export type SubsiteCardData = z.output<typeof subsiteCardData>;
export type ExtractResult = z.output<typeof extractResult>;

/** An extract result with its server-rendered card (`/andropov/extract/render`). */
export type RenderedResult = ExtractResult & { html: string };

// ---------------------------------------------------------------- recognisers

const host = (u: URL) => u.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
const segments = (u: URL) => u.pathname.split('/').filter(Boolean);

/** `90`, `90s`, `1m30s`, `1h2m3s` → seconds; anything else → undefined. */
export function parseTimecode(raw: string | null): number | undefined {
  if (!raw) return undefined;
  const m = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(raw.trim());
  if (!m || !(m[1] || m[2] || m[3])) return undefined;
  const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return seconds > 0 ? seconds : undefined;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function youtube(u: URL): { id: string; timecode?: number } | null {
  const h = host(u);
  const path = segments(u);
  let id: string | null | undefined = null;
  if (h === 'youtu.be') id = path[0];
  else if (h === 'youtube.com' || h === 'music.youtube.com' || h === 'youtube-nocookie.com') {
    if (path[0] === 'watch') id = u.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v'].includes(path[0] ?? '')) id = path[1];
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const timecode = parseTimecode(
    u.searchParams.get('t') ?? u.searchParams.get('start') ?? new URLSearchParams(u.hash.slice(1)).get('t'),
  );
  return timecode ? { id, timecode } : { id };
}

const VK_ID = /^-?\d{1,12}_\d{1,12}$/;

function vk(u: URL): string | null {
  const h = host(u);
  if (h !== 'vk.com' && h !== 'vk.ru' && h !== 'vkvideo.ru') return null;
  if (u.pathname === '/video_ext.php') {
    const id = `${u.searchParams.get('oid')}_${u.searchParams.get('id')}`;
    return VK_ID.test(id) ? id : null;
  }
  // `/video-1_2`, `/clip-1_2`, or any page with `?z=video-1_2/…` (the player over a wall or a catalogue).
  const inPath = /^\/(?:video|clip)(-?\d+_\d+)$/.exec(u.pathname)?.[1];
  const inZ = /^(?:video|clip)(-?\d+_\d+)/.exec(u.searchParams.get('z') ?? '')?.[1];
  const id = inPath ?? inZ;
  return id && VK_ID.test(id) ? id : null;
}

function vimeo(u: URL): string | null {
  const h = host(u);
  const path = segments(u);
  if (h === 'player.vimeo.com') return path[0] === 'video' && /^\d{1,12}$/.test(path[1] ?? '') ? path[1] : null;
  if (h !== 'vimeo.com') return null;
  // `/123`, `/123/unlistedhash`, `/channels/name/123`, `/groups/name/videos/123`
  const id = path.find((p) => /^\d{1,12}$/.test(p));
  return id ?? null;
}

function coub(u: URL): string | null {
  const path = segments(u);
  if (host(u) !== 'coub.com' || (path[0] !== 'view' && path[0] !== 'embed')) return null;
  return /^[A-Za-z0-9]{1,20}$/.test(path[1] ?? '') ? path[1] : null;
}

/** A video service link recognised from the address alone (no network). */
export function recognizeVideo(raw: string): { service: VideoService; id: string; timecode?: number } | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  const yt = youtube(u);
  if (yt) return { service: 'youtube', ...yt };
  const vkId = vk(u);
  if (vkId) return { service: 'vk', id: vkId };
  const vimeoId = vimeo(u);
  if (vimeoId) return { service: 'vimeo', id: vimeoId };
  const coubId = coub(u);
  if (coubId) return { service: 'coub', id: coubId };
  return null;
}

/** Thumbnails known from the id alone; the others come from the service's page. */
export function knownThumbnail(service: VideoService, id: string): string {
  return service === 'youtube' ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : '';
}

/** `t.me/{channel}/{post}` (also `t.me/s/…` and telegram.me); private `t.me/c/…` links are not embeddable. */
export function recognizeTelegram(raw: string): TelegramEmbed | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (!['t.me', 'telegram.me'].includes(host(u))) return null;
  const path = segments(u);
  if (path[0] === 's') path.shift();
  const [channel, post] = path;
  if (!channel || channel === 'c' || !/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(channel) || !/^\d{1,10}$/.test(post ?? ''))
    return null;
  return { url: `https://t.me/${channel}/${post}`, channel, post: Number(post) };
}

/** `x.com/{user}/status/{id}` and the twitter.com spellings. */
export function recognizeX(raw: string): XEmbed | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (
    !['x.com', 'twitter.com', 'mobile.twitter.com', 'mobile.x.com'].includes(
      u.hostname.toLowerCase().replace(/^www\./, ''),
    )
  )
    return null;
  const [user, status, id] = segments(u);
  if (!user || (status !== 'status' && status !== 'statuses') || !/^\d{1,25}$/.test(id ?? '')) return null;
  return { url: `https://x.com/${user}/status/${id}`, id: id };
}

export type ApplicationLink =
  | { kind: 'entry'; id: number }
  | { kind: 'comment'; entryId: number; commentId: number }
  | { kind: 'subsite'; id: number }
  | { kind: 'community'; slug: string }
  | { kind: 'other' };

const MAX_ID = 2 ** 31 - 1;
const idOf = (s: string | null | undefined) => {
  const m = /^(\d{1,10})(?:-|$)/.exec(s ?? '');
  const id = m ? Number(m[1]) : 0;
  return id > 0 && id <= MAX_ID ? id : 0;
};

/**
 * A link to our own site (spec/foundation.md §2: its host is the site's host), read from the address:
 * `/u/{id}-{slug}`, `/s/{slug}`, `/u/…/{id}-{slug}`, `/s/…/{id}-{slug}`, `/{id}`; with `comment` or `comments`
 * in the query an entry link names a comment. Null for any other host.
 */
export function applicationLink(raw: string, publicUrl: string): ApplicationLink | null {
  let u: URL;
  let own: URL;
  try {
    u = new URL(raw);
    own = new URL(publicUrl);
  } catch {
    return null;
  }
  const strip = (h: string) => h.toLowerCase().replace(/^www\./, '');
  if (strip(u.host) !== strip(own.host)) return null;
  const [first, second, third, ...rest] = segments(u);
  let entryId = 0;
  if (first && !second && idOf(first) && /^\d+$/.test(first)) entryId = idOf(first);
  else if ((first === 'u' || first === 's') && second && third && rest.length === 0) entryId = idOf(third);
  else if (first === 'u' && second && !third && idOf(second)) return { kind: 'subsite', id: idOf(second) };
  else if (first === 's' && second && !third) return { kind: 'community', slug: decodeURIComponent(second) };
  if (!entryId) return { kind: 'other' };
  const commentId = idOf(u.searchParams.get('comment') ?? u.searchParams.get('comments'));
  return commentId ? { kind: 'comment', entryId, commentId } : { kind: 'entry', id: entryId };
}

// ---------------------------------------------------------------- into blocks

/** Plain block fields are capped at 1000 characters (src/shared/blocks.ts). */
const field = (s: string) => (s.length > 1000 ? `${s.slice(0, 999)}…` : s);

function linkBlock(url: string, title: string, description: string, image: string | null): Block {
  return {
    type: 'link',
    data: {
      url,
      ...(title ? { title: field(title) } : {}),
      ...(description ? { description: field(description) } : {}),
      ...(image ? { image } : {}),
    },
  };
}

const httpImage = (s: string | null | undefined) => (s && /^https?:\/\//.test(s) ? s : null);

/**
 * The entry block a result becomes when the author pastes a link: video embeds become `video` blocks, everything
 * else a `link` card (the block schema has no Telegram, X or internal-card blocks). Errors give null.
 */
/** A video block's data: the optional fields only when they say something. */
export function videoBlockData(v: {
  service: VideoService;
  id: string;
  url: string;
  thumbnail?: string | null;
  title?: string;
  timecode?: number;
}): BlockOf<'video'>['data'] {
  return {
    service: v.service,
    id: v.id,
    url: v.url,
    ...(v.thumbnail ? { thumbnail: v.thumbnail } : {}),
    // A cut through an emoji's pair would leave half a character: that half goes too.
    ...(v.title ? { title: v.title.slice(0, FIELD_MAX).replace(/[\ud800-\udbff]$/, '') } : {}),
    ...(v.timecode ? { timecode: Math.min(v.timecode, TIMECODE_MAX) } : {}),
  };
}

export function resultToBlock(result: ExtractResult): Block | null {
  switch (result.type) {
    case 'video': {
      const { service, id, url, thumbnail, title, timecode } = result.data;
      return {
        type: 'video',
        data: videoBlockData({ service, id, url, thumbnail: httpImage(thumbnail), title, timecode }),
      };
    }
    case 'link': {
      const d = result.data;
      return linkBlock(d.url, d.title || d.site_name, d.description, httpImage(d.image?.uuid));
    }
    case 'telegram':
      return linkBlock(result.data.url, `t.me/${result.data.channel}/${result.data.post}`, '', null);
    case 'x':
      return linkBlock(result.data.url, result.data.url.replace(/^https:\/\//, ''), '', null);
    case 'entry':
      return linkBlock(result.data.url, result.data.title, result.data.description, httpImage(result.data.image?.uuid));
    case 'comment':
      return linkBlock(result.data.url, result.data.entry.title, result.data.text, null);
    case 'subsite':
      return linkBlock(result.data.url, result.data.name, result.data.description, httpImage(result.data.avatar_url));
    case 'error':
      return null;
  }
}
