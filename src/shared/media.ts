import type { z } from 'zod';
import type { mediaFile, mediaImage, uploadResultItem } from './api/media.ts';
import { imageRequestSize, imageWidthBucket } from './format.ts';

/**
 * Media URLs (spec/foundation.md §3, §7 'Image delivery'): `{media base}/{uuid}/` is the original, and filter
 * segments in the Uploadcare grammar ask for a derivative: `-/scale_crop/{w}x{h}/`, `-/resize/{w}/`, `-/format/{f}/`.
 * Widths are the buckets of §9 only, so every page asks for the same few derivatives and the store stays small.
 */

/** What an image block shows: pictures, and mp4 (a gif made video, or a clip). */
export const IMAGE_TYPES = ['jpg', 'png', 'gif', 'webp', 'mp4'] as const;
/** Uploaded video (.mp4, or .mov/.webm made mp4) longer than this is refused: 20 minutes. */
export const VIDEO_MAX_SECONDS = 20 * 60;
/** Sound files: served only as uploaded (no filters), measured in seconds instead of pixels. */
export const AUDIO_TYPES = ['mp3', 'm4a', 'ogg', 'wav'] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];
export const MEDIA_TYPES = [...IMAGE_TYPES, ...AUDIO_TYPES] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const isAudioType = (type: string): type is AudioType => (AUDIO_TYPES as readonly string[]).includes(type);

/**
 * Files that are neither pictures nor sound (a message's attachments): stored as uploaded under the hash of their
 * content, type 'file', served only as a download. The allowed kinds by the MIME type found in their bytes, with the
 * extension a download gets; text (no signature to find) by the name's extension and valid UTF-8.
 */
export const FILE_TYPE = 'file';
export const FILE_EXT_BY_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/x-7z-compressed': '7z',
  'application/gzip': 'gz',
  'application/x-rar-compressed': 'rar',
  'application/vnd.rar': 'rar',
  'application/x-tar': 'tar',
  'application/rtf': 'rtf',
  'application/epub+zip': 'epub',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'text/plain; charset=utf-8': 'txt',
  'text/csv; charset=utf-8': 'csv',
  'text/markdown; charset=utf-8': 'md',
};
/** Text files: no signature in their bytes, so the name's extension says which (and the bytes must be UTF-8). */
export const TEXT_FILE_MIME: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  log: 'text/plain; charset=utf-8',
};
export const FILE_NAME_MAX = 255;

/** A non-media file as the upload answers it and a message carries it (its schema: api/media.ts). */
export type MediaFile = z.output<typeof mediaFile>;

/** What `-/format/…/` may ask for: pictures in three formats, and mp4 for gifs (played as video). */
export const MEDIA_FORMATS = ['webp', 'jpg', 'png', 'mp4'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** The largest side a derivative may have: 2000 px doubled for retina screens. */
export const MEDIA_SIDE_MAX = 4000;

/** A width the delivery route serves: a §9 bucket (64, 108, multiples of 100 from 200) or its retina double. */
export function isWidthBucket(width: number): boolean {
  if (!Number.isInteger(width) || width <= 0 || width > MEDIA_SIDE_MAX) return false;
  return width === 64 || width === 108 || width === 128 || width === 216 || (width >= 200 && width % 100 === 0);
}

/** The bucket a refused width should have been (for the refusal message). */
export const nearestWidthBucket = (width: number): number =>
  Math.min(imageWidthBucket(Math.max(1, width)), MEDIA_SIDE_MAX);

/** The image entity of spec/foundation.md §3, as upload answers and entry blocks carry it. */
/** A stored picture, video or sound (its schema: api/media.ts). */
export type MediaImage = z.output<typeof mediaImage>;

/** One entry of an upload answer's `result`: a media entity, or a failure with a Russian message. */
export type UploadResultItem = z.output<typeof uploadResultItem>;

export interface MediaUrlOptions {
  /** Displayed width in CSS pixels; bucketed (and doubled on retina or when a side is 80 or less, §9). */
  width?: number;
  /** Displayed height; with `crop` the image is cut to width x height, otherwise it only keeps the proportion. */
  height?: number;
  crop?: boolean;
  format?: MediaFormat;
  retina?: boolean;
}

/** A uuid that is already an address (an outside image or an inline base64 png) is used as is (§3). */
export const isDirectSrc = (uuid: string): boolean =>
  uuid.startsWith('http') || uuid.startsWith('data:image/png;base64');

/** `mediaUrl('/media', uuid, {width: 640, height: 360, crop: true, format: 'webp'})` → `/media/{uuid}/-/scale_crop/700x394/-/format/webp/`. */
export function mediaUrl(base: string, uuid: string, opts: MediaUrlOptions = {}): string {
  if (isDirectSrc(uuid)) return uuid;
  let url = `${base.replace(/\/+$/, '')}/${uuid}/`;
  const retina = opts.retina ?? false;
  if (opts.width && opts.height && opts.crop) {
    const size = imageRequestSize(opts.width, opts.height, { retina });
    // Past the cap both sides shrink together, so the crop keeps its proportion.
    const scale = Math.min(1, MEDIA_SIDE_MAX / size.width, MEDIA_SIDE_MAX / size.height);
    const width = scale < 1 ? nearestWidthBucket(Math.floor(size.width * scale)) : size.width;
    url += `-/scale_crop/${width}x${Math.min(MEDIA_SIDE_MAX, Math.max(1, Math.round((size.height * width) / size.width)))}/`;
  } else if (opts.width) {
    const small = opts.width <= 80 || (opts.height !== undefined && opts.height <= 80);
    url += `-/resize/${Math.min(imageWidthBucket(opts.width, { retina: retina || small }), MEDIA_SIDE_MAX)}/`;
  }
  if (opts.format) url += `-/format/${opts.format}/`;
  return url;
}

/** `file`, or `file_0`, `file_1`… as the request helper names a list of files (spec/foundation.md §7). */
export const FILE_FIELD = /^file(?:_(\d{1,3}))?$/;
/** A file field's place in the list (`file` first). */
export const fileIndex = (name: string) => Number(FILE_FIELD.exec(name)?.[1] ?? -1);
