import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { isRussianError } from '../../testing/harness.ts';
import { messages } from '../../../shared/catalogue.ts';
import { mediaUrl, type MediaImage } from '../../../shared/media.ts';
import { mediaStats } from './file-kind.ts';
import { gif, jpeg, png, solid, useMediaApp } from './testing.ts';

/** `GET /media/{uuid}/` with filters: resized, cut, converted and turned upright once, cached for a year. */
const { image, get } = useMediaApp();

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
