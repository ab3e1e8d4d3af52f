import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { messages } from '../../../shared/catalogue.ts';
import { ApiError } from '../../lib/errors.ts';
import { registerReadHandle } from '../../http/reads.ts';
import { registerRoutes } from '../../http/route.ts';
import { useTestApp } from '../../testing/harness.ts';
import { feedRootRoutes } from './routes.ts';
import { feedFixtures } from './testing.ts';
import { eq } from 'drizzle-orm';
import { entries } from '../../db/schema.ts';
import type { Block } from '../../../shared/blocks.ts';

const { t } = useTestApp();
let f: ReturnType<typeof feedFixtures>;
let root: FastifyInstance;

beforeAll(async () => {
  f = feedFixtures(t);
  // The root plugin on its own, as app.ts registers it without the /v3.0 prefix.
  root = Fastify({ logger: false });
  root.decorate('ctx', t.app.ctx);
  registerReadHandle(root);
  root.setErrorHandler((err, _req, reply) => {
    const e = err instanceof ApiError ? err : new ApiError(500, messages.internal);
    reply.code(e.rc).send({ rc: e.rc, rm: e.message, data: {} });
  });
  registerRoutes(root, feedRootRoutes, '');
  await root.ready();
});
// Closed before the app (hooks run in reverse): root shares its ctx.
afterAll(async () => {
  await root?.close();
});

const get = (url: string) => root.inject({ method: 'GET', url });

describe('RSS', () => {
  it('the main feed: RSS 2.0, newest first, only entries approved for public RSS, text escaped', async () => {
    const writer = await f.reader();
    const c = await f.community({ name: 'Кино & <сериалы>' });
    const approved = await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'Фильм <b>года</b> & "премия"',
      publishedAt: f.hoursAgo(2),
    });
    const newer = await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'Свежая рецензия',
      publishedAt: f.hoursAgo(1),
    });
    const closed = await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'Не для RSS',
      isApprovedForPublicRss: false,
    });
    const draft = await f.entry({ subsiteId: c.id, authorId: writer.id, title: 'Черновик', isPublished: false });
    const hidden = await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'Скрыта с главной',
      isHiddenFromMain: true,
    });
    const res = await get('/rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>Фильм &lt;b&gt;года&lt;/b&gt; &amp; &quot;премия&quot;</title>');
    expect(xml).toContain('<category>Кино &amp; &lt;сериалы&gt;</category>');
    expect(xml).not.toContain('<b>');
    expect(xml.indexOf('Свежая рецензия')).toBeLessThan(xml.indexOf('Фильм'));
    expect(xml).toContain(`<link>http://localhost:3000/s/${c.slug}/${approved}-zapis-`);
    expect(xml).toContain(`/${newer}-`);
    for (const id of [closed, draft, hidden]) expect(xml).not.toMatch(new RegExp(`/${id}-`));
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  });

  it("a subsite's feed by id, by community slug and by blog path; hidden-from-main entries included", async () => {
    const writer = await f.reader();
    const c = await f.community();
    const own = await f.entry({ subsiteId: c.id, authorId: writer.id, title: 'Своя', isHiddenFromMain: true });
    const elsewhere = await f.entry({ subsiteId: writer.id, authorId: writer.id, title: 'В блоге' });
    for (const url of [`/rss/${c.id}`, `/s/${c.slug}/rss`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`/${own}-`);
      expect(res.body).not.toContain(`/${elsewhere}-`);
      expect(res.body).toContain(`<atom:link href="http://localhost:3000/rss/${c.id}" rel="self"`);
    }
    const blog = await get(`/u/${writer.id}-whatever/rss`);
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain(`/${elsewhere}-`);
    expect(blog.body).toContain(`/${own}-`);
  });

  it.each([
    '/rss/2000000000',
    '/rss/abc',
    '/rss/0',
    '/rss/0x10',
    '/rss/1e3',
    '/s/no-such-community/rss',
    '/u/2000000000/rss',
    '/u/abc/rss',
    '/u/0x10-x/rss',
  ])('%s is a 4xx', async (url) => {
    const res = await get(url);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().rm).toMatch(/[А-Яа-я]/);
  });

  it('a community id under /u/ is not a blog', async () => {
    const c = await f.community();
    expect((await get(`/u/${c.id}/rss`)).statusCode).toBe(404);
  });
});

