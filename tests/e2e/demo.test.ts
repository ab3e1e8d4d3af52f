import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, open, shot, startServer, type Server } from './harness.ts';

/**
 * The demo a fresh start shows (issue 33): pictures on most cards of the main feed, portraits and emblems as avatars,
 * and the pictures shared (og:image, RSS enclosures). A server of its own: it reads the home feed's first cards.
 */
let server: Server;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The first cards' covers once the first two have painted (later ones load as the reader scrolls). */
async function covers(page: Page) {
  const cards = page.locator('[data-testid=entry-card]');
  await cards.first().waitFor();
  const first = Math.min(10, await cards.count());
  const covered = await page.evaluate(
    (n) =>
      [...document.querySelectorAll('[data-testid=entry-card]')]
        .slice(0, n)
        .filter((card) => card.querySelector('.entry-card-cover img, .entry-card-cover video')).length,
    first,
  );
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.entry-card-cover .lazy-media')]
        .slice(0, 2)
        .every((m) => m.classList.contains('is-loaded')),
    undefined,
    { timeout: 60_000 },
  );
  return { first, covered };
}

describe('the demo on a fresh start', () => {
  it('shows pictures on most cards of the main feed at 1280 and 375 px, and pictures as avatars', async () => {
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ]) {
      const { context, page } = await newPage(browser, width, height);
      await open(page, server.url);
      const { first, covered } = await covers(page);
      expect(covered, `${covered} of ${first} cards with a cover`).toBeGreaterThanOrEqual(Math.ceil(first * 0.7));
      const painted = await page
        .locator('.entry-card-cover img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth);
      expect(painted).toBeGreaterThan(0);
      // Community and author avatars are pictures, not letters.
      const avatars = await page
        .locator('[data-testid=entry-card] .entry-card-header img.avatar')
        .evaluateAll((els) => els.length);
      expect(avatars).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `demo-home-${width}`);
      await context.close();
    }
  });

  it("an entry page shares its cover as a 1200×630 og:image; RSS items carry their pictures' enclosures", async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, server.url);
    const href = await page
      .locator('[data-testid=entry-card]')
      .filter({ has: page.locator('.entry-card-cover img') })
      .first()
      .locator('.entry-card-body')
      .getAttribute('href');
    await open(page, server.url + href);
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(og).toMatch(/\/media\/[0-9a-f-]{36}\/-\/scale_crop\/1200x630\/-\/format\/jpg\/$/);
    const picture = await fetch(og!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    await shot(page, 'demo-entry-1280', true);
    await context.close();

    const rss = await (await fetch(`${server.url}/rss`)).text();
    const items = rss.split('<item>').slice(1);
    const enclosed = items.filter((i) =>
      /<enclosure url="[^"]+\/media\/[0-9a-f-]{36}\/" length="\d+" type="(image\/jpeg|video\/mp4)"\/>/.test(i),
    );
    expect(enclosed.length).toBeGreaterThanOrEqual(Math.ceil(items.length * 0.7));
  });
});
