import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { MediaImage } from '../../src/shared/media.ts';
import {
  launchBrowser,
  mediaItem,
  newPage,
  open,
  registerViaApi,
  shot,
  startServer,
  uploadImages,
  type Server,
} from './harness.ts';

let server: Server;
let browser: Browser;
let author: Awaited<ReturnType<typeof registerViaApi>>;
/** The entry with a 3-picture gallery (two photos and a gif) and a single big picture. */
let entryUrl: string;
let images: MediaImage[];

const post = async <T>(path: string, body: unknown, cookie: string) => {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { rc: number; rm: string; data: T };
};

/** Real pictures made here, uploaded through the real upload call. */
const upload = (files: { name: string; data: Buffer; type: string }[]) => uploadImages(server, author.cookie, files);

const photo = (width: number, height: number, r: number, g: number, b: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="white"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

async function gif() {
  const frame = (color: string) =>
    sharp({ create: { width: 320, height: 180, channels: 4, background: color } })
      .png()
      .toBuffer();
  return sharp([await frame('#e04040'), await frame('#4060e0')], { join: { animated: true } })
    .gif({ delay: [200, 200], loop: 0 })
    .toBuffer();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED: '0' }), launchBrowser()]);
  author = await registerViaApi(server, 'Фотограф Галерейный');
  images = await upload([
    { name: 'one.jpg', data: await photo(1600, 1000, 40, 110, 200), type: 'image/jpeg' },
    { name: 'two.jpg', data: await photo(1200, 1200, 220, 120, 40), type: 'image/jpeg' },
    { name: 'three.gif', data: await gif(), type: 'image/gif' },
    { name: 'big.jpg', data: await photo(3000, 2000, 30, 160, 90), type: 'image/jpeg' },
  ]);
  const item = (image: MediaImage, title?: string, author?: string) => mediaItem(image, { title, author });
  const saved = await post<{ entry: { url: string } }>(
    '/v3.0/writing/save',
    {
      title: 'Прогулка по набережной',
      entry: [
        { type: 'text', data: { text: 'Три кадра с вечерней прогулки.' } },
        {
          type: 'media',
          data: {
            items: [
              item(images[0], 'Закат над рекой', 'Фотограф Галерейный'),
              item(images[1], 'Мост'),
              item(images[2], 'Огни'),
            ],
          },
        },
        { type: 'text', data: { text: 'И один большой снимок, его можно увеличить.' } },
        { type: 'media', data: { items: [item(images[3], 'Парк')] } },
      ],
      is_published: 1,
    },
    author.cookie,
  );
  expect(saved.rc, JSON.stringify(saved)).toBe(200);
  entryUrl = server.url + saved.data.entry.url;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const counter = (page: Page) => page.locator('[data-testid=viewer-counter]');
const gallery = (page: Page) => page.locator('.eb-media').first();

