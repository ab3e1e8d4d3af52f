import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, open, useSharedBrowser, shot } from './harness.ts';
import { navigationMessages } from '../../src/shared/catalogue/site.ts';

const env = useSharedBrowser();

const path = (page: Page) => new URL(page.url()).pathname;
/** A client navigation, as a link's click makes it (the router the page runs). */
const navigate = (page: Page, to: string) =>
  page.evaluate((target) => {
    void (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate(target);
  }, to);
/** The reader's first gesture brings the navigation's code. */
async function wake(page: Page) {
  await page.keyboard.press('Shift');
  await page.waitForSelector('html[data-navigation]', { state: 'attached' });
}
/** A mark on the window: it is gone only after a whole page load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { navMark: number }).navMark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { navMark?: number }).navMark === 1);

describe('page navigation', () => {
  it('offline, it retries with the notice and the previous page stays; back online it gets there by itself', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(env.browser, width, 900);
      await open(page, `${env.server.url}/new`);
      // The router has found out about the pages the current one links to.
      await page.waitForLoadState('networkidle');
      await wake(page);
      await mark(page);
      let failed = 0;
      page.on('requestfailed', (req) => {
        if (new URL(req.url()).pathname.endsWith('.data')) failed += 1;
      });
      await context.setOffline(true);
      await page.click('.logo');
      const notice = page.getByText(navigationMessages.offline);
      await notice.waitFor();
      // Tried again (after 1 s, then 2 s) while the notice stays and the page is the one before.
      await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(path(page)).toBe('/new');
      // The page read before is still there, in its shell.
      expect(await page.locator('.site-header').count()).toBe(1);
      expect(await page.locator('main.app-main').count()).toBe(1);
      await shot(page, `navigation-offline-${width}`);

      await context.setOffline(false);
      await page.waitForURL(`${env.server.url}/`);
      await notice.waitFor({ state: 'hidden' });
      expect(await page.locator('.site-header').count()).toBe(1);
      // A client navigation: the same document.
      expect(await marked(page)).toBe(true);
      await context.close();
    }
  });

  it('a failed page shows its code and the previous page stays; an empty answer is spoilt data', async () => {
    const { context, page } = await newPage(env.browser, 1280, 900);
    await open(page, `${env.server.url}/new`);
    await page.waitForLoadState('networkidle');
    await wake(page);
    await mark(page);

    // A page the server does not have.
    await navigate(page, '/no-such-page/at-all');
    await page.getByText(navigationMessages.failed(404)).waitFor();
    expect(path(page)).toBe('/new');
    expect(await page.locator('[data-testid=error-page]').count()).toBe(0);

    // The server failing.
    await page.route('**/popular.data*', (route) => route.fulfill({ status: 500, body: 'упал' }));
    await navigate(page, '/popular');
    await page.getByText(navigationMessages.failed(500)).waitFor();
    expect(path(page)).toBe('/new');
    await page.unroute('**/popular.data*');

    // An answer without data.
    await page.route('**/all.data*', (route) =>
      route.fulfill({ status: 200, body: '', headers: { 'content-type': 'text/x-script' } }),
    );
    await navigate(page, '/all');
    await page.getByText(navigationMessages.brokenData).waitFor();
    expect(path(page)).toBe('/new');
    await page.unroute('**/all.data*');

    // The page is alive: the next navigation works, in the same document.
    await page.click('.logo');
    await page.waitForURL(`${env.server.url}/`);
    expect(await marked(page)).toBe(true);
    await context.close();
  });

  it('a tab older than the newest build loads its next page whole', async () => {
    const { context, page } = await newPage(env.browser, 1280, 900);
    await open(page, `${env.server.url}/new`);
    await wake(page);
    await mark(page);
    // Another tab heard of a newer build after this one loaded.
    await page.evaluate(() => (document.cookie = `static_version_timestamp=${Date.now() + 1000}; path=/`));
    await page.click('.logo');
    await page.waitForURL(`${env.server.url}/`);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(await marked(page)).toBe(false);
    await context.close();
  });

  it('/m/new is the feed in the mobile layout with a canonical link to /new; its links keep the segment', async () => {
    const { context, page } = await newPage(env.browser, 375, 800);
    const res = await page.goto(`${env.server.url}/m/new`);
    expect(res?.status()).toBe(200);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(await page.locator('html').getAttribute('data-layout')).toBe('mobile');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${env.server.url}/new`);
    await mark(page);
    await page.click('.logo');
    await page.waitForURL(`${env.server.url}/m`);
    expect(await marked(page)).toBe(true);
    await expect.poll(() => page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${env.server.url}/`);
    await context.close();
  });
});
