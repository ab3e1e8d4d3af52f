import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuild, root } from '../../../scripts/ensure-build.ts';
import { startTestApp, Visitor, type TestApp } from '../testing/harness.ts';
import { feedFixtures } from '../modules/feed/testing.ts';
import { messages } from '../../shared/catalogue.ts';
import { RENDERS_AT_ONCE, renderGateOf } from './web.ts';

const WAIT_MS = 1500;

describe('pages under load: render places, refusals and compression', () => {
  let t: TestApp;
  let base: string;
  let f: ReturnType<typeof feedFixtures>;
  beforeAll(async () => {
    // The web build is made once per run, when missing or stale.
    ensureBuild();
    t = await startTestApp(
      { sharedCaches: true },
      { web: { buildDir: path.join(root, 'build'), renderWaitMs: WAIT_MS } },
    );
    f = feedFixtures(t);
    await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Takes every render place, as renders that do not end would. */
  const holdAll = async () => {
    const gate = renderGateOf(t.app)!;
    const held = await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, () => gate.enter()));
    return () => held.forEach((leave) => leave!());
  };

  const page = (url: string, headers: Record<string, string> = {}) =>
    fetch(base + url, { headers, signal: AbortSignal.timeout(10_000) });

  it('gives a place back when its client hung up while waiting: every page answers afterwards', async () => {
    const reader = await f.reader();
    const cookie = {
      cookie: Object.entries(reader.v.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    };
    const release = await holdAll();
    const gate = renderGateOf(t.app)!;
    // Clients that ask for a page rendered for them alone and leave before a place comes.
    const sockets = Array.from({ length: 3 * RENDERS_AT_ONCE }, (_, i) => {
      const s = net.connect(Number(new URL(base).port), '127.0.0.1');
      s.on('error', () => {});
      s.write(`GET /rating?n=${i} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n`);
      return s;
    });
    await expect.poll(() => gate.waiting, { timeout: 5000 }).toBe(sockets.length);
    sockets.forEach((s) => s.destroy());
    release();

    // Twice the places at once, then the pages of every kind: none waits for a place a gone client kept.
    const pages = await Promise.all(
      Array.from({ length: 2 * RENDERS_AT_ONCE }, (_, i) => page(`/rating?after=${i}`, cookie)),
    );
    expect(pages.map((p) => p.status)).toEqual(pages.map(() => 200));
    for (const url of ['/', '/rating', '/new']) expect((await page(url)).status, url).toBe(200);
    expect((await page('/', cookie)).status).toBe(200);
  });

  it('refuses a page that found no place in time with a quick Russian 503 and Retry-After', async () => {
    const release = await holdAll();
    try {
      for (const url of ['/rating', '/?busy=1']) {
        const started = performance.now();
        const res = await page(url);
        expect(res.status, url).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await res.text()).toContain(messages.serverBusy);
        expect(performance.now() - started).toBeLessThan(WAIT_MS + 1000);
      }
    } finally {
      release();
    }
    // The refused shared copy was not kept: the same page renders now.
    expect((await page('/?busy=1')).status).toBe(200);
  });

  it('compresses a shared page once per copy: the same bytes for every reader, unpacking to the page', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const gzip = vi.spyOn(zlib, 'gzip');
    try {
      const url = '/?compressed=1';
      const get = (encoding?: string) =>
        t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toContain('<!DOCTYPE html>');

      const [a, b] = [await get('gzip, deflate, br'), await get('gzip, deflate, br')];
      expect(a.headers['content-encoding']).toBe('br');
      expect(a.headers.vary).toMatch(/accept-encoding/i);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(zlib.brotliDecompressSync(a.rawPayload).toString()).toBe(plain.body);
      expect(brotli).toHaveBeenCalledTimes(1);

      const [c, d] = [await get('gzip'), await get('gzip;q=1, br;q=0')];
      expect(c.headers['content-encoding']).toBe('gzip');
      expect(d.rawPayload.equals(c.rawPayload)).toBe(true);
      expect(zlib.gunzipSync(c.rawPayload).toString()).toBe(plain.body);
      expect(gzip).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });

  it('compresses an answer shared by anonymous readers (a feed page) once too', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    try {
      const url = '/v3.0/feed?sorting=date';
      const plain = await t.app.inject({ url });
      expect(plain.json().rc).toBe(200);
      const get = () => t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const [a, b] = [await get(), await get()];
      expect(a.headers['content-encoding']).toBe('br');
      expect(a.headers.vary).toMatch(/accept-encoding/i);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(JSON.parse(zlib.brotliDecompressSync(a.rawPayload).toString())).toEqual(plain.json());
      expect(brotli).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
    }
  });

  it('compresses answers for one reader per request, and not at all under a kilobyte', async () => {
    const reader = await f.reader();
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const own = await reader.v.get('/', { headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(own.rawPayload).toString()).toContain('<!DOCTYPE html>');
    const small = await reader.v.get('/v3.0/recent/lastSeen', { headers });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('a render that runs too long', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ensureBuild();
    // Every render runs past this limit: each is stopped and refused.
    t = await startTestApp(
      { sharedCaches: true },
      { web: { buildDir: path.join(root, 'build'), renderWaitMs: WAIT_MS, renderTimeoutMs: 1 } },
    );
    await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is stopped and answered with the Russian 503, and its place is free again', async () => {
    // More pages than places, shared and personal: each is refused, none keeps its place.
    const urls = Array.from({ length: 2 * RENDERS_AT_ONCE }, (_, i) => (i % 2 ? `/rating?n=${i}` : `/?n=${i}`));
    const pages = await Promise.all(urls.map((u) => fetch(base + u, { signal: AbortSignal.timeout(10_000) })));
    const texts = await Promise.all(pages.map((p) => p.text()));
    expect(pages.map((p) => p.status)).toEqual(pages.map(() => 503));
    expect(texts[0]).toContain(messages.serverBusy);
    const gate = renderGateOf(t.app)!;
    const held = await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, () => gate.enter()));
    expect(held.every((leave) => leave !== null)).toBe(true);
    held.forEach((leave) => leave!());
  });
});
