import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { comments, entries, linkPreviews, subsites, users } from '../../db/schema.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import type { ExtractResult, RenderedResult } from '../../../shared/extract.ts';
import { contentUuid } from '../media/file-kind.ts';
import { fetchTimes, previewCleanup } from './service.ts';

/**
 * A local site with real-world-shaped pages. Tests allow 'localhost' only, so the same server reached as
 * 127.0.0.1 stands for a private address that must be refused.
 */
let server: http.Server;
let port: number;
const hits = new Map<string, number>();
let png: Buffer;

const page = (head: string, body = '<p>Текст</p>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url!, 'http://x');
  hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
  const html = (body: string | Buffer, type = 'text/html; charset=utf-8') => {
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  };
  switch (url.pathname) {
    case '/og':
      return html(
        page(`
      <meta charset="utf-8"><title>Запасной заголовок</title>
      <meta property="og:title" content="Как &laquo;Среда&raquo; читает OpenGraph">
      <meta property="og:description" content="Описание   со  ссылки &amp; немного разметки">
      <meta property="og:image" content="/pics/cover.png"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
      <meta property="og:site_name" content="Пример.ру"><link rel="icon" href="/static/icon.svg">`),
      );
    case '/og-unsized':
      return html(
        page('<meta property="og:title" content="Без размеров"><meta property="og:image" content="/pics/cover.png">'),
      );
    case '/pics/cover.png':
    case '/pics/other.png':
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(png);
    case '/og-private':
      return html(
        page(
          `<meta property="og:title" content="Картинка на частном адресе"><meta property="og:image" content="http://127.0.0.1:${port}/pics/other.png">`,
        ),
      );
    case '/og-not-a-picture':
      return html(page('<meta property="og:title" content="Не картинка"><meta property="og:image" content="/plain">'));
    case '/plain':
      return html(page('<title>Просто   заголовок</title><meta name="description" content="Только описание">'));
    case '/twitter':
      return html(
        page(
          '<meta name="twitter:title" content="Из твиттер-карточки"><meta name="twitter:image" content="https://cdn.example.com/t.jpg">',
        ),
      );
    case '/oembed-page':
      return html(
        page(`<title>Страница с oEmbed</title>
      <link rel="alternate" type="application/json+oembed" href="/oembed.json?url=x" title="oEmbed">`),
      );
    case '/oembed.json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          type: 'photo',
          version: '1.0',
          title: 'Название из oEmbed',
          provider_name: 'Фотохостинг',
          thumbnail_url: `http://localhost:${port}/pics/cover.png`,
          thumbnail_width: 40,
          thumbnail_height: 30,
        }),
      );
    case '/video-page':
      return html(page('<link rel="alternate" type="application/json+oembed" href="/video-oembed.json">'));
    case '/video-oembed.json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          type: 'video',
          title: 'Видео на чужой странице',
          thumbnail_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
          html: '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" allowfullscreen></iframe>',
        }),
      );
    case '/cp1251-meta':
      return html(
        Buffer.from(
          new Uint8Array(
            encode1251(
              page(
                '<meta charset="windows-1251"><title>Новости Екатеринбурга</title><meta name="description" content="Всё о городе">',
              ),
            ),
          ),
        ),
        'text/html',
      );
    case '/cp1251-header':
      return html(
        Buffer.from(new Uint8Array(encode1251(page('<title>Заголовок в кодировке из заголовка</title>')))),
        'text/html; charset=windows-1251',
      );
    case '/script':
      return html(
        page(
          '<title>&lt;script&gt;alert(1)&lt;/script&gt; "кавычки"</title><meta property="og:image" content="javascript:alert(1)">',
        ),
      );
    case '/chain':
      res.writeHead(301, { location: '/chain2' });
      return res.end();
    case '/chain2':
      res.writeHead(302, { location: `http://localhost:${port}/plain` });
      return res.end();
    case '/loop':
      res.writeHead(302, { location: '/loop' });
      return res.end();
    case '/to-private':
      res.writeHead(302, { location: `http://127.0.0.1:${port}/plain` });
      return res.end();
    case '/to-metadata':
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    case '/huge': {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(page('<title>Огромная страница</title>', ''));
      let left = 200; // 200 × 64 KB = 12.5 MB, far past the page limit
      const chunk = `<p>${'ы'.repeat(32 * 1024)}</p>`;
      const more = () => {
        while (left-- > 0) if (!res.write(chunk)) return res.once('drain', more);
        res.end();
      };
      res.on('close', () => {
        left = 0;
      });
      return more();
    }
    case '/slow': {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head>');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case '/broken':
      res.writeHead(500);
      return res.end('упало');
    default:
      res.writeHead(404);
      return res.end('нет такой страницы');
  }
}

