import { recognizeVideo } from './extract.ts';
import type { LiveStreamKind } from './livestreams.ts';
import { videoEmbedUrl } from './video.ts';

/** A live stream's source link (the settings' field parser and the server): apart, so the pages carry none of it. */

/** An HLS playlist's address: http(s), its path ending in `.m3u8`. */
const HLS_PATH = /\.m3u8$/i;

/**
 * What a source link is: an HLS playlist, or a YouTube or VK Video player (`embed`: the player's address). Null for
 * anything else (another video service, a page, a broken link).
 */
export function recognizeStreamSource(raw: string): { kind: LiveStreamKind; embed: string | null } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (HLS_PATH.test(url.pathname)) return { kind: 'hls', embed: null };
  const channel = youtubeChannelLive(url);
  if (channel) return { kind: 'youtube', embed: channel };
  const video = recognizeVideo(raw);
  if (video?.service === 'youtube' || video?.service === 'vk')
    return { kind: video.service, embed: videoEmbedUrl({ service: video.service, id: video.id }) };
  return null;
}

/** `youtube.com/channel/UC…/live`: a channel's current stream, whichever video it is today. */
function youtubeChannelLive(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const m = /^\/channel\/(UC[A-Za-z0-9_-]{22})\/live\/?$/.exec(url.pathname);
  return host === 'youtube.com' && m
    ? `https://www.youtube-nocookie.com/embed/live_stream?channel=${m[1]}&autoplay=1`
    : null;
}
