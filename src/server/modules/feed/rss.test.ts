import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { messages } from '../../../shared/catalogue.ts';
import { ApiError } from '../../http/errors.ts';
import { registerRoutes } from '../../http/route.ts';
import { useTestApp } from '../../testing/harness.ts';
import { feedRootRoutes } from './routes.ts';
import { feedFixtures } from './testing.ts';

const { t } = useTestApp();
let f: ReturnType<typeof feedFixtures>;
let root: FastifyInstance;

beforeAll(async () => {
  f = feedFixtures(t);
  // The root plugin on its own, as app.ts registers it without the /v3.0 prefix.
  root = Fastify({ logger: false });
  root.decorate('ctx', t.app.ctx);
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
    const approved = await f.entry({ subsiteId: c.id, authorId: writer.id, title: 'Фильм <b>года</b> & "премия"', publishedAt: f.hoursAgo(2) });
    const newer = await f.entry({ subsiteId: c.id, authorId: writer.id, title: 'Свежая рецензия', publishedAt: f.hoursAgo(1) });
    const closed = await f.entry({ subsiteId: c.id, authorId: writer.id, title: 'Не для RSS', isApprovedForPublicRss: false });
    const draft = await f.entry({ subsiteId: c.id, authorId: writer.id, title: 'Черновик', isPublished: false });
    const hidden = await f.entry({ subsiteId: c.id, authorId: writer.id, title: 'Скрыта с главной', isHiddenFromMain: true });
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

  it('a subsite\'s feed by id, by community slug and by blog path; hidden-from-main entries included', async () => {
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

  it.each(['/rss/2000000000', '/rss/abc', '/rss/0', '/rss/0x10', '/rss/1e3', '/s/no-such-community/rss', '/u/2000000000/rss', '/u/abc/rss', '/u/0x10-x/rss'])('%s is a 4xx', async (url) => {
    const res = await get(url);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().rm).toMatch(/[А-Яа-я]/);
  });

  it('a community id under /u/ is not a blog', async () => {
    const c = await f.community();
    expect((await get(`/u/${c.id}/rss`)).statusCode).toBe(404);
  });
});

describe('sitemap.xml', () => {
  it('lists the front pages, communities, blogs with entries and published entries', async () => {
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
    expect(res.body).toContain(`<loc>http://localhost:3000/s/${c.slug}</loc>`);
    expect(res.body).toContain(`<loc>http://localhost:3000/u/${writer.id}-`);
    expect(res.body).toMatch(new RegExp(`<loc>http://localhost:3000/u/${writer.id}-[a-z-]+/${e}-zapis-\\d+</loc><lastmod>\\d{4}-`));
    expect(res.body).not.toContain(`/u/${silent.id}-`);
    expect(res.body).not.toMatch(new RegExp(`/${draft}-`));
  });
});
