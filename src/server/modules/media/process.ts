import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { messages } from '../../../shared/catalogue.ts';
import { isAudioType, type MediaType } from '../../../shared/media.ts';
import type { Filter } from './filters.ts';
import { audioWithoutTags, probeAudio } from './audio.ts';
import {
  dominantColor,
  MAX_MEGAPIXELS,
  MediaRefused,
  mediaStats,
  SHARP_INPUT,
  TYPE_BY_MIME,
  type Probed,
} from './file-kind.ts';
import { gifToMp4, probeVideo, videoPoster, videoWithoutMetadata } from './video.ts';

/**
 * The media work itself: what a file really is (by its bytes, never its name or declared type), its size and
 * dominant colour or a sound's length, and derivatives (sharp for pictures, ffmpeg for gif → mp4).
 */
export async function probe(data: Buffer): Promise<Probed> {
  if (data.length === 0) throw new MediaRefused(messages.mediaEmptyFile);
  const type = TYPE_BY_MIME[(await fileTypeFromBuffer(data))?.mime ?? ''];
  if (!type) throw new MediaRefused(messages.mediaFormatInvalid);
  if (type === 'mp4') return probeVideo(data);
  if (isAudioType(type)) return probeAudio(data, type);
  let meta: Metadata;
  try {
    // The header only, unlimited, so an oversized picture gets its own message below instead of 'broken'.
    meta = await sharp(data, { ...SHARP_INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefused(messages.mediaBroken);
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw new MediaRefused(messages.mediaBroken);
  if (width * height > MAX_MEGAPIXELS * 1_000_000) throw new MediaRefused(messages.mediaPixelsTooMany(MAX_MEGAPIXELS));
  try {
    return { type, width, height, color: await dominantColor(data) };
  } catch {
    throw new MediaRefused(messages.mediaBroken);
  }
}

/** What may tell who took a picture and where: EXIF (with GPS), XMP, IPTC, text comments, an orientation to apply. */
const carriesMetadata = (m: Metadata) =>
  Boolean(m.exif || m.xmp || m.iptc || m.comments?.length || (m.orientation ?? 1) !== 1);

/** A webp's first image chunk (inside the first frame when animated): VP8L is lossless, VP8 lossy. */
function isLosslessWebp(data: Buffer): boolean {
  for (let at = 12; at + 8 <= data.length;) {
    const id = data.toString('latin1', at, at + 4);
    if (id === 'VP8L') return true;
    if (id === 'VP8 ') return false;
    // An ANMF frame's own chunks start after its 16-byte header.
    at = id === 'ANMF' ? at + 24 : at + 8 + data.readUInt32LE(at + 4) + (data.readUInt32LE(at + 4) & 1);
  }
  return false;
}

/**
 * The original as it is kept and served to everyone: metadata dropped, the EXIF orientation applied, the ICC profile
 * kept so colours stay. Re-encoded only when there is something to drop, in its own format, losslessly where the
 * format allows (jpeg at high quality); animations stay animated. The caller names it by the uploaded bytes still.
 */
export async function withoutMetadata(data: Buffer, type: MediaType): Promise<Buffer> {
  if (type === 'mp4') return videoWithoutMetadata(data);
  if (isAudioType(type)) return audioWithoutTags(data, type);
  try {
    const meta = await sharp(data, SHARP_INPUT).metadata();
    if (!carriesMetadata(meta)) return data;
    const animated = (meta.pages ?? 1) > 1;
    let img = sharp(data, { ...SHARP_INPUT, animated }).keepIccProfile();
    if (!animated) img = img.autoOrient();
    switch (type) {
      case 'jpg':
        img = img.jpeg({ quality: 92, mozjpeg: true });
        break;
      case 'png':
        img = img.png({ compressionLevel: 9 });
        break;
      case 'webp':
        img = img.webp(isLosslessWebp(data) ? { lossless: true } : { quality: 92 });
        break;
      case 'gif':
        img = img.gif();
        break;
    }
    return await img.toBuffer();
  } catch {
    throw new MediaRefused(messages.mediaBroken);
  }
}

/**
 * A derivative of an original: turned upright by its EXIF orientation, metadata (EXIF, GPS) dropped, resized or
 * cut, in the asked format or the original's. Animated gifs stay animated as gif or webp.
 */
export async function makeDerivative(
  original: Buffer,
  type: MediaType,
  filter: Filter,
): Promise<{ data: Buffer; type: MediaType }> {
  const format = filter.format ?? type;
  mediaStats.derivatives += 1;
  if (format === 'mp4') return { data: await gifToMp4(original, filter), type: 'mp4' };
  if (type === 'mp4') {
    const width = filter.geometry?.kind === 'resize' ? filter.geometry.width : undefined;
    return { data: await videoPoster(original, width), type: 'jpg' };
  }
  const animated = type === 'gif' && (format === 'gif' || format === 'webp');
  let img = sharp(original, { ...SHARP_INPUT, animated }).autoOrient();
  const g = filter.geometry;
  if (g?.kind === 'resize') img = img.resize({ width: g.width, withoutEnlargement: true });
  if (g?.kind === 'crop') img = img.resize({ width: g.width, height: g.height, fit: 'cover' });
  switch (format) {
    case 'webp':
      img = img.webp({ quality: 80 });
      break;
    case 'jpg':
      img = img.flatten({ background: '#ffffff' }).jpeg({ quality: 82 });
      break;
    case 'png':
      img = img.png();
      break;
    case 'gif':
      img = img.gif();
      break;
    default:
      // Sound has no derivatives: a filter on it is refused before this (service.ts, mediaAudioNoFilters).
      break;
  }
  return { data: await img.toBuffer(), type: format };
}
