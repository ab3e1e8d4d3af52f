import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, open, sharedServer, shot, type Server } from './harness.ts';
import { seriousViolations } from './a11y.ts';
import { footerUi } from '../../src/shared/catalogue/footer.ts';
import { versionSwapUi } from '../../src/shared/catalogue/mobile-version.ts';
import { feedUi } from '../../src/shared/catalogue/feed.ts';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The reader's first gesture brings the mobile footer's code (lib/wake-navigation.ts). */
async function wake(page: import('playwright-core').Page) {
  await page.keyboard.press('Shift');
  await page.waitForSelector('.mobile-footer__swap', { state: 'attached' });
}

/** A mark on the window: it is gone only after a whole page load. */
const mark = (page: import('playwright-core').Page) =>
  page.evaluate(() => ((window as unknown as { mobileMark: number }).mobileMark = 1));
const marked = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window as unknown as { mobileMark?: number }).mobileMark === 1);

/** The mobile version's furniture (spec/foundation.md §1, §2, §4): the feed navigation, the footer, the swap. */
describe('mobile version', () => {
  it('a phone gets the mobile feed navigation and footer; «Мобильная версия» and «Полная версия» swap the address', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    await open(page, `${server.url}/new?x=1`);
    const nav = page.locator('.mobile-feed-nav');
    await expect.poll(() => nav.isVisible()).toBe(true);
    expect(await nav.getAttribute('aria-label')).toBe(feedUi.feedsLabel);
    expect(await nav.locator('a').allTextContents()).toEqual([feedUi.scopeMain, feedUi.my]);
    expect(await nav.locator('a[aria-current=page]').textContent()).toBe(feedUi.scopeMain);
    // Nothing of the footer before a gesture: its code is not on the first visit's budget.
    expect(await page.locator('.mobile-footer').count()).toBe(0);
    await wake(page);
    const footer = page.locator('.mobile-footer');
    expect(await footer.isVisible()).toBe(true);
    expect(await footer.locator('nav a').allTextContents()).toEqual([
      footerUi.about,
      footerUi.contacts,
      footerUi.terms,
      footerUi.agreement,
    ]);
    const swap = page.locator('.mobile-footer__swap');
    expect(await swap.textContent()).toBe(versionSwapUi.mobileVersion);
    expect(await swap.getAttribute('href')).toBe('/m/new?x=1');
    await footer.scrollIntoViewIfNeeded();
    await shot(page, 'mobile-footer-main-375');
    expect(await seriousViolations(page)).toEqual([]);

    // To the mobile version: a whole page load, the same page in the mobile layout.
    await swap.click();
    await page.waitForURL(`${server.url}/m/new?x=1`);
    await page.waitForSelector('html[data-ready][data-layout=mobile]', { state: 'attached' });
    await mark(page);
    await shot(page, 'mobile-feed-nav-m-375');
    await wake(page);
    // Links inside the mobile layout keep the segment, in their addresses too (a new tab, no script yet).
    expect(await page.locator('.mobile-feed-nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      ['/m', '/m/my/new'],
    );
    expect(await page.locator('.mobile-footer nav a').first().getAttribute('href')).toBe('/m/about');
    const cards = await page.locator('a[data-page-link]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(cards.length).toBeGreaterThan(5);
    for (const href of cards) expect(href, String(href)).toMatch(/^\/m(\/|$)/);
    // A click on one stays in the tab and in the mobile version.
    await page.locator('.mobile-feed-nav a', { hasText: feedUi.my }).click();
    await page.waitForURL(`${server.url}/m/my/new`);
    expect(await marked(page)).toBe(true);
    await expect.poll(() => page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${server.url}/my/new`);
    await expect.poll(() => page.locator('.mobile-feed-nav a[aria-current=page]').textContent()).toBe(feedUi.my);
    // The sorting tabs' switch to every subsite's feed, a Link, keeps the segment too.
    await page.locator('.mobile-feed-nav a', { hasText: feedUi.scopeMain }).click();
    await page.waitForURL(`${server.url}/m`);
    await page.getByTestId('feed-scope').click();
    await page.waitForURL(`${server.url}/m/all`);
    expect(await marked(page)).toBe(true);
    // Back to the full version from where the reader is.
    const back = page.locator('.mobile-footer__swap');
    await expect.poll(() => back.getAttribute('href')).toBe('/all');
    expect(await back.textContent()).toBe(versionSwapUi.fullVersion);
    expect(await seriousViolations(page)).toEqual([]);
    await back.click();
    await page.waitForURL(`${server.url}/all`);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(await page.locator('html').getAttribute('data-layout')).toBe(null);
    await context.close();
  });

  it('a wide window shows neither in the main version; the mobile version keeps both on a wide screen', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, `${server.url}/new`);
    expect(await page.locator('.mobile-feed-nav').isVisible()).toBe(false);
    await page.keyboard.press('Shift');
    await page.waitForSelector('.mobile-footer__swap', { state: 'attached' });
    expect(await page.locator('.mobile-footer').isVisible()).toBe(false);
    expect(await page.getByTestId('site-footer').isVisible()).toBe(true);
    await shot(page, 'mobile-main-1280');

    await open(page, `${server.url}/m-app/new`);
    expect(await page.locator('.mobile-feed-nav').isVisible()).toBe(true);
    // A new page: the footer's code comes with its first gesture.
    await page.keyboard.press('Shift');
    await page.waitForSelector('.mobile-footer__swap', { state: 'attached' });
    const swap = page.locator('.mobile-footer__swap');
    // Open: since the footer is drawn at the end of `.app`, it is not visible at 1280 in the mobile layout (it is at 375).
    expect(await swap.getAttribute('href')).toBe('/new');
    expect(await page.locator('.mobile-footer nav a').first().getAttribute('href')).toBe('/m-app/about');
    await page.locator('.mobile-footer').scrollIntoViewIfNeeded();
    await shot(page, 'mobile-m-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the sidebar drawer’s toggle and the stylesheets follow the same 859/860 line', async () => {
    for (const [width, mobile] of [
      [859, true],
      [860, false],
    ] as const) {
      const { context, page } = await newPage(browser, width, 800);
      await open(page, `${server.url}/new`);
      await wake(page);
      expect(await page.locator('.mobile-footer').isVisible(), String(width)).toBe(mobile);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.sidebar')!).position)).toBe(
        mobile ? 'fixed' : 'sticky',
      );
      await context.close();
    }
  });
});
