import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { isRussianError } from '../../testing/harness.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { MediaImage } from '../../../shared/media.ts';
import {
  describe_,
  gif,
  jpeg,
  MAX_FILES,
  MAX_MB,
  near,
  noise,
  phoneVideo,
  png,
  solid,
  useMediaApp,
  webp,
} from './testing.ts';

/** `POST /andropov/upload`: pictures and videos typed and measured by content, kept once, stripped of what they tell. */
const { ctx, upload, uploaded, image, get, mediaRows, storedFiles } = useMediaApp();

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
      ctx.user,
      files.map((data) => ({ data })),
    );
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.mediaTooMany(MAX_FILES));
    expect(messages.mediaTooMany(3)).toBe('Можно прикрепить не больше 3 файлов');
    // Far more than allowed stops the parser itself: still a Russian 4xx.
    const many = await upload(
      ctx.user,
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
    expect(isRussianError(await upload(ctx.user, [{ data }], { csrf: false }), 403)).toBe(true);
    expect(await mediaRows()).toBe(before);
  });

  it('refuses bad bodies with a Russian 400', async () => {
    const data = await png(34, 34, '#340034');
    const cases = [
      await upload(ctx.user, []),
      await upload(ctx.user, [{ data, field: 'photo' }]),
      await upload(ctx.user, [{ data }], { fields: { render: 'maybe' } }),
      await upload(ctx.user, [{ data }], { fields: { extra: '1' } }),
      await ctx.user.post('/v3.0/andropov/upload', { files: 'not a file' }),
      await ctx.user.post('/v3.0/andropov/upload', {}),
    ];
    for (const res of cases) expect(isRussianError(res, 400), res.body).toBe(true);
    expect(cases[1].json().rm).toBe(messages.mediaFieldInvalid);
    expect(cases[3].json().rm).toBe(messages.unknownField('extra'));
    // The render flag and the request helper's mode=raw are accepted.
    const ok = await upload(ctx.user, [{ data }], { fields: { mode: 'raw', render: '1' } });
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
