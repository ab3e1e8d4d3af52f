import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '../../../shared/catalogue.ts';
import type { Filter } from './filters.ts';
import { dominantColor, MediaRefused, type Probed } from './file-kind.ts';
import { probeAudio } from './audio.ts';
import { runFfmpeg, runFfmpegWithProgress, withTemp } from './ffmpeg.ts';

/** Video by ffmpeg: its size and colour, its metadata dropped, a gif turned into an mp4. */

/** Size from ffmpeg's description of the first video stream; a frame of it gives the colour. */
export async function probeVideo(data: Buffer): Promise<Probed> {
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

/** Nothing of the file-wide metadata or chapters kept, and no encoder's version written in their place. */
const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'];

/** An mp4 with its index first, so it plays while loading. */
const MP4_OUTPUT = ['-movflags', '+faststart', '-f', 'mp4'];

/**
 * A video's file-wide metadata (phones write where it was filmed, the device and the time) dropped; the streams
 * copied as they are, their rotation included, and the index moved first so it plays while loading.
 */
export async function videoWithoutMetadata(data: Buffer): Promise<Buffer> {
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
        ...NO_METADATA,
        '-c',
        'copy',
        ...MP4_OUTPUT,
        output,
      ]);
      return await fs.readFile(output);
    } catch {
      throw new MediaRefused(messages.mediaBroken);
    }
  });
}

const even = (n: number) => Math.max(2, n - (n % 2));

/** gif → H.264 mp4 that every browser plays: yuv420p needs even sides, faststart lets it play while loading. */
export async function gifToMp4(gif: Buffer, filter: Filter): Promise<Buffer> {
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
      ...MP4_OUTPUT,
      output,
    ]);
    return fs.readFile(output);
  });
}

/** Video files other than mp4 that uploads take (by their bytes): QuickTime (phones) and WebM. */
const OTHER_VIDEO: Record<string, string> = { 'video/quicktime': 'mov', 'video/webm': 'matroska,webm' };
export const isOtherVideo = (mime: string | undefined) => mime !== undefined && mime in OTHER_VIDEO;
/** What the editor's video upload takes (by the bytes), each with the demuxer ffmpeg reads it with. */
const VIDEO_DEMUXER: Record<string, string> = { 'video/mp4': 'mov', ...OTHER_VIDEO };
export const isUploadVideo = (mime: string | undefined) => mime !== undefined && mime in VIDEO_DEMUXER;

/** The sync path's limit (an upload request waits); a job gives an encode far longer. */
const REQUEST_ENCODE_MS = 120_000;

/**
 * A .mov or .webm made an H.264/AAC mp4 every browser plays (yuv420p, even sides, at most 1920 px wide, the index
 * first), without the file's metadata. Longer than `maxSeconds` is refused before encoding (its header says).
 */
export async function toMp4(data: Buffer, mime: string, maxSeconds: number): Promise<Buffer> {
  return (await encodeVideo(data, mime, maxSeconds, () => {}, REQUEST_ENCODE_MS)).mp4;
}

/**
 * Any uploaded video (mp4, mov, webm) made the mp4 `toMp4` describes, telling `onShare` how much is done (0…1) as
 * ffmpeg goes; answers whether it has sound. A refusal (broken, too long, no picture) is a `MediaRefused`.
 */
export async function encodeVideo(
  data: Buffer,
  mime: string,
  maxSeconds: number,
  onShare: (share: number) => void,
  timeoutMs: number,
): Promise<{ mp4: Buffer; hasAudio: boolean }> {
  const format = VIDEO_DEMUXER[mime];
  if (!format) throw new MediaRefused(messages.mediaVideoFormatInvalid);
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in');
    const output = path.join(dir, 'out.mp4');
    await fs.writeFile(input, data);
    const demuxer = ['-protocol_whitelist', 'file', '-f', format, '-i', input];
    // ffmpeg with an input and no output describes the file (duration, streams) and exits with an error.
    const probe = await runFfmpeg(demuxer).then(
      (r) => r.stderr,
      (err: { stderr?: Buffer }) => String(err.stderr ?? ''),
    );
    const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(probe);
    if (!d || !/Stream #.*Video:/.test(probe)) throw new MediaRefused(messages.mediaBroken);
    const seconds = Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]);
    if (seconds > maxSeconds) throw new MediaRefused(messages.mediaVideoTooLong(Math.floor(maxSeconds / 60)));
    try {
      await runFfmpegWithProgress(
        [
          '-loglevel',
          'error',
          ...demuxer,
          '-map',
          '0:v:0',
          '-map',
          '0:a:0?',
          ...NO_METADATA,
          '-vf',
          "scale='min(1920,iw)':-2,format=yuv420p",
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-c:a',
          'aac',
          '-b:a',
          '128k',
          ...MP4_OUTPUT,
          output,
        ],
        (at) => onShare(seconds > 0 ? Math.min(1, at / seconds) : 0),
        timeoutMs,
      );
      return { mp4: await fs.readFile(output), hasAudio: /Stream #.*Audio:/.test(probe) };
    } catch {
      throw new MediaRefused(messages.mediaBroken);
    }
  });
}

/** A video's poster: its first frame as a jpg of the asked width (or its own), for the player's `poster`. */
export async function videoPoster(mp4: Buffer, width?: number): Promise<Buffer> {
  return withTemp(async (dir) => {
    const input = path.join(dir, 'in.mp4');
    await fs.writeFile(input, mp4);
    const { stdout } = await runFfmpeg([
      '-loglevel',
      'error',
      ...VIDEO_INPUT,
      input,
      '-frames:v',
      '1',
      ...(width ? ['-vf', `scale='min(${width},iw)':-2`] : []),
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      'pipe:1',
    ]);
    if (!stdout.length) throw new MediaRefused(messages.mediaBroken);
    return stdout;
  });
}
