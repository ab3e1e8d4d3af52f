import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import {
  callApi,
  launchBrowser,
  mediaItem,
  newPage,
  open,
  publishEntry,
  registerViaApi,
  sharedServer,
  shot,
  uploadImages,
  type SharedServer,
} from './harness.ts';

/**
 * The entry model's fields with a screen (issue 32 point 6): `is_holdonflash` puts the entry first in the right
 * column's «Популярное» (the flash block) while the hold lasts; `is_clean_cover` shows a card's cover without the intro.
 */
let server: SharedServer;
let browser: Browser;

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(server, path, cookie, body);
const pathOf = (url: string) => new URL(url, server.url).pathname;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('holds and covers in the browser', () => {
  it('an entry held in the flash block comes first in «Популярное» at 1280 px', async () => {
    const author = await registerViaApi(server, 'Автор Молнии');
    const held = await publishEntry(server, author.cookie, 'Срочно: держим в блоке «Молния»');
    const set = await api('/v3.0/writing/save', server.owner.cookie, {
      id: held.id,
      title: 'Срочно: держим в блоке «Молния»',
      entry: [{ type: 'text', data: { text: 'Что вы об этом думаете?' } }],
      is_published: 1,
      is_holdonflash: 1,
    });
    expect(set.rc, JSON.stringify(set)).toBe(200);
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, server.url + '/');
    const first = page.locator('[data-testid=right-column] [data-testid=popular-item]').first();
    await first.waitFor();
    expect(await first.locator('a').getAttribute('href')).toBe(pathOf(held.url));
    await page.locator('[data-testid=popular-widget]').scrollIntoViewIfNeeded();
    await shot(page, 'popular-flash-hold-1280');
    expect(await seriousViolations(page, '[data-testid=popular-widget]')).toEqual([]);
    await context.close();
  });

  it('a card with is_clean_cover shows its cover without the intro; another keeps its intro', async () => {
    const author = await registerViaApi(server, 'Автор Обложек');
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const [picture] = await uploadImages(server, author.cookie, [{ name: 'cover.png', data: png, type: 'image/png' }]);
    const save = (title: string, clean: number) =>
      api<{ entry: { id: number } }>('/v3.0/writing/save', author.cookie, {
        title,
        entry: [
          { type: 'text', data: { text: 'Вступление, которое чистая обложка прячет.' } },
          { type: 'media', data: { items: [mediaItem(picture!)] } },
        ],
        is_published: 1,
        is_clean_cover: clean,
      });
    const clean = (await save('Чистая обложка', 1)).data.entry;
    const plain = (await save('Обычная обложка', 0)).data.entry;
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, 900);
      await open(page, `${server.url}/u/${author.id}`);
      const card = (id: number) => page.locator(`[data-testid=entry-card][data-id="${id}"]`);
      await card(clean.id).locator('.entry-card-cover img').first().waitFor();
      expect(await card(clean.id).locator('.entry-card-intro').count()).toBe(0);
      expect(await card(clean.id).locator('.entry-card-title').textContent()).toContain('Чистая обложка');
      await card(plain.id).locator('.entry-card-cover img').first().waitFor();
      expect(await card(plain.id).locator('.entry-card-intro').textContent()).toContain('Вступление');
      await card(clean.id).scrollIntoViewIfNeeded();
      await shot(page, `clean-cover-card-${width}`);
      await context.close();
    }
  });
});
