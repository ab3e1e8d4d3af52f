import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, root } from '../../../scripts/ensure-build.ts';
import { startTestApp, Visitor, type TestApp } from '../testing/harness.ts';
import { feedFixtures } from '../modules/feed/testing.ts';
import { errorsUi } from '../../shared/catalogue/site.ts';
import { swapMobileSegment } from '../../shared/mobile-path.ts';

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;

/** `GET {url}?mode=ajax` (a page's data as JSON) and the mobile version's `/m`, `/m-{suffix}` paths. */
describe('page data and mobile paths', () => {
  let t: TestApp;
  let f: ReturnType<typeof feedFixtures>;
  let publicUrl: string;
  beforeAll(async () => {
    // The web build is made once per run, when missing or stale.
    ensureBuild();
    t = await startTestApp({}, { web: { buildDir: path.join(root, 'build') } });
    publicUrl = t.app.ctx.config.publicUrl;
    f = feedFixtures(t);
    await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('?mode=ajax answers the page loader data as JSON in the reply envelope', async () => {
    const author = await f.reader();
    const c = await f.community({ name: 'Сообщество данных страницы' });
    await f.entry({ subsiteId: c.id, authorId: author.id, title: 'Запись в данных страницы' });
    const res = await new Visitor(t.app).get(`/s/${c.slug}?mode=ajax`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = JSON.parse(res.body) as { rc: number; rm: string; data: { route: string; page: unknown } };
    expect(body.rc).toBe(200);
    expect(body.data.route).toBe('subsite-community');
    expect(JSON.stringify(body.data.page)).toContain('Запись в данных страницы');

    const feed = JSON.parse((await new Visitor(t.app).get('/new?mode=ajax')).body) as typeof body;
    expect(feed.data.route).toBe('feed-new');
    // Without the mode it is the page itself.
    expect((await new Visitor(t.app).get('/new')).headers['content-type']).toContain('text/html');
  });

  it('?mode=ajax of a missing page answers 404 with the reason and empty data', async () => {
    for (const url of ['/u/no-such-person-here?mode=ajax', '/no/such/page/at/all?mode=ajax']) {
      const res = await new Visitor(t.app).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ rc: 404, rm: errorsUi.notFoundTitle, data: {} });
    }
  });

  it('/m and /m-{suffix} serve the same page in the mobile layout with a canonical link to the main address', async () => {
    for (const [url, main] of [
      ['/m/new', '/new'],
      ['/m', '/'],
      ['/m/', '/'],
      ['/m-app/popular', '/popular'],
      ['/m/search?q=%D0%BA%D0%BE%D1%82', '/search?q=%D0%BA%D0%BE%D1%82'],
    ]) {
      const res = await new Visitor(t.app).get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('data-layout="mobile"');
      expect(canonicalOf(res.body), url).toBe(publicUrl + main);
      expect(res.body.match(/rel="canonical"/g), url).toHaveLength(1);
      // The router runs under the segment, so the page's links keep it.
      expect(res.body).toContain(`"basename":"${url.split(/[/?]/, 2).join('/') || '/'}`);
    }
    // The main page has no mobile layout.
    expect((await new Visitor(t.app).get('/new')).body).not.toContain('data-layout="mobile"');
    // A page naming its canonical address keeps that one, once.
    const c = await f.community({ name: 'Сообщество мобильной версии' });
    const page = await new Visitor(t.app).get(`/m/s/${c.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/rel="canonical"/g)).toHaveLength(1);
    expect(canonicalOf(page.body)).toBe(`${publicUrl}/s/${c.slug}`);
    // The mobile page's data too.
    const data = JSON.parse((await new Visitor(t.app).get('/m/new?mode=ajax')).body) as { data: { route: string } };
    expect(data.data.route).toBe('feed-new');
  });

  it('bad mobile and page paths answer 4xx, never 5xx', async () => {
    for (const url of ['/m/no/such/page', '/m-app/nope?mode=ajax', '/m-/new', '/m-UPPER/new', '/mobile/new']) {
      const res = await new Visitor(t.app).get(url);
      expect(res.statusCode, url).toBe(404);
    }
    for (const url of [
      '/s/%FF%FE?mode=ajax',
      '/m/s/%FF?mode=ajax',
      `/m/${'a'.repeat(20_000)}`,
      `/${'x'.repeat(20_000)}?mode=ajax`,
      `/m-${'b'.repeat(5000)}/new`,
    ]) {
      const res = await new Visitor(t.app).get(url);
      expect(res.statusCode, url.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url.slice(0, 20)).toBeLessThan(500);
    }
  });

  it('the segment swaps both ways', () => {
    expect(swapMobileSegment('/m/new', '')).toBe('/new');
    expect(swapMobileSegment('/m-app', '')).toBe('/');
    expect(swapMobileSegment('/new', '/m')).toBe('/m/new');
    expect(swapMobileSegment('/', '/m-app')).toBe('/m-app');
    expect(swapMobileSegment('/mobile', '')).toBe('/mobile');
  });
});
