import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, registerViaApi, useSharedBrowser, signIn, takeHydrationErrors } from './harness.ts';

/**
 * The server's HTML survives hydration when the reader scrolls before the page has hydrated: on a slow network, and
 * whenever the address names a section (`/u/me/settings#payments`), for the browser scrolls to it by itself. The
 * ads' host listened for that first scroll at module load and rendered its first client render from it, a <Suspense>
 * where the server's HTML had nothing: React's hydration error #418 (issue: payments and the overflow walk).
 */
const env = useSharedBrowser();

/**
 * Opens `url` with the client's entry held back until the page's modules have run (their listeners are in), then
 * scrolls the page with the wheel and lets the entry in: React hydrates after the gesture.
 */
async function openScrolledBeforeHydration(page: Page, url: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  // React Router's module script sets this once the route modules (the shell's among them) have run.
  await page.waitForFunction(() => '__reactRouterRouteModules' in window);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 300);
  await page.evaluate(() => new Promise(requestAnimationFrame));
  expect(await page.locator('html[data-ready]').count()).toBe(0);
  release();
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
  // One more round trip: an error the page reported before it answers has reached the test by then.
  await page.evaluate(() => 0);
}

describe('hydration', () => {
  it('a scroll before hydration keeps the server HTML (the front page, a reader)', async () => {
    const { context, page } = await newPage(env.browser);
    await openScrolledBeforeHydration(page, env.server.url + '/');
    expect(takeHydrationErrors()).toEqual([]);
    await context.close();
  });

  it('a section address keeps the server HTML (/u/me/settings#payments at 375 px, signed in)', async () => {
    const account = await registerViaApi(env.server, 'Читатель Настроек');
    const { context, page } = await newPage(env.browser, 375, 800);
    await signIn(context, env.server, account.cookie);
    await openScrolledBeforeHydration(page, `${env.server.url}/u/me/settings#payments`);
    await page.locator('[data-testid=settings-payments] [data-testid=buy-plus]').waitFor();
    expect(takeHydrationErrors()).toEqual([]);
    await context.close();
  });
});
