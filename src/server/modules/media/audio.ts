import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '../../../shared/catalogue.ts';
import { type AudioType } from '../../../shared/media.ts';
import { MediaRefused, type Probed } from './file-kind.ts';
import { runFfmpeg, withTemp } from './ffmpeg.ts';

/** Sound by ffmpeg: its length checked, its tags dropped. */

/**
 * Length from ffmpeg's `Duration:` line; the first minutes of sound are decoded (-xerror stops at the first bad
 * frame; a cap, so an hour of low-bitrate speech costs no more than a song),
 * so a file that only starts like audio is refused rather than stored.
 */
export async function probeAudio(data: Buffer, type: AudioType): Promise<Probed> {
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
const AUDIO_DEMUXER: Record<AudioType, string> = { mp3: 'mp3', m4a: 'mov', ogg: 'ogg', wav: 'wav' };
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
  // PCM as recorded: the LIST/INFO chunks (names, software) go with the tags.
  wav: ['-f', 'wav', '-bitexact'],
};

/**
 * Tags (ID3, iTunes atoms, Vorbis comments: names, places, an embedded cover) dropped with the pictures and
 * chapters; the first audio stream copied, never re-encoded.
 */
export async function audioWithoutTags(data: Buffer, type: AudioType): Promise<Buffer> {
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
