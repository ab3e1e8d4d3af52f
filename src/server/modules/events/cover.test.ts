import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/catalogue.ts';
import { isRussianError, useTestApp, type UploadedFile } from '../../testing/harness.ts';
import { png } from '../comments/testing.ts';
import { eventCount, eventRow, goodEvent } from './testing.ts';

/**
 * An event's cover (issue 29 point 2) is a picture of this site's store: uploaded through the form's picker, or copied
 * here from a link, so a reader's browser never loads it from another site. `localhost` is the one outside host the
 * app may fetch; 127.0.0.1 stays a private address it refuses.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-event-cover-'));
const { t, signedIn } = useTestApp({ dataDir, fetchAllowHosts: ['localhost'] });

let site: http.Server;
let port: number;
let asked = 0;
beforeAll(async () => {
  const picture = await png();
  site = http.createServer((req, res) => {
    asked++;
    if (req.url === '/cover.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(picture);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Не картинка</title>');
    }
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  port = (site.address() as AddressInfo).port;
});
afterAll(() => {
  site?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mediaPath = /^\/media\/[0-9a-f-]{36}\/$/;

describe('an event’s cover', () => {
  it('keeps a picture uploaded by the form and copies a linked one into the store', async () => {
    const author = await signedIn();
    const file: UploadedFile = { field: 'file', name: 'cover.png', type: 'image/png', data: await png() };
    const uploaded = await author.v.upload('/v3.0/andropov/upload', [file]);
    expect(uploaded.json().data?.result, uploaded.body).toHaveLength(1);
    const uuid = uploaded.json().data.result[0].data.uuid as string;
    const made = await author.v.post('/v3.0/events/create', goodEvent({ cover_url: `/media/${uuid}/` }));
    expect(made.json().data.cover_url, made.body).toBe(`/media/${uuid}/`);

    const linked = await author.v.post(
      '/v3.0/events/create',
      goodEvent({ cover_url: `http://localhost:${port}/cover.png` }),
    );
    const copied = linked.json().data.cover_url as string;
    expect(copied, linked.body).toMatch(mediaPath);
    expect((await eventRow(t, linked.json().data.id)).coverUrl).toBe(copied);
    // The copy is served by this site.
    expect((await author.v.get(copied)).headers['content-type']).toMatch(/^image\//);
  });

  it('keeps the cover through an edit that sends it back', async () => {
    const author = await signedIn();
    const file: UploadedFile = { field: 'file', name: 'cover.png', type: 'image/png', data: await png() };
    const uuid = (await author.v.upload('/v3.0/andropov/upload', [file])).json().data.result[0].data.uuid as string;
    const made = (await author.v.post('/v3.0/events/create', goodEvent({ cover_url: `/media/${uuid}/` }))).json().data;
    const edited = await author.v.post(
      `/v3.0/events/${made.id}/edit`,
      goodEvent({ title: 'Митап, исправлено', cover_url: made.cover_url }),
    );
    expect(edited.json().data, edited.body).toMatchObject({ title: 'Митап, исправлено', cover_url: made.cover_url });
  });

  const bad: [string, () => string, string][] = [
    [
      'a picture the store does not hold',
      () => '/media/00000000-0000-4000-8000-000000000000/',
      messages.eventCoverNotFound,
    ],
    ['a link to a private address', () => `http://127.0.0.1:${port}/cover.png`, messages.eventCoverUnreachable],
    ['a link to a page, not a picture', () => `http://localhost:${port}/page`, messages.eventCoverUnreachable],
    ['a path outside the store', () => '/etc/passwd', messages.eventCoverUrlInvalid],
    ['a javascript: link', () => 'javascript:alert(1)', messages.eventCoverUrlInvalid],
    ['a huge link', () => `https://example.ru/${'a'.repeat(5_000)}.png`, messages.eventCoverUrlInvalid],
  ];
  it.each(bad)('refuses %s with a Russian message naming the cover, storing nothing', async (_, cover, rm) => {
    const author = await signedIn();
    const before = await eventCount(t);
    const res = await author.v.post('/v3.0/events/create', goodEvent({ cover_url: cover() }));
    expect(isRussianError(res, 400), res.body).toBe(true);
    expect(res.json().data.errors.cover_url).toBe(rm);
    expect(await eventCount(t)).toBe(before);
  });

  it('never shows a cover that was a link to another site before covers were copied', async () => {
    const author = await signedIn();
    const made = (await author.v.post('/v3.0/events/create', goodEvent())).json().data;
    await t.database.db.execute(
      `update events set cover_url = 'https://elsewhere.example/cover.png' where id = ${Number(made.id)}`,
    );
    expect((await author.v.get(`/v3.0/events/${made.id}`)).json().data.cover_url).toBe('');
    expect(asked).toBeGreaterThan(0);
  });
});
