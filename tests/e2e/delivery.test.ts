import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServer, type Server } from './harness.ts';

/** What reaches a browser over the wire: compressed pages, API answers and assets, as the browser asks. */
let server: Server;
beforeAll(async () => {
  server = await sharedServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A raw GET (fetch would decode the body and hide what was sent). */
function raw(
  path: string,
  encoding: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(server.url + path, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decode = (r: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  r.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(r.body)
      : r.body;

describe('delivery', () => {
  it('compresses pages and API answers with brotli or gzip, as the client accepts', async () => {
    const plain = await raw('/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, used] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const page = await raw('/', accept);
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe(used);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      const html = decode(page).toString();
      expect(html).toContain('</html>');
      // The page is text of the same kind however it travels; compressed, it is a fraction of its size.
      expect(page.body.length).toBeLessThan(plain.body.length / 3);
    }
    const feed = await raw('/v3.0/feed?sorting=date', 'br');
    expect(feed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(feed).toString()).rc).toBe(200);
  });

  it('serves the build’s assets in their pre-made .br and .gz variants, cached for a year', async () => {
    const html = decode(await raw('/', 'br')).toString();
    const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const original = await raw(asset, 'identity');
    for (const [accept, used, unpack] of [
      ['br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await raw(asset, accept);
      expect(res.headers['content-encoding']).toBe(used);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(unpack(res.body).equals(original.body)).toBe(true);
    }
  });
});
