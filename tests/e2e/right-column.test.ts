import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, open, publishEntry, registerViaApi, useSharedBrowser, shot } from './harness.ts';
import { sidewaysProblems } from './overflow.ts';

/**
 * The shell's columns follow the page's layout options (issues 31.6, 33.3; shared/page-facts.ts): at 1280 px a feed
 * and an entry have the right column with the live feed and popular entries beside one content column of the same
 * width; pages whose options turn it off have none (`/live` keeps its room, so its column stands where a feed's does);
 * at 375 px there is no right column and nothing scrolls sideways.
 */
const env = useSharedBrowser();
let entry: { id: number; url: string };
const TITLE = 'Колонка справа: запись для проверки';

beforeAll(async () => {
  const author = await registerViaApi(env.server, 'Автор Колонки');
  entry = await publishEntry(env.server, author.cookie, TITLE);
});
const path = (url: string) => new URL(url, env.server.url).pathname;
const go = (page: Page, url: string) => open(page, env.server.url + url);
const column = (page: Page) => page.locator('[data-testid=right-column]');

/** The page's content column: the feed or the entry (or `/live`'s feed), its left edge and width. */
async function contentBox(page: Page, selector: string) {
  const box = await page.locator(`main ${selector}`).first().boundingBox();
  if (!box) throw new Error(`no ${selector}`);
  return { x: Math.round(box.x), width: Math.round(box.width) };
}

describe('right column', () => {
  it('at 1280 px a feed and an entry show it (live feed, popular entries) beside one content column', async () => {
    const { context, page } = await newPage(env.browser, 1280, 900);
    await go(page, '/');
    await column(page).waitFor();
    // The live feed lives in the right column now, the left sidebar keeps the navigation only.
    await column(page).locator('[data-testid=live] [data-testid=live-item]').first().waitFor();
    expect(await page.locator('[data-testid=sidebar] [data-testid=live]').count()).toBe(0);
    await column(page).locator('[data-testid=popular-item]').first().waitFor();
    const side = (await column(page).boundingBox())!;
    expect(Math.round(side.width)).toBe(300);
    const feed = await contentBox(page, '[data-testid=feed]');
    expect(feed.width).toBeGreaterThanOrEqual(600);
    expect(feed.width).toBeLessThanOrEqual(680);
    // The column stands right of the content, inside the window.
    expect(side.x).toBeGreaterThanOrEqual(feed.x + feed.width);
    expect(side.x + side.width).toBeLessThanOrEqual(1280);
    // Names in the live feed are not cut: each author's name fits its box.
    const cut = await column(page)
      .locator('.live-item__author')
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(cut).toEqual([]);
    await shot(page, 'right-column-feed-1280');

    await go(page, path(entry.url));
    await column(page).locator('[data-testid=live]').waitFor();
    const onEntry = await contentBox(page, '.entry-wrap');
    expect(onEntry).toEqual(feed);
    // The entry being read is not among its own popular ones.
    await column(page).locator('[data-testid=popular-item]').first().waitFor();
    expect(
      await column(page)
        .locator(`[data-testid=popular-item] a[href$="${path(entry.url)}"]`)
        .count(),
    ).toBe(0);
    await shot(page, 'right-column-entry-1280');

    // Sticky: scrolled far down, the column's top stays in the window.
    await page.mouse.wheel(0, 3000);
    await expect
      .poll(async () => (await column(page).locator('.right-column__inner').boundingBox())!.y, { timeout: 10_000 })
      .toBeLessThanOrEqual(72);
    const inner = (await column(page).locator('.right-column__inner').boundingBox())!;
    expect(inner.y + inner.height).toBeGreaterThan(0);

    // Pages whose options turn it off: the job board (its own second column), `/live` (its room kept).
    await go(page, '/job');
    await page.locator('[data-testid=job-list]').waitFor();
    expect(await column(page).count()).toBe(0);
    expect(await page.locator('.app-body').getAttribute('data-right-column')).toBe('off');
    await go(page, '/live');
    await page.locator('main [data-testid=live]').waitFor();
    expect(await column(page).count()).toBe(0);
    expect((await contentBox(page, '[data-testid=live]')).x).toBe(feed.x);
    await context.close();
  });

  it('at 375 px there is none and nothing scrolls sideways', async () => {
    const { context, page } = await newPage(env.browser, 375, 812);
    for (const url of ['/', path(entry.url)]) {
      await go(page, url);
      await page.locator('main').waitFor();
      expect(await column(page).isVisible()).toBe(false);
      expect(await sidewaysProblems(page, 375)).toEqual([]);
      await shot(page, url === '/' ? 'right-column-feed-375' : 'right-column-entry-375');
    }
    // Its widgets are never asked for where it is hidden.
    expect(await page.locator('[data-testid=popular-widget]').count()).toBe(0);
    await context.close();
  });
});