/** Russian letters into windows-1251 bytes (the rest is ASCII here). */
function encode1251(s: string): number[] {
  return Array.from(s, (ch) => {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) return c;
    if (c >= 0x410 && c <= 0x44f) return c - 0x350;
    if (c === 0x401) return 0xa8;
    if (c === 0x451) return 0xb8;
    return 0x3f;
  });
}

let t: TestApp;
let reader: Visitor;
let readerId: number;
const at = (path: string) => `http://localhost:${port}${path}`;
/** The test picture as the media module keeps it: under the hash of its bytes, at an address of this site. */
const copied = () => `${t.config.publicUrl}${t.config.mediaBaseUrl}/${contentUuid(png)}/`;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  server = http.createServer(route);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  t = await startTestApp({ fetchAllowHosts: ['localhost'] });
  reader = new Visitor(t.app);
  readerId = (await reader.register({ name: 'Читатель Ссылок' })).user.id;
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});
afterEach(() => {
  t.clock.now = new Date();
  fetchTimes.pageMs = 6000;
});

const query = (urls: string[], extra = '') => urls.map((u) => `urls[]=${encodeURIComponent(u)}`).join('&') + extra;

async function extract(urls: string[], extra = '', v = reader): Promise<ExtractResult[]> {
  const res = await v.get(`/v3.0/andropov/extract?${query(urls, extra)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.result;
}
const one = async (url: string, extra = '') => (await extract([url], extra))[0]!;

describe('GET /v3.0/andropov/extract: outside pages', () => {
  it('reads an OpenGraph page: title, description, picture with its size, site name and icon; entities decoded', async () => {
    expect(await one(at('/og'))).toEqual({
      type: 'link',
      data: {
        url: at('/og'),
        title: 'Как «Среда» читает OpenGraph',
        description: 'Описание со ссылки & немного разметки',
        // Copied through the media module and measured from its bytes (the page's 1200×630 was not the truth).
        image: { uuid: copied(), width: 64, height: 48 },
        favicon: at('/static/icon.svg'),
        site_name: 'Пример.ру',
      },
    });
  });

  it('measures a picture the page gives no size for', async () => {
    expect((await one(at('/og-unsized'))).data).toMatchObject({
      title: 'Без размеров',
      image: { uuid: copied(), width: 64, height: 48 },
    });
  });

  it('copies the picture into the media store: the card names this site, the other site is asked once', async () => {
    const before = hits.get('/pics/cover.png') ?? 0;
    const card = await one(at('/og') + '?again');
    expect(card.data).toMatchObject({ image: { uuid: copied() } });
    // The same bytes are one stored picture; the copy was the only request to the other site.
    expect(hits.get('/pics/cover.png')).toBe(before + 1);
    const served = await reader.get(new URL(copied()).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 64, height: 48 });
  });

  it('copies no picture from a private address (the outgoing-request guard) nor what is not a picture', async () => {
    expect((await one(at('/og-private'))).data).toMatchObject({ title: 'Картинка на частном адресе', image: null });
    expect(hits.get('/pics/other.png')).toBeUndefined();
    expect((await one(at('/og-not-a-picture'))).data).toMatchObject({ title: 'Не картинка', image: null });
  });

  it('falls back to <title>, meta description, /favicon.ico and the host name', async () => {
    expect(await one(at('/plain'))).toEqual({
      type: 'link',
      data: {
        url: at('/plain'),
        title: 'Просто заголовок',
        description: 'Только описание',
        image: null,
        favicon: at('/favicon.ico'),
        site_name: 'localhost',
      },
    });
    expect((await one(at('/twitter'))).data).toMatchObject({
      title: 'Из твиттер-карточки',
      // An unreachable picture is left out rather than hotlinked.
      image: null,
    });
  });

  it('follows oEmbed discovery for what the page lacks, and turns an announced player into a video', async () => {
    expect((await one(at('/oembed-page'))).data).toMatchObject({
      title: 'Страница с oEmbed',
      site_name: 'Фотохостинг',
      image: { uuid: copied(), width: 64, height: 48 },
    });
    expect(hits.get('/oembed.json')).toBe(1);
    expect(await one(at('/video-page'))).toEqual({
      type: 'video',
      data: {
        service: 'youtube',
        id: 'dQw4w9WgXcQ',
        url: 'https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed',
        title: 'Видео на чужой странице',
        thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      },
    });
  });

  it('decodes windows-1251 pages, by <meta charset> and by the Content-Type header', async () => {
    expect((await one(at('/cp1251-meta'))).data).toMatchObject({
      title: 'Новости Екатеринбурга',
      description: 'Всё о городе',
    });
    expect((await one(at('/cp1251-header'))).data).toMatchObject({ title: 'Заголовок в кодировке из заголовка' });
  });

  it('follows a redirect chain to the final address', async () => {
    expect((await one(at('/chain'))).data).toMatchObject({ url: at('/plain'), title: 'Просто заголовок' });
  });

  it('reads the head of a huge page without taking the rest', async () => {
    const started = Date.now();
    expect((await one(at('/huge'))).data).toMatchObject({ title: 'Огромная страница' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers per-URL errors in Russian and keeps the others: loop, slow, 404, 500', async () => {
    fetchTimes.pageMs = 500;
    const results = await extract([at('/loop'), at('/slow'), at('/missing'), at('/broken'), at('/plain')]);
    expect(results.map((r) => r.type === 'error' && r.data.message)).toEqual([
      messages.extractTooManyRedirects,
      messages.extractTimeout,
      messages.extractUpstream(404),
      messages.extractUpstream(500),
      false,
    ]);
    expect(results[0]!.data).toMatchObject({ url: at('/loop') });
  });

  it('refuses private, loopback and link-local targets, also behind a redirect, without asking them', async () => {
    const before = hits.get('/plain') ?? 0;
    const results = await extract([
      `http://127.0.0.1:${port}/plain`,
      at('/to-private'),
      at('/to-metadata'),
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://10.0.0.5/admin',
      'http://192.168.1.1/',
      'http://[::ffff:7f00:1]/',
    ]);
    for (const r of results)
      expect(r, JSON.stringify(r)).toMatchObject({ type: 'error', data: { message: messages.extractRefused } });
    expect(hits.get('/plain') ?? 0).toBe(before);
  });

  it('keeps results by URL: a second ask does not reach the site until the preview is a day old; errors only minutes', async () => {
    const url = at('/plain?cache=1');
    hits.set('/plain', 0);
    const first = await one(url);
    expect(await one(url)).toEqual(first);
    expect(hits.get('/plain')).toBe(1);
    t.clock.now = new Date(Date.now() + 23 * 3600_000);
    await one(url);
    expect(hits.get('/plain')).toBe(1);
    t.clock.now = new Date(Date.now() + 25 * 3600_000);
    await one(url);
    expect(hits.get('/plain')).toBe(2);

    t.clock.now = new Date();
    hits.set('/broken', 0);
    const broken = at('/broken?cache=1');
    await one(broken);
    await one(broken);
    expect(hits.get('/broken')).toBe(1);
    t.clock.now = new Date(Date.now() + 6 * 60_000);
    expect(await one(broken)).toMatchObject({ type: 'error', data: { message: messages.extractUpstream(500) } });
    expect(hits.get('/broken')).toBe(2);
    const [row] = await t.database.db.select().from(linkPreviews).where(eq(linkPreviews.url, url));
    expect(row!.data).toMatchObject({ type: 'link' });
  });

  it('reads a URL named twice in one request once, answering it in both places', async () => {
    hits.set('/plain', 0);
    const url = at('/plain?twice=1');
    const [a, b, c] = await extract([url, at('/broken?twice=1'), url]);
    expect(a).toMatchObject({ type: 'link' });
    expect(c).toEqual(a);
    expect(b).toMatchObject({ type: 'error' });
    expect(hits.get('/plain')).toBe(1);
  });

  it('now and then drops previews long past their time', async () => {
    await one(at('/plain?old=1'));
    t.clock.now = new Date(Date.now() + 3 * 86_400_000);
    previewCleanup.random = () => 0;
    try {
      await one(at('/plain?new=1'));
    } finally {
      previewCleanup.random = Math.random;
    }
    const urls = (await t.database.db.select({ url: linkPreviews.url }).from(linkPreviews)).map((r) => r.url);
    expect(urls).toContain(at('/plain?new=1'));
    expect(urls).not.toContain(at('/plain?old=1'));
  });

  it('recognises embeds from the address alone', async () => {
    const [yt, tg, x] = await extract([
      'https://youtu.be/dQw4w9WgXcQ?t=1m5s',
      'https://t.me/durov/42',
      'https://twitter.com/jack/status/20',
    ]);
    // Without network the video still has its id, timecode and the thumbnail known from the id.
    expect(yt).toMatchObject({
      type: 'video',
      data: { service: 'youtube', id: 'dQw4w9WgXcQ', url: 'https://youtu.be/dQw4w9WgXcQ?t=1m5s', timecode: 65 },
    });
    expect((yt!.data as { thumbnail: string }).thumbnail).toMatch(/^https:\/\/i\.ytimg\.com\/vi\/dQw4w9WgXcQ\//);
    expect(tg).toEqual({ type: 'telegram', data: { url: 'https://t.me/durov/42', channel: 'durov', post: 42 } });
    expect(x).toEqual({ type: 'x', data: { url: 'https://x.com/jack/status/20', id: '20' } });
  });

  it('forceLink makes a plain link card even of an embed-shaped page', async () => {
    const [card] = await extract([at('/video-page')], '&forceLink=true');
    expect(card).toMatchObject({ type: 'link', data: { url: at('/video-page') } });
  });
});

