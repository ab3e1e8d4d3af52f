import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { MediaImage } from '../../src/shared/media.ts';
import { callApi, mediaItem, newPage, open, registerViaApi, shot, useSharedBrowser, uploadImages } from './harness.ts';

/** Link previews and feed links in the page HTML as the server renders it, and `/live` rendered with its items. */
const env = useSharedBrowser();
let writer: Awaited<ReturnType<typeof registerViaApi>>;

beforeAll(async () => {
  writer = await registerViaApi(env.server, 'Автор Обложек');
});
async function upload(width: number, height: number): Promise<MediaImage> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  return (await uploadImages(env.server, writer.cookie, [{ name: 'cover.png', data: png, type: 'image/png' }]))[0];
}

async function publish(title: string, blocks: unknown[]) {
  const saved = await callApi<{ entry: { id: number; url: string; subsite: { id: number } } }>(
    env.server,
    '/v3.0/writing/save',
    writer.cookie,
    {
      title,
      entry: [{ type: 'text', data: { text: 'Запись, которой делятся в соцсетях.' } }, ...blocks],
      is_published: 1,
    },
  );
  expect(saved.rc, JSON.stringify(saved)).toBe(200);
  return saved.data.entry;
}

async function html(path: string) {
  const res = await fetch(env.server.url + path);
  expect(res.status).toBe(200);
  return res.text();
}

const meta = (page: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"/>`).exec(page)?.[1];
const rssLink = (page: string) =>
  /<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)"\/>/.exec(page)?.[1];

async function picture(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  const { format, width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { format, width, height };
}

describe('link previews', () => {
  it("an entry with a cover: a 1200×630 JPEG of it, the locale, a large Twitter card and its subsite's RSS", async () => {
    const image = await upload(1600, 1000);
    const entry = await publish('Запись с обложкой для превью', [
      {
        type: 'media',
        cover: true,
        data: {
          items: [mediaItem(image, { title: '' })],
        },
      },
    ]);
    const page = await html(entry.url);
    const og = meta(page, 'og:image')!;
    expect(og).toBe(`${env.server.url}/media/${image.uuid}/-/scale_crop/1200x630/-/format/jpg/`);
    expect([meta(page, 'og:image:width'), meta(page, 'og:image:height')]).toEqual(['1200', '630']);
    expect(meta(page, 'og:image:alt')).toBe('Запись с обложкой для превью');
    expect(meta(page, 'og:locale')).toBe('ru_RU');
    expect(meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(await picture(og)).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    expect(rssLink(page)).toBe(`/rss/${entry.subsite.id}`);
    expect((await fetch(env.server.url + rssLink(page)!)).headers.get('content-type')).toBe(
      'application/rss+xml; charset=utf-8',
    );
  });

  it("pages without a picture of their own name the site's 1200×630 picture", async () => {
    const entry = await publish('Запись без картинок', []);
    for (const path of [entry.url, '/', '/new', '/live']) {
      const page = await html(path);
      expect(meta(page, 'og:image'), path).toBe(`${env.server.url}/og-image.png`);
      expect([meta(page, 'og:image:width'), meta(page, 'og:image:height')]).toEqual(['1200', '630']);
      expect(meta(page, 'og:locale'), path).toBe('ru_RU');
      expect(meta(page, 'twitter:card'), path).toBe('summary_large_image');
    }
    expect(await picture(`${env.server.url}/og-image.png`)).toEqual({ format: 'png', width: 1200, height: 630 });
  });
});

describe('/live', () => {
  it("comes from the server with its 20 newest items, each with its time, a description and the main feed's RSS", async () => {
    const page = await html('/live');
    const items = page.match(/<li class="live-item[^"]*" data-testid="live-item"/g) ?? [];
    expect(items.length).toBe(20);
    expect(page).not.toContain('Загружаем эфир…');
    // React writes the attribute as `dateTime` (HTML attribute names are case-insensitive).
    const times = [
      ...page.matchAll(/<time class="live-item__time" datetime="([^"]+)" title="[^"]+">([^<]+)<\/time>/gi),
    ];
    expect(times.length).toBe(20);
    for (const [, datetime, text] of times) {
      expect(Number.isNaN(Date.parse(datetime))).toBe(false);
      expect(text).toMatch(/назад|только что|вчера|\d/);
    }
    expect(meta(page, 'description')).toBeTruthy();
    expect(meta(page, 'og:description')).toBe(meta(page, 'description'));
    expect(rssLink(page)).toBe('/rss');
  });

  it('shows the items and their times in a browser at 1280 and 375 px, beside each author', async () => {
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ]) {
      const { context, page } = await newPage(env.browser, width, height);
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await open(page, `${env.server.url}/live`);
      const list = page.locator('main [data-testid=live-item]');
      expect(await list.count()).toBe(20);
      const time = list.first().locator('time');
      expect(await time.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((await time.textContent())!.length).toBeGreaterThan(2);
      // The time sits on the item's first line, beside the author.
      const [timeBox, authorBox] = await Promise.all([
        time.boundingBox(),
        list.first().locator('.live-item__author').boundingBox(),
      ]);
      expect(Math.abs(timeBox!.y - authorBox!.y)).toBeLessThan(12);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The client takes over the server's markup as it is (same items, same times).
      expect(errors.filter((e) => /hydrat|#41[89]|#42[35]/i.test(e))).toEqual([]);
      await shot(page, `live-page-${width}`);
      await context.close();
    }
  });

  it('an entry page with a cover at 1280 and 375 px', async () => {
    const image = await upload(1200, 800);
    const entry = await publish('Запись для снимка страницы', [
      {
        type: 'media',
        cover: true,
        data: {
          items: [mediaItem(image, { title: '' })],
        },
      },
    ]);
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ]) {
      const { context, page } = await newPage(env.browser, width, height);
      await open(page, env.server.url + entry.url);
      await page.waitForSelector('[data-testid=entry]');
      await shot(page, `sharing-entry-${width}`);
      await context.close();
    }
  });
});
