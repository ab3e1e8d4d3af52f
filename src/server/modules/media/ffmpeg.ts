import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { mediaStats } from './file-kind.ts';

/** ffmpeg runs, a few at once per node, each in a temporary folder of its own. */

const run = promisify(execFile);

export async function withTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
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

export async function runFfmpeg(args: string[]): Promise<{ stdout: Buffer; stderr: string }> {
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
