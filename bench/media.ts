/**
 * `npm run bench:media`: images per second for a 1920x1080 JPEG turned into a webp for a 640 px slot
 * (`mediaUrl(…, {width: 640, format: 'webp'})` → the 700 px bucket) through the real HTTP route, beside sharp
 * called directly on the same kind of pictures in the same run. Results: docs/BENCHMARKS.md, section "Media".
 *
 *   npm run bench:media                       # 24 pictures per cold round, 2 rounds, cached for 10 s
 *   npm run bench:media -- --images 48 --rounds 3 --concurrency 2 --duration 10 --connections 16
 *
 * Cold: every request names a picture uploaded just before and never asked for, so the route reads the original,
 * makes the derivative with sharp and stores it. Cached: one derivative asked for again and again by bench/load.ts
 * in its own process. The server runs in this process (API only, PGlite in memory, media on a temporary disk).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { buildApp } from '../src/server/http/app.ts';
import { makeDerivative } from '../src/server/modules/media/process.ts';
import { mediaUrl } from '../src/shared/media.ts';
import { load } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    images: { type: 'string', default: '24' },
    rounds: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: String(os.availableParallelism()) },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});
const IMAGES = Number(args.images);
const ROUNDS = Number(args.rounds);
const CONCURRENCY = Number(args.concurrency);
const SLOT = 640;

const log = (...m: unknown[]) => console.error(`[bench:media ${new Date().toISOString().slice(11, 19)}]`, ...m);

/** A photo-like 1920x1080 JPEG: coarse noise scaled up (smooth areas and edges), different every time. */
async function photo(): Promise<Buffer> {
  const w = 240;
  const h = 135;
  return sharp(crypto.randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(1920, 1080, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The same work the route does for `-/resize/700/-/format/webp/`, without the HTTP, the database and the store. */
const direct = (input: Buffer, width: number) =>
  makeDerivative(input, 'jpg', { geometry: { kind: 'resize', width }, format: 'webp' });

/** Runs `jobs` with `CONCURRENCY` in flight; answers jobs per second. */
async function rate(jobs: (() => Promise<unknown>)[]): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );
  return jobs.length / ((performance.now() - t0) / 1000);
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-bench-media-'));
const config = loadConfig(
  { ...process.env, DATA_DIR: dataDir },
  {
    databaseUrl: '',
    redisUrl: '',
    logLevel: 'warn',
    rateLimitScale: 1_000_000,
    seed: false,
    secret: 'bench',
    uploadMaxFiles: IMAGES,
  },
);
const database = await openDatabase({ url: '', dataDir: 'memory://' });
const app = await buildApp({ config, db: database.db, logger: false });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

try {
  const reg = await fetch(`${origin}/v3.0/auth/simple/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
    body: JSON.stringify({
      values: { name: 'Замер Картинок', email: 'bench-media@example.ru', password: 'correct horse battery' },
    }),
  });
  const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];

  /** Uploads fresh pictures through the API; answers their delivery URLs for a 640 px slot as webp. */
  async function uploadFresh(pictures: Buffer[]): Promise<string[]> {
    const form = new FormData();
    pictures.forEach((p, i) =>
      form.append(`file_${i}`, new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `p${i}.jpg`),
    );
    const res = await fetch(`${origin}/v3.0/andropov/upload`, {
      method: 'POST',
      headers: { cookie, 'x-this-is-csrf': '1' },
      body: form,
    });
    const { data } = (await res.json()) as { data: { result: { type: string; data: { uuid: string } }[] } };
    if (data.result.some((r) => r.type !== 'image')) throw new Error(`upload failed: ${JSON.stringify(data.result)}`);
    return data.result.map((r) => `${origin}${mediaUrl('/media', r.data.uuid, { width: SLOT, format: 'webp' })}`);
  }

  const width = Number(/resize\/(\d+)\//.exec(mediaUrl('/media', '0', { width: SLOT }))![1]);
  let sharpTotal = 0;
  let coldTotal = 0;
  let coldUrls: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const pictures = await Promise.all(Array.from({ length: IMAGES }, photo));
    const others = await Promise.all(Array.from({ length: IMAGES }, photo));
    coldUrls = await uploadFresh(pictures);
    // Interleaved rounds, so a neighbour's load on the shared machine hits both sides alike.
    const s = await rate(others.map((p) => () => direct(p, width)));
    const c = await rate(
      coldUrls.map((u) => async () => {
        const res = await fetch(u);
        if (res.status !== 200) throw new Error(`${u} answered ${res.status}`);
        await res.arrayBuffer();
      }),
    );
    log(`round ${round}: sharp ${s.toFixed(1)}/s, route cold ${c.toFixed(1)}/s`);
    sharpTotal += s;
    coldTotal += c;
  }
  const sharpRate = sharpTotal / ROUNDS;
  const coldRate = coldTotal / ROUNDS;

  const cached = await load({
    url: coldUrls[0],
    connections: Number(args.connections),
    duration: Number(args.duration),
    warmup: 2,
  });
  if (cached.errors) throw new Error(`cached: ${cached.errors} errors`);

  const size = (await (await fetch(coldUrls[0])).arrayBuffer()).byteLength;
  const rows = [
    ['sharp directly (1920x1080 JPEG → 700 px webp)', sharpRate, 1, '', ''],
    ['GET /media/{uuid}/-/resize/700/-/format/webp/ — cold', coldRate, coldRate / sharpRate, '', ''],
    [
      'the same — cached (stored derivative)',
      cached.rps,
      cached.rps / sharpRate,
      cached.p50.toFixed(1),
      cached.p99.toFixed(1),
    ],
  ] as const;
  console.log(
    `\n${IMAGES} pictures × ${ROUNDS} rounds cold, concurrency ${CONCURRENCY}; cached: ${args.connections} connections, ${args.duration} s; webp ${Math.round(size / 1024)} KB\n`,
  );
  console.log('| | images/s | × sharp | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r, x, p50, p99] of rows)
    console.log(`| ${name} | ${r.toFixed(1)} | ${x.toFixed(2)} | ${p50} | ${p99} |`);
  console.log(
    `\naims: cold ≥ 0.8 × sharp (${coldRate / sharpRate >= 0.8 ? 'met' : 'missed'}), cached ≥ 20 × sharp (${cached.rps / sharpRate >= 20 ? 'met' : 'missed'})`,
  );
} finally {
  await app.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
