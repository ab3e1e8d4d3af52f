import { execFile, spawn } from 'node:child_process';
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

async function slot(): Promise<void> {
  if (ffmpegRunning >= FFMPEG_AT_ONCE) await new Promise<void>((resolve) => ffmpegWaiting.push(resolve));
  ffmpegRunning += 1;
  mediaStats.ffmpegRuns += 1;
}

function release() {
  ffmpegRunning -= 1;
  ffmpegWaiting.shift()?.();
}

export async function runFfmpeg(args: string[]): Promise<{ stdout: Buffer; stderr: string }> {
  await slot();
  try {
    const { stdout, stderr } = await run(ffmpeg.path, ['-hide_banner', '-nostdin', '-threads', '1', ...args], {
      encoding: 'buffer',
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, stderr: stderr.toString() };
  } finally {
    release();
  }
}

/**
 * A long encode (a video job): ffmpeg writes `-progress` lines to its stdout, and each `out_time_us` is handed to
 * `onTime` in seconds as it comes. Resolves when ffmpeg exits 0; rejects with its last words otherwise, or after
 * `timeoutMs`.
 */
export async function runFfmpegWithProgress(
  args: string[],
  onTime: (seconds: number) => void,
  timeoutMs: number,
): Promise<void> {
  await slot();
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        ffmpeg.path,
        ['-hide_banner', '-nostdin', '-threads', '1', '-progress', 'pipe:1', '-nostats', ...args],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      let pending = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const m = /^out_time_us=(\d+)/.exec(line);
          if (m) onTime(Number(m[1]) / 1e6);
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-4000);
      });
      child.on('error', (err) => (clearTimeout(timer), reject(err)));
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(Object.assign(new Error(`ffmpeg exited with ${code}`), { stderr }));
      });
    });
  } finally {
    release();
  }
}