describe('images and the fullscreen viewer', () => {
  it('renders pictures in their colour, lazily, in webp at bucket sizes, and the gif as a looping mp4', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, entryUrl);
    const tiles = gallery(page).locator('[data-testid=media-open]');
    await expect(tiles.count()).resolves.toBe(3);
    // The colour is there before anything loads; the slot has its size from the start.
    const first = tiles.nth(0);
    expect(await first.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    const photoImg = first.locator('img.lazy-media-item').first();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await photoImg.elementHandle(),
    );
    const src = await photoImg.evaluate((el) => (el as HTMLImageElement).currentSrc);
    expect(src).toMatch(new RegExp(`/media/${images[0].uuid}/-/scale_crop/\\d+x\\d+/-/format/webp/$`));
    const video = gallery(page).locator('video.lazy-media-item');
    await expect(video.getAttribute('src')).resolves.toMatch(/-\/format\/mp4\/$/);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop])).toEqual([true, true]);
    const mp4 = await fetch(server.url + (await video.getAttribute('src')));
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    await shot(page, 'viewer-entry-1280', true);
    await context.close();
  });

  it('loads a picture only once it comes within 1.5 window heights', async () => {
    const { context, page } = await newPage(browser, 1280, 300);
    await open(page, entryUrl);
    const big = page.locator('.eb-media').nth(1).locator('img.lazy-media-item');
    const top = await big.evaluate((el) => el.getBoundingClientRect().top);
    // 300 px window: pictures load down to 300 + 1.5 × 300 = 750 px.
    expect(top).toBeGreaterThan(750);
    await page.waitForTimeout(300);
    await expect(big.getAttribute('src')).resolves.toBeNull();
    await page.evaluate((y) => window.scrollTo(0, y), top - 700);
    await expect.poll(() => big.getAttribute('src')).toMatch(new RegExp(`/media/${images[3].uuid}/-/resize/700/$`));
    await context.close();
  });

  it('opens the gallery at the clicked picture, pages with the keyboard and the arrows, closes on Esc', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, entryUrl);
    await gallery(page).locator('[data-testid=media-open]').nth(0).click();
    const viewer = page.locator('[data-testid=viewer]');
    await viewer.waitFor();
    await expect(counter(page).textContent()).resolves.toBe('1 из 3');
    await expect(page.locator('[data-testid=viewer-caption]').textContent()).resolves.toContain('Закат над рекой');
    await expect(page.locator('[data-testid=viewer-download]').getAttribute('href')).resolves.toBe(
      `/media/${images[0].uuid}/`,
    );
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=viewer-image]');
      return img?.complete && img.naturalWidth === 1600;
    });
    // 90% of a 1280x900 window is 1152x810: the 1600x1000 original fits in at 1152x720.
    // Layout size (offset*), not the box of the 333 ms scale-in still running.
    expect(
      await page.locator('[data-testid=viewer-image]').evaluate((el: HTMLElement) => [el.offsetWidth, el.offsetHeight]),
    ).toEqual([1152, 720]);
    await page.waitForTimeout(400);
    await shot(page, 'viewer-open-1280');

    await page.keyboard.press('ArrowRight');
    await expect(counter(page).textContent()).resolves.toBe('2 из 3');
    await page.click('[data-testid=viewer-next]');
    await expect(counter(page).textContent()).resolves.toBe('3 из 3');
    await expect(page.locator('[data-testid=viewer-video]').getAttribute('src')).resolves.toBe(
      `/media/${images[2].uuid}/-/format/mp4/`,
    );
    // The last picture: no way further, the arrow hides.
    await page.keyboard.press('ArrowRight');
    await expect(counter(page).textContent()).resolves.toBe('3 из 3');
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page).textContent()).resolves.toBe('2 из 3');
    await page.click('.viewer-dot >> nth=0');
    await expect(counter(page).textContent()).resolves.toBe('1 из 3');

    // Focus stays in the dialog.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid=viewer]')))).toBe(true);

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // A feed card's cover is the same gallery and opens the same viewer.
    await open(page, `${server.url}/new`);
    await page.locator('[data-testid=entry-card] [data-testid=media-open]').nth(1).click();
    await expect(counter(page).textContent()).resolves.toBe('2 из 3');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('zooms a big picture to 1:1 by a click, and only where it is larger than the window', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, entryUrl);
    const single = page.locator('.eb-media').nth(1).locator('[data-testid=media-open]');
    await single.scrollIntoViewIfNeeded();
    await single.click();
    await expect(counter(page).textContent()).resolves.toBe('1 из 1');
    await expect(page.locator('[data-testid=viewer-prev]').count()).resolves.toBe(0);
    const image = page.locator('[data-testid=viewer-image]');
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('[data-testid=viewer-image]')?.naturalWidth === 3000,
    );
    await image.click();
    await expect(image.getAttribute('data-zoomed')).resolves.toBe('true');
    expect(await image.evaluate((el: HTMLElement) => el.offsetWidth)).toBe(3000);
    await shot(page, 'viewer-zoomed-1280');
    await image.click({ position: { x: 10, y: 10 } });
    await expect(image.getAttribute('data-zoomed')).resolves.toBe('false');
    await page.click('[data-testid=viewer-close]');
    await page.locator('[data-testid=viewer]').waitFor({ state: 'detached' });
    await context.close();
  });

  it('fills a phone screen and pages by swiping', async () => {
    const { context, page } = await newPage(browser, 375, 740);
    await open(page, entryUrl);
    await shot(page, 'viewer-entry-375', true);
    await gallery(page).locator('[data-testid=media-open]').nth(0).click();
    await page.locator('[data-testid=viewer]').waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid=viewer-image]')?.complete);
    // Under 1000 px wide the picture takes the whole width.
    expect(await page.locator('[data-testid=viewer-image]').evaluate((el: HTMLElement) => el.offsetWidth)).toBe(375);
    const swipe = (from: number, to: number) =>
      page.evaluate(
        ([a, b]) => {
          const stage = document.querySelector('.viewer-stage')!;
          const ev = (type: string, x: number) =>
            stage.dispatchEvent(
              new PointerEvent(type, { pointerId: 7, pointerType: 'touch', clientX: x, clientY: 400, bubbles: true }),
            );
          ev('pointerdown', a);
          for (let i = 1; i <= 5; i++) ev('pointermove', a + ((b - a) * i) / 5);
          ev('pointerup', b);
        },
        [from, to],
      );
    await swipe(300, 80);
    await expect(counter(page).textContent()).resolves.toBe('2 из 3');
    await swipe(300, 280); // too short: springs back
    await expect(counter(page).textContent()).resolves.toBe('2 из 3');
    await swipe(80, 300);
    await expect(counter(page).textContent()).resolves.toBe('1 из 3');
    await page.waitForTimeout(400);
    await shot(page, 'viewer-open-375');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=viewer]').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a picture without its own caption shows the entry’s title and author in the viewer, at 1280 and 375 px', async () => {
    const saved = await post<{ entry: { url: string } }>(
      '/v3.0/writing/save',
      {
        title: 'Утро в порту без подписей к снимкам',
        entry: [
          {
            type: 'media',
            data: {
              items: [mediaItem(images[1])],
            },
          },
        ],
        is_published: true,
      },
      author.cookie,
    );
    expect(saved.rc, saved.rm).toBe(200);
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ]) {
      const { context, page } = await newPage(browser, width, height);
      await open(page, server.url + saved.data.entry.url);
      await page.locator('[data-testid=entry] [data-testid=media-open]').first().click();
      const caption = page.locator('[data-testid=viewer-caption]');
      await caption.waitFor();
      expect(await caption.locator('.viewer-title').textContent()).toBe('Утро в порту без подписей к снимкам');
      expect(await caption.locator('.viewer-author').textContent()).toBe('Фотограф Галерейный');
      await page.waitForTimeout(400);
      await shot(page, `viewer-entry-caption-${width}`);
      await context.close();
    }
  });
});
