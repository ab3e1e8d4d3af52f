import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { messages } from '../../../shared/catalogue.ts';
import { isAudioType, type AudioType, type MediaType } from '../../../shared/media.ts';
import type { Filter } from './filters.ts';

/**
 * The media work itself: what a file really is (by its bytes, never its name or declared type), its size and
 * dominant colour or a sound's length, and derivatives (sharp for pictures, ffmpeg for gif → mp4).
 */

/** A file refused for what it is; the message goes to the uploader as is. */
export class MediaRefused extends Error {}

/** Decoding more would let one upload take gigabytes of memory (a 100-megapixel RGBA frame is 400 MB already). */
export const MAX_MEGAPIXELS = 100;
const SHARP_INPUT = { limitInputPixels: MAX_MEGAPIXELS * 1_000_000, failOn: 'error' } as const;

const TYPE_BY_MIME: Record<string, MediaType> = {
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
async function dominantColor(input: Buffer): Promise<string> {
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

const run = promisify(execFile);

async function withTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-media-'));
  try {
    return await fn(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** At most this many ffmpeg processes at once on a node, one thread each: uploads queue rather than starve pages. */
const FFMPEG_AT_ONCE = Math.max(1, os.availableParallelism() - 1);
let ffmpegRunning = 0;
const ffmpegWaiting: (() => void)[] = [];

async function runFfmpeg(args: string[]): Promise<{ stdout: Buffer; stderr: string }> {
  if (ffmpegRunning >= FFMPEG_AT_ONCE) await new Promise<void>((resolve) => ffmpegWaiting.push(resolve));
  ffmpegRunning += 1;
  mediaStats.ffmpegRuns += 1;
  try {
    const { stdout, stderr } = await run(ffmpeg.path, ['-hide_banner', '-nostdin', '-threads', '1', ...args], {
      encoding: 'buffer',
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, stderr: stderr.toString() };
  } finally {
    ffmpegRunning -= 1;
    ffmpegWaiting.shift()?.();
  }
}

/** Size from ffmpeg's description of the first video stream; a frame of it gives the colour. */
async function probeVideo(data: Buffer): Promise<Probed> {
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in.mp4');
    await fs.writeFile(input, data);
    let out: { stdout: Buffer; stderr: string };
    try {
      out = await runFfmpeg([
        ...VIDEO_INPUT,
        input,
        '-frames:v',
        '1',
        '-vf',
        'scale=64:-2',
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ]);
    } catch (err) {
      // Sound alone in an mp4 not branded M4A (voice recorders write these): an m4a by what it holds.
      const said = String((err as { stderr?: Buffer }).stderr ?? '');
      if (/Stream #.*Audio:/.test(said) && !/Stream #.*Video:/.test(said)) return probeAudio(data, 'm4a');
      throw new MediaRefused(messages.mediaBroken);
    }
    const size = /Video:.*?, (\d{1,5})x(\d{1,5})\b/.exec(out.stderr);
    if (!size || !out.stdout.length) throw new MediaRefused(messages.mediaBroken);
    // A phone filming upright stores the frame sideways with a rotation: the page lays it out as it is shown.
    const upright = /rotate\s*:\s*(90|270)\b/.test(out.stderr);
    const [width, height] = upright ? [Number(size[2]), Number(size[1])] : [Number(size[1]), Number(size[2])];
    return { type: 'mp4', width, height, color: await dominantColor(out.stdout) };
  });
}

/** ffmpeg reads an mp4 as one, from the local file only, rather than guessing the format from the bytes. */
const VIDEO_INPUT = ['-protocol_whitelist', 'file', '-f', 'mov', '-i'];

/**
 * A video's file-wide metadata (phones write where it was filmed, the device and the time) dropped; the streams
 * copied as they are, their rotation included, and the index moved first so it plays while loading.
 */
async function videoWithoutMetadata(data: Buffer): Promise<Buffer> {
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in.mp4');
    const output = path.join(dir, 'out.mp4');
    await fs.writeFile(input, data);
    try {
      await runFfmpeg([
        '-loglevel',
        'error',
        ...VIDEO_INPUT,
        input,
        '-map',
        '0:v',
        '-map',
        '0:a?',
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        '-c',
        'copy',
        '-fflags',
        '+bitexact',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        output,
      ]);
      return await fs.readFile(output);
    } catch {
      throw new MediaRefused(messages.mediaBroken);
    }
  });
}

/**
 * Length from ffmpeg's `Duration:` line; the first minutes of sound are decoded (-xerror stops at the first bad
 * frame; a cap, so an hour of low-bitrate speech costs no more than a song),
 * so a file that only starts like audio is refused rather than stored.
 */
async function probeAudio(data: Buffer, type: AudioType): Promise<Probed> {
  return withTemp(async (dir) => {
    const input = path.join(dir, `in.${type}`);
    await fs.writeFile(input, data);
    let out: { stderr: string };
    try {
      out = await runFfmpeg([
        '-xerror',
        ...audioInput(type, input),
        '-map',
        '0:a:0',
        '-t',
        String(AUDIO_CHECK_SECONDS),
        '-f',
        'null',
        '-',
      ]);
    } catch {
      throw new MediaRefused(messages.mediaAudioBroken);
    }
    const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(out.stderr);
    if (!d) throw new MediaRefused(messages.mediaAudioBroken);
    return {
      type,
      width: 0,
      height: 0,
      color: '',
      duration: Math.round(Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3])),
    };
  });
}

