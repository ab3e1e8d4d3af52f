import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestApp } from '../../testing/harness.ts';

const { t } = useTestApp({ publicUrl: 'https://sreda.example' });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('site files at the root', () => {
  it.each([
    ['/favicon-32.png', 32],
    ['/apple-touch-icon.png', 180],
    ['/icon-192.png', 192],
    ['/icon-512.png', 512],
  ])('%s is a %i px PNG with a long cache and an ETag', async (url, size) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=2592000/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    const again = await get(url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('/og-image.png is the 1200×630 picture link previews fall back to', async () => {
    const res = await get('/og-image.png?v=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect((await get('/og-image.png', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it('/favicon.ico is an ICO of 16, 32 and 48 px; /favicon.svg is the logo as SVG', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.headers['cache-control']).toMatch(/^public, max-age=2592000/);
    const b = ico.rawPayload;
    expect([b.readUInt16LE(0), b.readUInt16LE(2), b.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((i) => b.readUInt8(6 + 16 * i))).toEqual([16, 32, 48]);
    const svg = await get('/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toMatch(/^public, max-age=2592000/);
    expect(svg.body).toContain('<svg');
    // A cache-busting query is not refused.
    expect((await get('/favicon.ico?v=2')).statusCode).toBe(200);
  });

  it('the web app manifest names the site «Среда» in Russian with its theme colour and icons', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const m = res.json();
    expect(m).toMatchObject({
      name: 'Среда',
      short_name: 'Среда',
      lang: 'ru',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2f6ff5',
    });
    const sizes = (m.icons as { sizes: string }[]).map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of m.icons as { src: string }[]) expect((await get(icon.src)).statusCode).toBe(200);
  });

  it('robots.txt names the sitemap by its absolute address and keeps crawlers off private pages', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Sitemap: https:\/\/sreda\.example\/sitemap\.xml$/m);
    // Each private page by its own line (a prefix covers what lies under it: /admin also keeps /admin/payments off).
    for (const page of ['/settings', '/u/me/settings', '/messenger', '/donations', '/admin', '/drafts', '/writing'])
      expect(res.body.split('\n')).toContain(`Disallow: ${page}`);
    expect((await get('/sitemap.xml')).statusCode).toBe(200);
  });

  it('the offline page is Russian, runs no script, and the worker and its offline part are never cached', async () => {
    const page = await get('/offline.html');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<html lang="ru">');
    // The preposition holds to its word (a non-breaking space).
    expect(page.body).toContain('Нет подключения к\u00a0интернету');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toMatch(/^script-src 'self';/);

    const offline = await get('/sw-offline.js?v=abc');
    expect(offline.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(offline.headers['cache-control']).toBe('no-cache');
    expect(offline.body).toContain("addEventListener('fetch'");
    const worker = await get('/sw.js?v=abc');
    expect(worker.body).toContain("importScripts('/sw-offline.js' + self.location.search)");
    expect(worker.headers['content-security-policy']).toBe("default-src 'none'; script-src 'self'; connect-src 'self'");
  });
});