describe('GET /v3.0/andropov/extract: our own links', () => {
  let entryId: number;
  let entryUrl: string;
  let commentId: number;

  beforeAll(async () => {
    const [e] = await t.database.db
      .insert(entries)
      .values({
        subsiteId: readerId,
        authorId: readerId,
        title: 'Своя запись',
        slug: 'svoya-zapis',
        isPublished: true,
        publishedAt: new Date(),
        blocks: [{ type: 'text', data: { text: 'Вступление <b>записи</b>' } }],
      })
      .returning();
    entryId = e!.id;
    entryUrl = `${t.config.publicUrl}/u/${readerId}-chitatel-ssylok/${entryId}-svoya-zapis`;
    const [c] = await t.database.db
      .insert(comments)
      .values({ entryId, authorId: readerId, text: 'Комментарий к своей записи' })
      .returning();
    commentId = c!.id;
  });

  it('turns an entry link into an entry card read from our database', async () => {
    const card = await one(entryUrl);
    expect(card).toMatchObject({
      type: 'entry',
      data: {
        id: entryId,
        title: 'Своя запись',
        description: 'Вступление записи',
        author: { name: 'Читатель Ссылок' },
      },
    });
    expect((card.data as { url: string }).url).toMatch(
      new RegExp(`^${t.config.publicUrl}/u/${readerId}.*/${entryId}-svoya-zapis$`),
    );
    expect((await one(`${t.config.publicUrl}/${entryId}`)).type).toBe('entry');
  });

  it('gives an entry card its cover picture as an absolute address under the media base', async () => {
    const uuid = '0b3c0f7e-1d2a-8c4b-9e5f-6a7b8c9d0e1f';
    const [e] = await t.database.db
      .insert(entries)
      .values({
        subsiteId: readerId,
        authorId: readerId,
        title: 'С обложкой',
        slug: 's-oblozhkoi',
        isPublished: true,
        publishedAt: new Date(),
        blocks: [{ type: 'media', data: { items: [{ image: { uuid, width: 800, height: 600 } }] } }],
      })
      .returning();
    expect((await one(`${t.config.publicUrl}/${e!.id}`)).data).toMatchObject({
      image: { uuid: `${t.config.publicUrl}${t.config.mediaBaseUrl}/${uuid}/`, width: 800, height: 600 },
    });
  });

  it('turns a link with comment/comments into a comment card', async () => {
    for (const q of ['comment', 'comments']) {
      expect(await one(`${entryUrl}?${q}=${commentId}`)).toMatchObject({
        type: 'comment',
        data: { id: commentId, text: 'Комментарий к своей записи', entry: { id: entryId, title: 'Своя запись' } },
      });
    }
  });

  it('treats our links as plain link cards with forceLink', async () => {
    expect(await one(`${entryUrl}?comment=${commentId}`, '&forceLink=1')).toMatchObject({
      type: 'link',
      data: { title: 'Своя запись', description: 'Комментарий к своей записи', site_name: ui.siteName },
    });
  });

  it('reads blogs and communities, and other pages as a site card', async () => {
    expect(await one(`${t.config.publicUrl}/u/${readerId}`)).toMatchObject({
      type: 'subsite',
      data: { id: readerId, name: 'Читатель Ссылок', type: 'user' },
    });
    const [s] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', name: 'Игры', slug: 'games-extract', description: 'Про игры' })
      .returning();
    expect(await one(`${t.config.publicUrl}/s/games-extract`)).toMatchObject({
      type: 'subsite',
      data: { id: s!.id, name: 'Игры', description: 'Про игры' },
    });
    expect(await one(`${t.config.publicUrl}/popular`)).toMatchObject({ type: 'link', data: { title: ui.siteName } });
  });

  it("answers a Russian error item for removed comments, someone else's drafts and unknown ids", async () => {
    const [gone] = await t.database.db
      .insert(comments)
      .values({ entryId, authorId: readerId, text: 'Удалённый', removed: true })
      .returning();
    const other = new Visitor(t.app);
    const otherId = (await other.register({ name: 'Другой Автор' })).user.id;
    const [draft] = await t.database.db
      .insert(entries)
      .values({ subsiteId: otherId, authorId: otherId, title: 'Черновик', slug: 'chernovik', isPublished: false })
      .returning();
    // An ordinary reader (the first account runs the site and may read drafts).
    const stranger = new Visitor(t.app);
    await stranger.register({ name: 'Случайный Читатель' });
    const results = await extract(
      [
        `${entryUrl}?comment=${gone!.id}`,
        `${t.config.publicUrl}/u/${otherId}/${draft!.id}-chernovik`,
        `${t.config.publicUrl}/999999`,
        `${t.config.publicUrl}/s/no-such-community`,
      ],
      '',
      stranger,
    );
    expect(results.map((r) => r.type === 'error' && r.data.message)).toEqual([
      messages.extractCommentNotFound,
      messages.extractEntryNotFound,
      messages.extractEntryNotFound,
      messages.subsiteNotFound,
    ]);
    // The draft's author does get the card.
    expect((await extract([`${t.config.publicUrl}/${draft!.id}`], '', other))[0]).toMatchObject({
      type: 'entry',
      data: { title: 'Черновик' },
    });
  });
});