/**
 * ffmpeg reads the container file-type found, local files only: left to guess, it would take bytes after an ID3
 * header for whatever they resemble (a playlist naming other addresses, say).
 */
/** How much of a sound is decoded to prove it is one. */
const AUDIO_CHECK_SECONDS = 300;
const AUDIO_DEMUXER: Record<AudioType, string> = { mp3: 'mp3', m4a: 'mov', ogg: 'ogg' };
const audioInput = (type: AudioType, file: string) => [
  '-protocol_whitelist',
  'file',
  '-f',
  AUDIO_DEMUXER[type],
  '-i',
  file,
];

/** Each sound written back in its own container; the muxers would otherwise add tags of their own. */
const AUDIO_OUTPUT: Record<AudioType, string[]> = {
  mp3: ['-f', 'mp3', '-id3v2_version', '0'],
  // The M4A brand keeps it audio by content; the index goes first so it plays while loading.
  m4a: ['-f', 'ipod', '-movflags', '+faststart'],
  ogg: ['-f', 'ogg'],
};

/**
 * Tags (ID3, iTunes atoms, Vorbis comments: names, places, an embedded cover) dropped with the pictures and
 * chapters; the first audio stream copied, never re-encoded.
 */
async function audioWithoutTags(data: Buffer, type: AudioType): Promise<Buffer> {
  return withTemp(async (dir) => {
    const input = path.join(dir, `in.${type}`);
    const output = path.join(dir, `out.${type}`);
    await fs.writeFile(input, data);
    try {
      await runFfmpeg([
        '-loglevel',
        'error',
        ...audioInput(type, input),
        '-map',
        '0:a:0',
        '-map_metadata',
        '-1',
        '-map_metadata:s:a',
        '-1',
        '-map_chapters',
        '-1',
        '-vn',
        '-c:a',
        'copy',
        '-fflags',
        '+bitexact',
        ...AUDIO_OUTPUT[type],
        output,
      ]);
      return await fs.readFile(output);
    } catch {
      throw new MediaRefused(messages.mediaAudioBroken);
    }
  });
}

const even = (n: number) => Math.max(2, n - (n % 2));

/** gif → H.264 mp4 that every browser plays: yuv420p needs even sides, faststart lets it play while loading. */
async function gifToMp4(gif: Buffer, filter: Filter): Promise<Buffer> {
  const g = filter.geometry;
  const scale = !g
    ? 'scale=trunc(iw/2)*2:trunc(ih/2)*2'
    : g.kind === 'resize'
      ? `scale='trunc(min(${g.width},iw)/2)*2':-2`
      : `scale=${even(g.width)}:${even(g.height)}:force_original_aspect_ratio=increase,crop=${even(g.width)}:${even(g.height)}`;
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in.gif');
    const output = path.join(dir, 'out.mp4');
    await fs.writeFile(input, gif);
    await runFfmpeg([
      '-loglevel',
      'error',
      '-f',
      'gif',
      '-i',
      input,
      '-an',
      '-vf',
      scale,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ]);
    return fs.readFile(output);
  });
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
  }
  return { data: await img.toBuffer(), type: format };
}
