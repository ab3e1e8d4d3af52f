import { fileTypeFromBuffer } from 'file-type';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { queryRows } from '../../db/index.ts';
import { messages } from '../../../shared/catalogue.ts';
import { mediaUrl, type MediaImage, type UploadResultItem } from '../../../shared/media.ts';
import { mediaStats } from './file-kind.ts';

const MAX_MB = 1;
const MAX_FILES = 4;

let t: TestApp;
let dataDir: string;
let user: Visitor;
let server: http.Server;
let origin: string;

// ---------------------------------------------------------------- pictures made here

const noise = (w: number, h: number) =>
  sharp(crypto.randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } });
const solid = (w: number, h: number, background: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background } });
// Noise scaled up: photo-like detail at a photo-like size (a 1920x1080 one stays under the 1 MB test limit).
const jpeg = (w = 640, h = 480) =>
  noise(Math.ceil(w / 8), Math.ceil(h / 8))
    .resize(w, h)
    .jpeg()
    .toBuffer();
const png = (w = 300, h = 200, color = '#3366cc') => solid(w, h, color).png().toBuffer();
const webp = () => solid(120, 90, '#cc3300').webp().toBuffer();
async function gif(frames = 2, w = 90, h = 60) {
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

const run = promisify(execFile);
/** A sine of `seconds` with an ID3 / iTunes title and an artist, as a phone's recorder or an editor leaves them. */
async function sound(format: 'mp3' | 'm4a' | 'ogg', seconds = 2, hz = 440, extra: string[] = []): Promise<Buffer> {
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
async function phoneVideo(): Promise<Buffer> {
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
async function describe_(data: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-audio-'));
  const file = path.join(dir, 'in');
  await fs.writeFile(file, data);
  // With no output ffmpeg exits 1 after describing the input.
  const out = await run(ffmpeg.path, ['-hide_banner', '-i', file]).catch((e: { stderr: string }) => e);
  await fs.rm(dir, { recursive: true, force: true });
  return out.stderr;
}

// ---------------------------------------------------------------- requests

interface Part {
  data: Buffer;
  field?: string;
  filename?: string;
  type?: string;
}

/** A multipart body as a browser sends it, files named file_0, file_1… unless told otherwise. */
function multipart(parts: Part[], fields: Record<string, string> = {}) {
  const boundary = `----sreda${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.forEach((p, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? `file_${i}`}"; filename="${p.filename ?? `f${i}.jpg`}"\r\n` +
          `Content-Type: ${p.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  v: Visitor | null,
  parts: Part[],
  opts: { fields?: Record<string, string>; csrf?: boolean } = {},
) {
  const body = multipart(parts, opts.fields);
  const headers: Record<string, string> = { 'content-type': body.contentType };
  if (opts.csrf !== false) headers['x-this-is-csrf'] = '1';
  if (v)
    headers.cookie = Object.entries(v.cookies)
      .map(([k, val]) => `${k}=${val}`)
      .join('; ');
  const res = await t.app.inject({ method: 'POST', url: '/v3.0/andropov/upload', payload: body.payload, headers });
  return res as typeof res & { json(): any };
}

async function uploaded(parts: Part[]): Promise<UploadResultItem[]> {
  const res = await upload(user, parts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.result;
}

async function image(data: Buffer): Promise<MediaImage> {
  const [item] = await uploaded([{ data }]);
  expect(item.type, JSON.stringify(item)).toBe('image');
  return (item as { data: MediaImage }).data;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** The dominant colour is a histogram bin's centre: each channel within 16 of the painted one. */
const near = (hex: string, expected: string) =>
  [0, 2, 4].every((i) => Math.abs(parseInt(hex.slice(i, i + 2), 16) - parseInt(expected.slice(i, i + 2), 16)) <= 16);
const mediaRows = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from media`))[0].n;
const storedFiles = async () => (await fs.readdir(path.join(dataDir, 'media'), { recursive: true })).length;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sreda-media-test-'));
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
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  t = await startTestApp({ dataDir, uploadMaxMb: MAX_MB, uploadMaxFiles: MAX_FILES, fetchAllowHosts: ['127.0.0.1'] });
  user = new Visitor(t.app);
  await user.register();
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('POST /v3.0/andropov/upload', () => {
  it('answers one media entity per file, typed and measured by content, with the dominant colour', async () => {
    const files = [await jpeg(640, 480), await png(300, 200, '#3366cc'), await webp(), await gif(3)];
    const result = await uploaded(files.map((data) => ({ data })));
    expect(result.map((r) => r.type)).toEqual(['image', 'image', 'image', 'image']);
    const [j, p, w, g] = result.map((r) => (r as { data: MediaImage }).data);
    expect(j).toMatchObject({ type: 'jpg', width: 640, height: 480, size: files[0].length, external_service: [] });
    expect(p).toMatchObject({ type: 'png', width: 300, height: 200, size: files[1].length });
    expect(w).toMatchObject({ type: 'webp', width: 120, height: 90 });
    expect([p.color, w.color]).toSatisfy(([pc, wc]: string[]) => near(pc, '3366cc') && near(wc, 'cc3300'));
    expect(g).toMatchObject({ type: 'gif', width: 90, height: 60 });
    for (const m of [j, p, w, g])
      expect(m.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The original is served back byte for byte.
    const res = await get(`/media/${p.uuid}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(res.rawPayload, files[1])).toBe(0);
  });

  it('keeps the same file once: one uuid, one row, one stored original', async () => {
    const data = await png(50, 50, '#abcdef');
    const before = await mediaRows();
    const first = await image(data);
    const files = await storedFiles();
    const [again, third] = await uploaded([{ data, filename: 'другое-имя.png' }, { data }]);
    expect((again as { data: MediaImage }).data.uuid).toBe(first.uuid);
    expect((third as { data: MediaImage }).data.uuid).toBe(first.uuid);
    expect(await mediaRows()).toBe(before + 1);
    expect(await storedFiles()).toBe(files);
  });

  it('keeps originals without EXIF, GPS and XMP: upright, ICC kept, lossless where it can be, still deduped by the uploaded bytes', async () => {
    const gps = {
      GPSLatitudeRef: 'N',
      GPSLatitude: '55/1 45/1 0/1',
      GPSLongitudeRef: 'E',
      GPSLongitude: '37/1 37/1 0/1',
    };
    const photo = await noise(40, 30)
      .resize(300, 200)
      .jpeg()
      .withExif({ IFD0: { Make: 'Телефон' }, IFD3: gps })
      .withMetadata({ orientation: 6 })
      .withIccProfile('p3')
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect([before.exif?.includes(Buffer.from([0x25, 0x88])), before.orientation]).toEqual([true, 6]);

    const m = await image(photo);
    expect([m.width, m.height]).toEqual([200, 300]);
    const res = await get(`/media/${m.uuid}/`);
    expect(res.statusCode).toBe(200);
    const served = await sharp(res.rawPayload).metadata();
    expect([served.format, served.width, served.height, served.exif, served.xmp, served.orientation]).toEqual([
      'jpeg',
      200,
      300,
      undefined,
      undefined,
      undefined,
    ]);
    expect(served.icc).toBeDefined();
    expect(m.size).toBe(res.rawPayload.length);

    // The same upload again is the same object, though what is kept differs from what was sent.
    const rows = await mediaRows();
    expect((await image(photo)).uuid).toBe(m.uuid);
    expect(await mediaRows()).toBe(rows);

    // A png with XMP keeps every pixel; an animated webp with EXIF stays animated.
    const drawing = solid(60, 40, '#2255aa');
    const marked = await drawing
      .png()
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer();
    expect((await sharp(marked).metadata()).xmp).toBeDefined();
    const p = await image(marked);
    const keptPng = (await get(`/media/${p.uuid}/`)).rawPayload;
    expect((await sharp(keptPng).metadata()).xmp).toBeUndefined();
    const pixels = async (b: Buffer) => (await sharp(b).raw().toBuffer()).toString('base64');
    expect(await pixels(keptPng)).toBe(await pixels(marked));
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((c) => solid(50, 40, c).png().toBuffer()));
    const anim = await sharp(frames, { join: { animated: true } })
      .webp({ lossless: true })
      .withExif({ IFD3: gps })
      .toBuffer();
    expect((await sharp(anim).metadata()).exif).toBeDefined();
    const w = await image(anim);
    const keptWebp = await sharp((await get(`/media/${w.uuid}/`)).rawPayload).metadata();
    expect([keptWebp.format, keptWebp.pages, keptWebp.exif]).toEqual(['webp', 3, undefined]);
  });

  it('checks files by content: a text named .jpg is refused, png bytes declared as gif are a png', async () => {
    const before = await mediaRows();
    const result = await uploaded(
      [
        { data: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'photo.jpg', type: 'image/jpeg' },
        { data: await png(40, 30, '#112233'), filename: 'anim.gif', type: 'image/gif' },
        { data: Buffer.from('GIF89a but nothing after'), filename: 'broken.gif', type: 'image/gif' },
        { data: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' },
      ].slice(0, MAX_FILES),
    );
    expect(result[0]).toEqual({ type: 'error', data: { message: messages.mediaFormatInvalid } });
    expect(result[1]).toMatchObject({ type: 'image', data: { type: 'png', width: 40, height: 30 } });
    expect(result[2]).toEqual({ type: 'error', data: { message: messages.mediaBroken } });
    expect(await mediaRows()).toBe(before + 1);
    const [empty] = await uploaded([{ data: Buffer.alloc(0) }]);
    expect(empty).toEqual({ type: 'error', data: { message: messages.mediaEmptyFile } });
  });

  it('refuses a picture of too many pixels from its header, before decoding it (a decompression bomb)', async () => {
    // A PNG that claims 30000 x 30000 (900 megapixels, 3.6 GB decoded) in a few dozen bytes.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(30_000, 0);
    ihdr.writeUInt32BE(30_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const [res] = await uploaded([{ data: bomb, filename: 'bomb.png', type: 'image/png' }]);
    expect(res).toEqual({ type: 'error', data: { message: messages.mediaPixelsTooMany(100) } });
  });

  it('refuses a file over the size limit by itself, keeping the others', async () => {
    const big = crypto.randomBytes(MAX_MB * 1024 * 1024 + 1);
    const [tooBig, fine] = await uploaded([{ data: big }, { data: await png(20, 20, '#010203') }]);
    expect(tooBig).toEqual({ type: 'error', data: { message: messages.mediaTooLarge(MAX_MB) } });
    expect(messages.mediaTooLarge(MAX_MB)).toBe('Файл слишком большой: не больше 1 МБ');
    expect(fine).toMatchObject({ type: 'image', data: { type: 'png' } });
    // Exactly at the limit is allowed (and then judged by content).
    const [exact] = await uploaded([
      { data: Buffer.concat([await png(10, 10), Buffer.alloc(MAX_MB * 1024 * 1024 - (await png(10, 10)).length)]) },
    ]);
    expect(exact.type).toBe('image');
  });

  it('refuses more files than allowed, storing nothing', async () => {
    const before = await mediaRows();
    const files = await Promise.all(Array.from({ length: MAX_FILES + 1 }, (_, i) => png(10 + i, 10)));
    const res = await upload(
      user,
      files.map((data) => ({ data })),
    );
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.mediaTooMany(MAX_FILES));
    expect(messages.mediaTooMany(3)).toBe('Можно прикрепить не больше 3 файлов');
    // Far more than allowed stops the parser itself: still a Russian 4xx.
    const many = await upload(
      user,
      [...files, ...files].map((data) => ({ data })),
    );
    expect(many.statusCode).toBeGreaterThanOrEqual(400);
    expect(many.statusCode).toBeLessThan(500);
    expect(many.json().rm).toMatch(/[А-Яа-я]/);
    expect(await mediaRows()).toBe(before);
  });

  it('needs a signed-in user and the CSRF marker', async () => {
    const before = await mediaRows();
    const data = await png(33, 33, '#330033');
    expect(isRussianError(await upload(null, [{ data }]), 401)).toBe(true);
    expect(isRussianError(await upload(user, [{ data }], { csrf: false }), 403)).toBe(true);
    expect(await mediaRows()).toBe(before);
  });

  it('refuses bad bodies with a Russian 400', async () => {
    const data = await png(34, 34, '#340034');
    const cases = [
      await upload(user, []),
      await upload(user, [{ data, field: 'photo' }]),
      await upload(user, [{ data }], { fields: { render: 'maybe' } }),
      await upload(user, [{ data }], { fields: { extra: '1' } }),
      await user.post('/v3.0/andropov/upload', { files: 'not a file' }),
      await user.post('/v3.0/andropov/upload', {}),
    ];
    for (const res of cases) expect(isRussianError(res, 400), res.body).toBe(true);
    expect(cases[1].json().rm).toBe(messages.mediaFieldInvalid);
    expect(cases[3].json().rm).toBe(messages.unknownField('extra'));
    // The render flag and the request helper's mode=raw are accepted.
    const ok = await upload(user, [{ data }], { fields: { mode: 'raw', render: '1' } });
    expect(ok.json().data.result[0]).toMatchObject({ type: 'image', data: { width: 34 } });
  });

  it('reads the size of an mp4 by its content', async () => {
    const g = await image(await gif(2, 100, 80));
    const mp4 = (await get(`/media/${g.uuid}/-/format/mp4/`)).rawPayload;
    const video = await image(mp4);
    expect(video).toMatchObject({ type: 'mp4', width: 100, height: 80 });
    expect((await get(`/media/${video.uuid}/`)).headers['content-type']).toBe('video/mp4');
    expect((await get(`/media/${video.uuid}/-/format/mp4/`)).statusCode).toBe(200);
    const refused = await get(`/media/${video.uuid}/-/resize/200/`);
    expect(isRussianError(refused, 400)).toBe(true);
    // An mp4 header over garbage is not a video.
    const fake = Buffer.concat([
      Buffer.from('0000001866747970', 'hex'),
      Buffer.from('isom\0\0\x02\0isommp41', 'latin1'),
      crypto.randomBytes(4000),
    ]);
    const [broken] = await uploaded([{ data: fake, filename: 'clip.mp4', type: 'video/mp4' }]);
    expect(broken).toEqual({ type: 'error', data: { message: messages.mediaBroken } });
  });

  it('keeps a phone video upright and playable but drops where and on what it was filmed', async () => {
    const clip = await phoneVideo();
    expect(await describe_(clip)).toMatch(/location\s*: \+55\.7558/);
    const video = await image(clip);
    // Laid out as shown: upright.
    expect(video).toMatchObject({ type: 'mp4', width: 96, height: 160 });
    const served = (await get(`/media/${video.uuid}/`)).rawPayload;
    const described = await describe_(served);
    expect(described).not.toMatch(/location|Apple|Петровых/);
    expect(described).toMatch(/rotate\s*: 270|rotation of 90/);
    expect(described).toMatch(/Video: h264/);
    expect(described).toMatch(/Audio: aac/);
    // The index comes first, so it plays while loading.
    expect(served.indexOf('moov')).toBeLessThan(served.indexOf('mdat'));
  });
});

describe('audio uploads', () => {
  it('answers mp3 and m4a typed by content with their length in seconds, stored without tags', async () => {
    const [mp3, m4a] = [await sound('mp3'), await sound('m4a')];
    expect(await describe_(mp3)).toContain('Тайное название');
    expect(await describe_(m4a)).toContain('Тайное название');
    // Named and declared as something else: the content decides.
    const [a, b] = (
      await uploaded([
        { data: mp3, filename: 'voice.bin', type: 'application/octet-stream' },
        { data: m4a, filename: 'x.jpg' },
      ])
    ).map((r) => {
      expect(r.type, JSON.stringify(r)).toBe('image');
      return (r as { data: MediaImage }).data;
    });
    expect(a).toMatchObject({ type: 'mp3', width: 0, height: 0, color: '', duration: 2, external_service: [] });
    expect(b).toMatchObject({ type: 'm4a', width: 0, height: 0, color: '', duration: 2 });
    expect(a.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const [m, mime, container] of [
      [a, 'audio/mpeg', 'mp3'],
      [b, 'audio/mp4', 'M4A'],
    ] as const) {
      const res = await get(`/media/${m.uuid}/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(m.size).toBe(res.rawPayload.length);
      const served = await describe_(res.rawPayload);
      expect(served).toContain(container);
      expect(served).toMatch(/Duration: 00:00:02/);
      expect(served).not.toMatch(/title|artist|Тайное|Иван/i);
    }
    // Ten minutes of speech-quality sound (under the 1 MB test limit) are measured the same way.
    expect((await image(await sound('mp3', 600, 220, ['-ar', '8000', '-b:a', '8k']))).duration).toBe(600);
  });

  it('takes sound alone in a plain mp4 (as voice recorders write it) for an m4a', async () => {
    const voice = await sound('m4a', 3, 330, ['-f', 'mp4', '-brand', 'isom']);
    expect((await fileTypeFromBuffer(voice))?.mime).toBe('video/mp4');
    const m = await image(voice);
    expect(m).toMatchObject({ type: 'm4a', width: 0, height: 0, duration: 3 });
    const res = await get(`/media/${m.uuid}/`);
    expect(res.headers['content-type']).toBe('audio/mp4');
    expect(await describe_(res.rawPayload)).not.toMatch(/Тайное|Иван/);
  });

  it('fetches an opus sound by URL, as ogg', async () => {
    const res = await user.post('/v3.0/andropov/upload/urls', { urls: [`${origin}/voice.ogg`] });
    const [item] = res.json().data.result as UploadResultItem[];
    expect(item).toMatchObject({
      type: 'image',
      data: { type: 'ogg', duration: 1, external_service: [{ name: '127.0.0.1', url: `${origin}/voice.ogg` }] },
    });
    const served = await get(`/media/${(item as { data: MediaImage }).data.uuid}/`);
    expect(served.headers['content-type']).toBe('audio/ogg');
    expect(await describe_(served.rawPayload)).not.toMatch(/title|artist/i);
  });

  it('keeps the same sound once and is known by the same uuid again', async () => {
    const mp3 = await sound('mp3', 2, 523);
    const rows = await mediaRows();
    const first = await image(mp3);
    const again = await image(mp3);
    expect(again).toEqual(first);
    expect(await mediaRows()).toBe(rows + 1);
  });

  it('refuses what only claims to be audio, with a Russian message', async () => {
    const mp3 = await sound('mp3');
    const frame = mp3.indexOf(Buffer.from([0xff, 0xfb]));
    const rows = await mediaRows();
    const result = await uploaded([
      { data: Buffer.from('Это просто текст, а не песня'), filename: 'song.mp3', type: 'audio/mpeg' },
      // A real mp3 frame header, then noise: looks like mp3 to the sniffer, does not play.
      {
        data: Buffer.concat([mp3.subarray(0, frame + 4), crypto.randomBytes(8000)]),
        filename: 'broken.mp3',
        type: 'audio/mpeg',
      },
    ]);
    expect(result).toEqual([
      { type: 'error', data: { message: messages.mediaFormatInvalid } },
      { type: 'error', data: { message: messages.mediaAudioBroken } },
    ]);
    expect(messages.mediaAudioBroken).toMatch(/[А-Яа-я]/);
    // Bytes after an ID3 header and a frame sync are read as mp3 only, not as what else they resemble (a playlist).
    const id3 = mp3.subarray(0, 10 + ((mp3[6] << 21) | (mp3[7] << 14) | (mp3[8] << 7) | mp3[9]));
    const playlist = Buffer.concat([
      id3,
      Buffer.from('fffb9000', 'hex'),
      Buffer.from(`#EXTM3U\n#EXTINF:1,\n${origin}/pic.png\n#EXT-X-ENDLIST\n`),
    ]);
    const [smuggled] = await uploaded([{ data: playlist, filename: 'list.mp3', type: 'audio/mpeg' }]);
    expect(smuggled).toEqual({ type: 'error', data: { message: messages.mediaAudioBroken } });
    expect(await mediaRows()).toBe(rows);
  });

  it('serves byte ranges and refuses filters with a Russian 400', async () => {
    const m = await image(await sound('mp3', 3));
    const whole = await get(`/media/${m.uuid}/`);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // A browser asks with Accept-Encoding too: ranges count bytes of the file itself, so nothing is compressed.
    const part = await get(`/media/${m.uuid}/`, { range: 'bytes=100-199', 'accept-encoding': 'gzip, deflate, br' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-199/${m.size}`);
    expect(Buffer.compare(part.rawPayload, whole.rawPayload.subarray(100, 200))).toBe(0);
    const again = await get(`/media/${m.uuid}/`, {
      'accept-encoding': 'br',
      'if-none-match': String(whole.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    for (const filters of ['-/resize/700/', '-/format/webp/', '-/format/mp4/', '-/scale_crop/200x113/']) {
      const res = await get(`/media/${m.uuid}/${filters}`);
      expect(isRussianError(res, 400), `${filters}: ${res.body}`).toBe(true);
      expect(res.json().rm).toBe(messages.mediaAudioNoFilters);
    }
  });
});

describe('GET /media/{uuid}/ with filters', () => {
  let photo: MediaImage;
  beforeAll(async () => {
    photo = await image(await jpeg(1920, 1080));
  });

  const meta = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return { res, meta: await sharp(res.rawPayload).metadata() };
  };

  it('resizes to a width bucket in the asked format, cached for a year with an ETag', async () => {
    const url = mediaUrl('/media', photo.uuid, { width: 640, format: 'webp' });
    expect(url).toBe(`/media/${photo.uuid}/-/resize/700/-/format/webp/`);
    const { res, meta: m } = await meta(url);
    expect([m.format, m.width, m.height]).toEqual(['webp', 700, 394]);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[0-9a-f-]{36}-resize_700\.webp"$/);
    const again = await get(url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    const original = await get(`/media/${photo.uuid}/`);
    expect(original.headers.etag).toBe(`"${photo.uuid}"`);
    expect((await get(`/media/${photo.uuid}`, { 'if-none-match': `"${photo.uuid}"` })).statusCode).toBe(304);
  });

  it('cuts to exact sizes and converts formats', async () => {
    const crop = await meta(`/media/${photo.uuid}/-/scale_crop/300x300/-/format/png/`);
    expect([crop.meta.format, crop.meta.width, crop.meta.height]).toEqual(['png', 300, 300]);
    const jpg = await meta(`/media/${photo.uuid}/-/format/jpg/-/scale_crop/200x113/`);
    expect([jpg.meta.format, jpg.meta.width, jpg.meta.height]).toEqual(['jpeg', 200, 113]);
    // A width alone keeps the original's format; no enlarging past the original.
    const small = await image(await png(150, 100, '#445566'));
    const same = await meta(`/media/${small.uuid}/-/resize/400/`);
    expect([same.meta.format, same.meta.width, same.meta.height]).toEqual(['png', 150, 100]);
  });

  it('turns a photo upright by its EXIF orientation and drops the EXIF', async () => {
    const rotated = await solid(300, 200, '#808080').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const m = await image(rotated);
    expect([m.width, m.height]).toEqual([200, 300]);
    const { meta: out } = await meta(`/media/${m.uuid}/-/resize/200/`);
    expect([out.width, out.height, out.orientation, out.exif]).toEqual([200, 300, undefined, undefined]);
  });

  it('makes a derivative once, however many ask at the same time', async () => {
    const fresh = await image(await jpeg(800, 600));
    const url = `/media/${fresh.uuid}/-/resize/400/-/format/webp/`;
    const before = mediaStats.derivatives;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(mediaStats.derivatives - before).toBe(1);
    await get(url);
    expect(mediaStats.derivatives - before).toBe(1);
  });

  it('plays a gif as mp4, converted once by ffmpeg; animated gifs stay animated when resized', async () => {
    const g = await image(await gif(3, 120, 90));
    const runs = mediaStats.ffmpegRuns;
    const [a, b] = await Promise.all([get(`/media/${g.uuid}/-/format/mp4/`), get(`/media/${g.uuid}/-/format/mp4/`)]);
    const c = await get(`/media/${g.uuid}/-/format/mp4/`);
    for (const res of [a, b, c]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    expect(mediaStats.ffmpegRuns - runs).toBe(1);
    // Players seek with ranges.
    const part = await get(`/media/${g.uuid}/-/format/mp4/`, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${a.rawPayload.length}`);
    expect(part.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // A resized mp4 has even sides.
    const small = await get(`/media/${g.uuid}/-/scale_crop/108x61/-/format/mp4/`);
    expect(small.statusCode).toBe(200);
    const resized = await meta(`/media/${g.uuid}/-/resize/108/`);
    expect([resized.meta.format, resized.meta.width, resized.meta.pages]).toEqual(['gif', 108, 3]);
    const asWebp = await meta(`/media/${g.uuid}/-/resize/108/-/format/webp/`);
    expect([asWebp.meta.format, asWebp.meta.pages]).toEqual(['webp', 3]);
  });

  it('refuses widths outside the buckets and malformed filters with a Russian 400, unknown files with 404', async () => {
    const u = photo.uuid;
    const notBucket = await get(`/media/${u}/-/resize/640/`);
    expect(isRussianError(notBucket, 400)).toBe(true);
    expect(notBucket.json().rm).toBe(messages.mediaWidthNotBucket(640, 700));
    for (const path of [
      `-/resize/5000/`,
      `-/resize/0/`,
      `-/resize/abc/`,
      `-/scale_crop/640x360/`,
      `-/scale_crop/700x0/`,
      `-/scale_crop/700x99999/`,
      `-/scale_crop/700/`,
      `-/format/gif/`,
      `-/format/webp/-/format/png/`,
      `-/resize/700/-/scale_crop/700x300/`,
      `-/blur/10/`,
      `resize/700/`,
      `-/resize/`,
      `-/format/mp4/`,
      `-/format/${'x'.repeat(300)}/`,
    ]) {
      const res = await get(`/media/${u}/${path}`);
      expect(isRussianError(res, 400), `${path}: ${res.statusCode} ${res.body}`).toBe(true);
    }
    for (const url of [
      `/media/${crypto.randomUUID()}/`,
      `/media/${crypto.randomUUID()}/-/resize/700/`,
      '/media/not-a-uuid/',
      `/media/${'a'.repeat(400)}/`,
      `/media/${u.toUpperCase()}/`,
      '/media/../etc/passwd',
      `/media/${u}%2F..%2F..%2Fsecret/`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    // Allowed widths: the buckets and their retina doubles.
    for (const w of [64, 108, 128, 216, 200, 700, 1400, 4000])
      expect((await get(`/media/${u}/-/resize/${w}/`)).statusCode).toBe(200);
  });
});

describe('POST /v3.0/andropov/upload/urls', () => {
  const byUrl = (v: Visitor, urls: unknown, csrf = true) => v.post('/v3.0/andropov/upload/urls', { urls }, { csrf });

  it('fetches pictures by URL, following redirects, recording where they came from', async () => {
    const res = await byUrl(user, [`${origin}/pic.png`, `${origin}/moved`]);
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json().data.result as UploadResultItem[];
    expect(a).toMatchObject({ type: 'image', data: { type: 'png', width: 64, height: 48 } });
    expect(near((a as { data: MediaImage }).data.color, '00aa44')).toBe(true);
    expect((a as { data: MediaImage }).data.external_service).toEqual([
      { name: '127.0.0.1', url: `${origin}/pic.png` },
    ]);
    expect((b as { data: MediaImage }).data.uuid).toBe((a as { data: MediaImage }).data.uuid);
    // Form bodies in bracket notation work the same way.
    const form = await user.post('/v3.0/andropov/upload/urls', { urls: [`${origin}/pic.png`] }, { as: 'form' });
    expect(form.json().data.result[0].data.uuid).toBe((a as { data: MediaImage }).data.uuid);
  });

  it('answers failures per URL: not a picture, missing, too large, private or loopback addresses', async () => {
    const before = await mediaRows();
    const res = await byUrl(user, [`${origin}/page.jpg`, `${origin}/missing.png`, `${origin}/huge.jpg`]);
    expect(res.json().data.result).toEqual([
      { type: 'error', data: { message: messages.mediaFormatInvalid } },
      { type: 'error', data: { message: messages.mediaUrlStatus(404) } },
      { type: 'error', data: { message: messages.mediaTooLarge(MAX_MB) } },
    ]);
    const port = new URL(origin).port;
    const refused = await byUrl(user, [
      `http://127.0.0.2:${port}/pic.png`,
      'http://10.0.0.1/pic.png',
      `http://[::1]:${port}/pic.png`,
    ]);
    expect(refused.json().data.result).toEqual([
      { type: 'error', data: { message: messages.mediaUrlRefused } },
      { type: 'error', data: { message: messages.mediaUrlRefused } },
      { type: 'error', data: { message: messages.mediaUrlRefused } },
    ]);
    const bad = await byUrl(user, ['ftp://example.com/a.png', 'javascript:alert(1)', 'не ссылка']);
    expect(bad.json().data.result).toEqual(
      Array.from({ length: 3 }, () => ({ type: 'error', data: { message: messages.mediaUrlInvalid } })),
    );
    expect(await mediaRows()).toBe(before);
  });

  it('refuses anonymous callers, missing CSRF and bad bodies', async () => {
    expect(isRussianError(await byUrl(new Visitor(t.app), [`${origin}/pic.png`]), 401)).toBe(true);
    expect(isRussianError(await byUrl(user, [`${origin}/pic.png`], false), 403)).toBe(true);
    for (const urls of [
      [],
      '',
      [1],
      [{ a: 1 }],
      ['x'.repeat(3000)],
      Array.from({ length: 101 }, () => `${origin}/pic.png`),
    ]) {
      expect(isRussianError(await byUrl(user, urls), 400), JSON.stringify(urls).slice(0, 80)).toBe(true);
    }
    expect(
      isRussianError(
        await byUrl(
          user,
          Array.from({ length: MAX_FILES + 1 }, () => `${origin}/pic.png`),
        ),
        400,
      ),
    ).toBe(true);
    expect(
      isRussianError(await user.post('/v3.0/andropov/upload/urls', { urls: [`${origin}/pic.png`], extra: 1 }), 400),
    ).toBe(true);
    expect(isRussianError(await user.post('/v3.0/andropov/upload/urls', {}), 400)).toBe(true);
  });
});
