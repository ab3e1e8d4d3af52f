import crypto from 'node:crypto';
import sharp from 'sharp';
import { type MediaType } from '../../../shared/media.ts';

/** What a media file is, found by its bytes: its type, the shape of a probe's answer, its content uuid and colour. */

/** A file refused for what it is; the message goes to the uploader as is. */
export class MediaRefused extends Error {}

/** Decoding more would let one upload take gigabytes of memory (a 100-megapixel RGBA frame is 400 MB already). */
export const MAX_MEGAPIXELS = 100;
export const SHARP_INPUT = { limitInputPixels: MAX_MEGAPIXELS * 1_000_000, failOn: 'error' } as const;

export const TYPE_BY_MIME: Record<string, MediaType> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  // file-type's names: an M4A-branded mp4 is audio/x-m4a (M4B, F4A audio/mp4); opus and vorbis are both in ogg.
  'audio/mpeg': 'mp3',
  'audio/x-m4a': 'm4a',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/ogg; codecs=opus': 'ogg',
  'audio/wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/x-wav': 'wav',
};
export const MIME_BY_TYPE: Record<MediaType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

/** Work done in this process: tests prove a derivative is made once however many ask for it. */
export const mediaStats = { derivatives: 0, ffmpegRuns: 0 };

export interface Probed {
  type: MediaType;
  width: number;
  height: number;
  /** Six hex digits, no '#'; empty for sound. */
  color: string;
  /** Whole seconds of sound; only audio has it. */
  duration?: number;
}

/** A UUID-shaped name from the content's SHA-256 (version 8, RFC 9562): the same bytes always get the same uuid. */
export function contentUuid(data: Buffer): string {
  const h = crypto.createHash('sha256').update(data).digest();
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const hex = (c: { r: number; g: number; b: number }) =>
  [c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, '0')).join('');

/** Dominant colour of a small copy: decoding it also proves the whole file reads, not just its header. */
export async function dominantColor(input: Buffer): Promise<string> {
  const { data, info } = await sharp(input, SHARP_INPUT)
    .resize(64, 64, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { dominant } = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  }).stats();
  return hex(dominant);
}