describe('RSS for readers that poll', () => {
  it('answers ETag and Last-Modified, 304 to If-None-Match or If-Modified-Since, and names lastBuildDate', async () => {
    const writer = await f.reader();
    const c = await f.community();
    await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'Первая',
      publishedAt: f.hoursAgo(3),
      updatedAt: f.hoursAgo(3),
    });
    const edited = await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'Вторая',
      publishedAt: f.hoursAgo(2),
      updatedAt: f.hoursAgo(2),
    });
    const changedAt = new Date(Math.floor(f.hoursAgo(1).getTime() / 1000) * 1000);
    await t.database.db.update(entries).set({ updatedAt: changedAt }).where(eq(entries.id, edited));
    const url = `/rss/${c.id}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['last-modified']).toBe(changedAt.toUTCString());
    expect(first.body).toContain(`<lastBuildDate>${changedAt.toUTCString()}</lastBuildDate>`);
    expect(first.body.indexOf('<lastBuildDate>')).toBeLessThan(first.body.indexOf('<item>'));

    const cached = await root.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect((await root.inject({ method: 'GET', url, headers: { 'if-none-match': `W/"x", ${etag}` } })).statusCode).toBe(
      304,
    );
    expect(
      (await root.inject({ method: 'GET', url, headers: { 'if-modified-since': changedAt.toUTCString() } })).statusCode,
    ).toBe(304);
    const earlier = new Date(changedAt.getTime() - 1000).toUTCString();
    expect((await root.inject({ method: 'GET', url, headers: { 'if-modified-since': earlier } })).statusCode).toBe(200);
    // An ETag that no longer matches wins over a date that still would.
    const stale = await root.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': '"old"', 'if-modified-since': changedAt.toUTCString() },
    });
    expect(stale.statusCode).toBe(200);

    // A new entry changes both validators.
    await f.entry({ subsiteId: c.id, authorId: writer.id, title: 'Третья' });
    const next = await root.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(etag);
    expect(new Date(next.headers['last-modified'] as string).getTime()).toBeGreaterThan(changedAt.getTime());
  });

  it('an empty feed has an ETag but no Last-Modified or lastBuildDate', async () => {
    const c = await f.community();
    const res = await get(`/rss/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.body).not.toContain('lastBuildDate');
  });

  it('an uploaded cover is an enclosure with its length and type; outside pictures and entries without one have none', async () => {
    const writer = await f.reader();
    const c = await f.community();
    const uuid = '0b6a4f4e-1d2c-8e3f-9a4b-5c6d7e8f9a0b';
    const image = { uuid, type: 'jpg', width: 1600, height: 900, size: 123456, color: 'aabbcc', external_service: [] };
    // The picture as the upload answered it (its size and type included): more than the editor's block type names.
    const media = (img: object, cover = false) =>
      ({ type: 'media', cover, data: { items: [{ title: '', image: img }] } }) as unknown as Block;
    const covered = await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'С обложкой',
      publishedAt: f.hoursAgo(3),
      blocks: [{ type: 'text', data: { text: 'Текст' } }, media(image, true)],
    });
    const outside = await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'С чужой картинкой',
      publishedAt: f.hoursAgo(2),
      blocks: [media({ url: 'https://example.com/a.jpg', type: 'jpg', size: 1 })],
    });
    const plain = await f.entry({
      subsiteId: c.id,
      authorId: writer.id,
      title: 'Без картинки',
      publishedAt: f.hoursAgo(1),
    });
    const xml = (await get(`/rss/${c.id}`)).body;
    const item = (id: number) => xml.split('<item>').find((i) => i.includes(`/${id}-`))!;
    expect(item(covered)).toContain(
      `<enclosure url="http://localhost:3000/media/${uuid}/" length="123456" type="image/jpeg"/>`,
    );
    expect(item(outside)).not.toContain('<enclosure');
    expect(item(plain)).not.toContain('<enclosure');
  });
});

describe('sitemap.xml', () => {
  it('lists the front pages, the site pages, communities, blogs with entries and published entries', async () => {
    const writer = await f.reader();
    const silent = await f.reader();
    const c = await f.community();
    const e = await f.entry({ subsiteId: writer.id, authorId: writer.id });
    const draft = await f.entry({ subsiteId: c.id, authorId: writer.id, isPublished: false });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain('<loc>http://localhost:3000/</loc>');
    expect(res.body).toContain('<loc>http://localhost:3000/about</loc>');
    expect(res.body).toContain('<loc>http://localhost:3000/terms</loc>');
    expect(res.body).toContain(`<loc>http://localhost:3000/s/${c.slug}</loc>`);
    expect(res.body).toContain(`<loc>http://localhost:3000/u/${writer.id}-`);
    expect(res.body).toMatch(
      new RegExp(`<loc>http://localhost:3000/u/${writer.id}-[a-z-]+/${e}-zapis-\\d+</loc><lastmod>\\d{4}-`),
    );
    expect(res.body).not.toContain(`/u/${silent.id}-`);
    expect(res.body).not.toMatch(new RegExp(`/${draft}-`));
  });
});