describe('GET /v3.0/andropov/extract/render', () => {
  it('adds an escaped HTML card to each result', async () => {
    const res = await reader.get(
      `/v3.0/andropov/extract/render?${query([at('/script'), 'https://t.me/durov/42', at('/missing')])}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [link, tg, error] = res.json().data.result as RenderedResult[];
    expect(link).toMatchObject({ type: 'link', data: { title: '<script>alert(1)</script> "кавычки"', image: null } });
    expect(link!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;кавычки&quot;');
    expect(link!.html).not.toMatch(/<script|javascript:/);
    expect(link!.html).toContain('rel="nofollow noopener noreferrer"');
    expect(tg!.html).toContain(ui.extract.telegramPost('durov'));
    expect(error!.html).toContain(messages.extractUpstream(404));
  });
});

describe('GET /v3.0/andropov/extract: who and what may be asked', () => {
  it('answers 401 to anonymous visitors, without fetching', async () => {
    hits.set('/plain', 0);
    const res = await new Visitor(t.app).get(`/v3.0/andropov/extract?${query([at('/plain?anon')])}`);
    expect(isRussianError(res, 401)).toBe(true);
    expect(hits.get('/plain')).toBe(0);
  });

  it('answers 403 to a banned account', async () => {
    const banned = new Visitor(t.app);
    const id = (await banned.register({ name: 'Забаненный Читатель' })).user.id;
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, id));
    hits.set('/plain', 0);
    const res = await banned.get(`/v3.0/andropov/extract?${query([at('/plain?banned')])}`);
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.banned);
    expect(hits.get('/plain')).toBe(0);
  });

  it('refuses bad input with a Russian message (400) and fetches nothing', async () => {
    hits.clear();
    const cases: [string, string][] = [
      ['', messages.extractUrlsRequired],
      ['urls[]=', messages.extractUrlInvalid],
      [query(Array.from({ length: 11 }, (_, i) => at(`/plain?${i}`))), messages.extractUrlsTooMany(10)],
      [query(['не ссылка']), messages.extractUrlInvalid],
      [query(['ftp://example.com/file']), messages.extractUrlInvalid],
      [query(['file:///etc/passwd']), messages.extractUrlInvalid],
      [query(['javascript:alert(1)']), messages.extractUrlInvalid],
      [query([`${at('/plain?')}${'a'.repeat(2100)}`]), messages.extractUrlTooLong(2000)],
      [`urls[x]=${encodeURIComponent(at('/plain'))}`, messages.wrongType],
      [`urls[][y]=1`, messages.extractUrlInvalid],
      [query([at('/plain')], '&forceLink=maybe'), messages.extractForceLinkInvalid],
      [query([at('/plain')], '&extra=1'), messages.unknownField('extra')],
    ];
    for (const [qs, rm] of cases) {
      const res = await reader.get(`/v3.0/andropov/extract?${qs}`);
      expect(isRussianError(res, 400), `${qs.slice(0, 80)} → ${res.body.slice(0, 200)}`).toBe(true);
      expect(res.json().rm, qs.slice(0, 80)).toBe(rm);
    }
    expect(hits.size).toBe(0);
  });

  it('accepts a lone urls= and forceLink=0', async () => {
    const res = await reader.get(`/v3.0/andropov/extract?urls=${encodeURIComponent(at('/plain'))}&forceLink=0`);
    expect(res.json().data.result[0]).toMatchObject({ type: 'link', data: { title: 'Просто заголовок' } });
  });
});
