import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestApp, Visitor, type TestApp, type UploadedFile } from '../../testing/harness.ts';
import { queryRows } from '../../db/index.ts';
import type { MediaImage, UploadResultItem } from '../../../shared/media.ts';

/** Test helpers for the media module's upload, audio, filter and by-URL tests: samples made here and the app. */

export const MAX_MB = 1;
export const MAX_FILES = 4;

// ---------------------------------------------------------------- pictures made here

export const noise = (w: number, h: number) =>
  sharp(crypto.randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } });
export const solid = (w: number, h: number, background: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background } });
// Noise scaled up: photo-like detail at a photo-like size (a 1920x1080 one stays under the 1 MB test limit).
export const jpeg = (w = 640, h = 480) =>
  noise(Math.ceil(w / 8), Math.ceil(h / 8))
    .resize(w, h)
    .jpeg()
    .toBuffer();
export const png = (w = 300, h = 200, color = '#3366cc') => solid(w, h, color).png().toBuffer();
export const webp = () => solid(120, 90, '#cc3300').webp().toBuffer();
export async function gif(frames = 2, w = 90, h = 60) {
  const colors = ['#ff0000', '#0000ff', '#00ff00', '#ffff00'];
  const parts = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      solid(w, h, colors[i % colors.length])
        .png()
        .toBuffer(),
    ),
  );
  return sharp(parts, { join: { animated: true } })
    .gif({ delay: parts.map(() => 100) })
    .toBuffer();
}

// ---------------------------------------------------------------- sounds made here

export const run = promisify(execFile);
/** A sine of `seconds` with an ID3 / iTunes title and an artist, as a phone's recorder or an editor leaves them. */
export async function sound(
  format: 'mp3' | 'm4a' | 'ogg',
  seconds = 2,
  hz = 440,
  extra: string[] = [],
): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-audio-'));
  const file = path.join(dir, `tone.${format}`);
  await run(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${hz}:duration=${seconds}`,
    '-metadata',
    'title=Тайное название',
    '-metadata',
    'artist=Иван Петров',
    ...{ mp3: [], m4a: ['-c:a', 'aac'], ogg: ['-c:a', 'libopus'] }[format],
    ...extra,
    file,
  ]);
  const data = await fs.readFile(file);
  await fs.rm(dir, { recursive: true, force: true });
  return data;
}

/** A phone's clip: filmed upright (a 160×96 frame turned by 90°), with where and on what it was filmed. */
export async function phoneVideo(): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-video-'));
  const [raw, file] = [path.join(dir, 'raw.mp4'), path.join(dir, 'clip.mp4')];
  await run(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x96:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=1',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    raw,
  ]);
  await run(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    raw,
    '-c',
    'copy',
    '-metadata:s:v:0',
    'rotate=90',
    '-metadata',
    'location=+55.7558+037.6173/',
    '-metadata',
    'make=Apple',
    '-metadata',
    'title=Дача у Петровых',
    file,
  ]);
  const data = await fs.readFile(file);
  await fs.rm(dir, { recursive: true, force: true });
  return data;
}

/** ffmpeg's description of a file: its format, streams, duration and any tags left. */
export async function describe_(data: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-audio-'));
  const file = path.join(dir, 'in');
  await fs.writeFile(file, data);
  // With no output ffmpeg exits 1 after describing the input.
  const out = await run(ffmpeg.path, ['-hide_banner', '-i', file]).catch((e: { stderr: string }) => e);
  await fs.rm(dir, { recursive: true, force: true });
  return out.stderr;
}

// ---------------------------------------------------------------- requests

// ---------------------------------------------------------------- the app

export interface Part {
  data: Buffer;
  field?: string;
  filename?: string;
  type?: string;
}

/** The frame of a media test file: an app with the test limits, its first account (`ctx.user`) and a site on
 * 127.0.0.1 (`ctx.origin`) serving pictures, a redirect, a 404, html named .jpg, a too large file and a voice. */
export function useMediaApp() {
  const ctx = {} as { t: TestApp; user: Visitor; dataDir: string; origin: string };
  let server: http.Server;
  beforeAll(async () => {
    ctx.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-media-test-'));
    server = http.createServer(async (req, res) => {
      const routes: Record<string, () => Promise<[number, Record<string, string>, Buffer | string]>> = {
        '/pic.png': async () => [200, { 'content-type': 'image/png' }, await png(64, 48, '#00aa44')],
        '/moved': async () => [302, { location: '/pic.png' }, ''],
        '/missing.png': async () => [404, {}, 'нет'],
        '/page.jpg': async () => [200, { 'content-type': 'image/jpeg' }, '<html>это не картинка</html>'],
        '/huge.jpg': async () => [200, { 'content-type': 'image/jpeg' }, crypto.randomBytes(MAX_MB * 1024 * 1024 + 10)],
        '/voice.ogg': async () => [200, { 'content-type': 'audio/ogg' }, await sound('ogg', 1)],
      };
      const route = routes[req.url ?? ''];
      const [status, headers, body] = route ? await route() : [404, {}, ''];
      res.writeHead(status, headers).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    ctx.origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    ctx.t = await startTestApp({
      dataDir: ctx.dataDir,
      uploadMaxMb: MAX_MB,
      uploadMaxFiles: MAX_FILES,
      fetchAllowHosts: ['127.0.0.1'],
    });
    ctx.user = new Visitor(ctx.t.app);
    await ctx.user.register();
  });
  afterAll(async () => {
    await ctx.t?.close();
    await new Promise((r) => server?.close(r));
    await fs.rm(ctx.dataDir, { recursive: true, force: true });
  });

  /** `POST /andropov/upload` as a browser sends it, files named file_0, file_1… unless told otherwise; null: signed out. */
  const upload = (v: Visitor | null, parts: Part[], opts: { fields?: Record<string, string>; csrf?: boolean } = {}) => {
    const files: UploadedFile[] = parts.map((p, i) => ({
      field: p.field ?? `file_${i}`,
      name: p.filename ?? `f${i}.jpg`,
      type: p.type ?? 'image/jpeg',
      data: p.data,
    }));
    return (v ?? new Visitor(ctx.t.app)).upload('/v3.0/andropov/upload', files, opts);
  };
  const uploaded = async (parts: Part[]): Promise<UploadResultItem[]> => {
    const res = await upload(ctx.user, parts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.result;
  };
  const image = async (data: Buffer): Promise<MediaImage> => {
    const [item] = await uploaded([{ data }]);
    expect(item.type, JSON.stringify(item)).toBe('image');
    return (item as { data: MediaImage }).data;
  };
  const get = (url: string, headers: Record<string, string> = {}) => ctx.t.app.inject({ method: 'GET', url, headers });
  const mediaRows = async () =>
    (await queryRows<{ n: number }>(ctx.t.database.db, sql`select count(*)::int as n from media`))[0].n;
  const storedFiles = async () => (await fs.readdir(path.join(ctx.dataDir, 'media'), { recursive: true })).length;
  return { ctx, upload, uploaded, image, get, mediaRows, storedFiles };
}

/** The dominant colour is a histogram bin's centre: each channel within 16 of the painted one. */
export const near = (hex: string, expected: string) =>
  [0, 2, 4].every((i) => Math.abs(parseInt(hex.slice(i, i + 2), 16) - parseInt(expected.slice(i, i + 2), 16)) <= 16);
