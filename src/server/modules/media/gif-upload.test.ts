import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/catalogue.ts';
import { media } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { gif, png } from '../comments/testing.ts';

/**
 * `POST /andropov/upload/gif`, the attach-gif modal's upload (issue 32 point 7): one gif by file or by link; a file
 * too large, a link to something that is not a gif and a link to a private address are refused with a Russian 400.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-gif-upload-'));
const { t } = useTestApp({ dataDir, uploadMaxMb: 1, fetchAllowHosts: ['127.0.0.1'] });

/** Serves `/dance.gif` (a gif), `/still.gif` (a png named .gif) and `/page` (html) on 127.0.0.1. */
let site: http.Server;
let siteUrl: string;
beforeAll(async () => {
  const [moving, still] = await Promise.all([gif(21), png()]);
  site = http.createServer((req, res) => {
    const [type, body] =
      req.url === '/dance.gif'
        ? ['image/gif', moving]
        : req.url === '/still.gif'
          ? ['image/png', still]
          : ['text/html', Buffer.from('<!doctype html><title>Не гифка</title>')];
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  site?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A multipart upload of `files` (field name → bytes), as the modal sends it. */
const sendFiles = (v: Visitor, files: [string, Buffer][], csrf = true) =>
  v.upload(
    '/v3.0/andropov/upload/gif',
    files.map(([field, data]) => ({ field, name: 'a.gif', type: 'image/gif', data })),
    { csrf },
  );
const mediaCount = async () => (await t.database.db.select({ uuid: media.uuid }).from(media)).length;

describe('POST /andropov/upload/gif', () => {
  it('takes one gif by file or by link and answers its media entity', async () => {
    const { v } = await newUser(t.app, 'Загрузчик Гифок');
    const byFile = await sendFiles(v, [['file_0', await gif(22)]]);
    expect(byFile.statusCode, byFile.body).toBe(200);
    expect(byFile.json().data.result).toMatchObject({ type: 'image', data: { type: 'gif', width: 40, height: 30 } });
    const byLink = await v.post('/v3.0/andropov/upload/gif', { url: `${siteUrl}/dance.gif` });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.json().data.result.data).toMatchObject({ type: 'gif', external_service: [{ name: '127.0.0.1' }] });
    // The gif plays as mp4, as every gif does; it is the uploader's own for a comment.
    const uuid = byLink.json().data.result.data.uuid;
    const mp4 = await t.app.inject({ method: 'GET', url: `/media/${uuid}/-/format/mp4/` });
    expect(mp4.headers['content-type']).toBe('video/mp4');
  });

  it('refuses a giant gif, a link to what is not a gif and a private address with a Russian 400', async () => {
    const { v } = await newUser(t.app, 'Осторожный Загрузчик');
    const before = await mediaCount();
    // A gif over UPLOAD_MAX_MB (1 in this test).
    const giant = Buffer.concat([await gif(23), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const tooLarge = await sendFiles(v, [['file', giant]]);
    expect(isRussianError(tooLarge, 400), tooLarge.body).toBe(true);
    expect(tooLarge.json()).toMatchObject({ rm: messages.mediaTooLarge(1), error: 'media_too_large' });

    // A link to a picture that is not a gif (though named .gif), and to a page.
    const still = await v.post('/v3.0/andropov/upload/gif', { url: `${siteUrl}/still.gif` });
    expect(isRussianError(still, 400)).toBe(true);
    expect(still.json().rm).toBe(messages.mediaGifOnly);
    const page = await v.post('/v3.0/andropov/upload/gif', { url: `${siteUrl}/page` });
    expect(isRussianError(page, 400)).toBe(true);

    // Private and loopback addresses are never fetched (127.0.0.2 is not in this test's allowed hosts).
    for (const url of [
      'http://10.1.2.3/a.gif',
      'http://192.168.0.10/a.gif',
      'http://127.0.0.2/a.gif',
      'http://[::1]/a.gif',
    ]) {
      const res = await v.post('/v3.0/andropov/upload/gif', { url });
      expect(isRussianError(res, 400), url).toBe(true);
      expect(res.json().rm, url).toBe(messages.mediaUrlRefused);
    }
    // Not a web address at all.
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.gif', 'просто текст'])
      expect(isRussianError(await v.post('/v3.0/andropov/upload/gif', { url }), 400), url).toBe(true);
    // The picture named .gif was stored as the upload of a picture; nothing else was kept.
    expect(await mediaCount()).toBeLessThanOrEqual(before + 1);
  });

  it('refuses bad input: neither or both, two files, wrong types, extra fields, no CSRF, no session', async () => {
    const { v } = await newUser(t.app, 'Неловкий Загрузчик');
    const one = await gif(24);
    const post = (body: unknown) => v.post('/v3.0/andropov/upload/gif', body);
    for (const body of [{}, { url: '' }, { url: 1 }, { url: ['a', 'b'] }, { url: { x: 1 } }, { url: 'a'.repeat(2001) }])
      expect(isRussianError(await post(body), 400), JSON.stringify(body).slice(0, 40)).toBe(true);
    expect(isRussianError(await post({ url: `${siteUrl}/dance.gif`, extra: 1 }), 400)).toBe(true);
    const two = await sendFiles(v, [
      ['file_0', one],
      ['file_1', one],
    ]);
    expect(isRussianError(two, 400), two.body).toBe(true);
    expect(two.json().rm).toBe(messages.mediaGifOne);
    expect((await sendFiles(v, [['file', one]], false)).statusCode).toBe(403);
    expect(isRussianError(await sendFiles(new Visitor(t.app), [['file', one]]), 401)).toBe(true);
  });
});
