import { fileTypeFromBuffer } from 'file-type';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isRussianError } from '../../testing/harness.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { MediaImage, UploadResultItem } from '../../../shared/media.ts';
import { describe_, sound, useMediaApp } from './testing.ts';

/** Sound uploads: mp3, m4a and opus typed by content, stored without tags, served by byte ranges. */
const { ctx, uploaded, image, get, mediaRows } = useMediaApp();

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
    const res = await ctx.user.post('/v3.0/andropov/upload/urls', { urls: [`${ctx.origin}/voice.ogg`] });
    const [item] = res.json().data.result as UploadResultItem[];
    expect(item).toMatchObject({
      type: 'image',
      data: { type: 'ogg', duration: 1, external_service: [{ name: '127.0.0.1', url: `${ctx.origin}/voice.ogg` }] },
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
      Buffer.from(`#EXTM3U\n#EXTINF:1,\n${ctx.origin}/pic.png\n#EXT-X-ENDLIST\n`),
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
