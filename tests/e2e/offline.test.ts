import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import {
  mediaItem,
  newPage,
  open,
  publishEntry,
  registerViaApi,
  useSharedBrowser,
  shot,
  signIn,
  signedInPage,
  uploadImages,
  callApi,
} from './harness.ts';
import { ui } from '../../src/shared/catalogue.ts';
import { navigationMessages } from '../../src/shared/catalogue/site.ts';
import { THEME_COLOR } from '../../src/shared/theme.ts';

/**
 * Offline reading (issue 31, point 4): the service worker keeps the shell, the last feed page and the entries the
 * reader opened, with their pictures, for that reader only; installable (manifest, icons, theme colour).
 */
const env = useSharedBrowser();
let author: Awaited<ReturnType<typeof registerViaApi>>;
/** An entry with a picture, one never opened, one for the accounts' test. */
let pictured: string;
let unopened: string;
let shared: string;
let pictureUuid: string;

beforeAll(async () => {
  author = await registerViaApi(env.server, 'Автор Офлайнов');
  const data = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();
  const [image] = await uploadImages(env.server, author.cookie, [{ name: 'lake.jpg', data, type: 'image/jpeg' }]);
  pictureUuid = image.uuid;
  const saved = await callApi<{ entry: { url: string } }>(env.server, '/v3.0/writing/save', author.cookie, {
    title: 'Озеро без сети',
    entry: [
      { type: 'text', data: { text: 'Эту запись читают в метро.' } },
      { type: 'media', data: { items: [mediaItem(image, { title: 'Озеро' })] } },
    ],
    is_published: 1,
  });
  expect(saved.rc, JSON.stringify(saved)).toBe(200);
  pictured = saved.data.entry.url;
  unopened = (await publishEntry(env.server, author.cookie, 'Запись, которую не открывали')).url;
  shared = (await publishEntry(env.server, author.cookie, 'Запись для двух аккаунтов')).url;
});
/** A client navigation, as a link's click makes it (the router the page runs). */
const navigate = (page: Page, to: string) =>
  page.evaluate((target) => {
    void (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate(target);
  }, to);

/** The addresses the worker keeps as pages (their paths, with the reader's cache name). */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys())
      if (name.startsWith('sreda-pages-'))
        for (const r of await (await caches.open(name)).keys())
          out.push(`${name.replace(/^sreda-pages-.*-(\d+)$/, '$1')} ${new URL(r.url).pathname}`);
    return out;
  });
const dataOf = (path: string) => (path.endsWith('/') ? `${path}_.data` : `${path}.data`);
/** The worker controls the page (it comes with the first gesture) and keeps `path` (HTML and data) for `reader`. */
async function kept(page: Page, path: string, reader: number | string = 0) {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await expect
    .poll(() => keptPages(page), { timeout: 30_000 })
    .toEqual(expect.arrayContaining([`${reader} ${path}`, `${reader} ${dataOf(path)}`]));
}

/** The entry's own picture (by its uuid) has loaded. */
const pictureShown = (page: Page) =>
  page.waitForFunction(
    (uuid) =>
      Array.from(document.images).some((img) => img.currentSrc.includes(uuid) && img.complete && img.naturalWidth > 0),
    pictureUuid,
  );

describe('offline reading', () => {
  it('an opened entry reads offline with its picture, the feed shows by client navigation, others get the offline page', async () => {
    const { context, page } = await newPage(env.browser, 1280, 900, 'allow');
    await open(page, `${env.server.url}/`);
    await kept(page, '/');
    // Opened by a client navigation: the worker fetches its HTML beside the data.
    await navigate(page, pictured);
    await page.waitForURL(env.server.url + pictured);
    await page.getByText('Эту запись читают в метро.').first().waitFor();
    await pictureShown(page);
    await kept(page, pictured);

    // The navigation's code (retries with the notice) comes with the first gesture: loaded once online, it is kept.
    await page.keyboard.press('Shift');
    await page.waitForSelector('html[data-navigation]', { state: 'attached' });
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await page.keyboard.press('Shift');
    await page.waitForSelector('html[data-navigation]', { state: 'attached' });
    await page.getByText('Эту запись читают в метро.').first().waitFor();
    await pictureShown(page);
    await shot(page, 'offline-entry-1280');

    // Back to the feed without a page load.
    await page.evaluate(() => ((window as unknown as { offlineMark: number }).offlineMark = 1));
    await navigate(page, '/');
    await page.waitForURL(`${env.server.url}/`);
    await page.locator('[data-testid=feed]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { offlineMark?: number }).offlineMark)).toBe(1);
    // (The router's look-ups of the routes the feed links to fail offline: the navigation's notice may show for them,
    // as it does without the worker; the page itself is there.)

    // An entry never opened: a client navigation keeps retrying with its notice, a page load gets the offline page.
    let failed = 0;
    // A try asks the router's manifest for the page's routes (the path and its parents) when it does not know them
    // yet, then the page's data.
    const parents = unopened
      .split('/')
      .slice(1)
      .map((_, i, parts) => '/' + parts.slice(0, i + 1).join('/'))
      .join(',');
    page.on('requestfailed', (req) => {
      const url = new URL(req.url());
      const manifest = url.pathname === '/__manifest' && url.searchParams.get('paths') === parents;
      if (manifest || url.pathname === `${unopened}.data`) failed += 1;
    });
    await navigate(page, unopened);
    await page.getByText(navigationMessages.offline).first().waitFor();
    await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.locator('[data-testid=feed]').waitFor();
    await page.goto(env.server.url + unopened);
    await page.getByRole('heading', { name: ui.offline.title }).waitFor();
    expect(await page.getByText(ui.offline.text).count()).toBe(1);
    await shot(page, 'offline-page-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'offline-page-375');
    await context.close();
  });

  it('never shows one account’s page to the next: signed out through the menu, or the cookie changed', async () => {
    for (const how of ['menu', 'cookie'] as const) {
      // Signing out through the menu ends A's session: each way has accounts of its own.
      const a = await registerViaApi(env.server, `Читатель Первый ${how}`);
      const b = await registerViaApi(env.server, `Читательница Вторая ${how}`);
      const { context, page } = await signedInPage(env.browser, env.server, a.cookie, 1280, 900, 'allow');
      await open(page, env.server.url + shared);
      await kept(page, shared, a.id);
      expect(await page.content()).toContain(a.name);

      if (how === 'menu') {
        await page.click('[data-testid=account-menu]');
        await page.getByText(ui.header.logout, { exact: true }).click();
        await page.waitForSelector('[data-testid=login-button]');
        // Signing out drops the reader's pages at once.
        await expect.poll(() => keptPages(page)).not.toEqual(expect.arrayContaining([`${a.id} ${shared}`]));
      }
      await context.clearCookies();
      await signIn(context, env.server, b.cookie);
      await open(page, `${env.server.url}/`);
      await kept(page, '/', b.id);
      expect(await keptPages(page)).not.toEqual(expect.arrayContaining([`${a.id} ${shared}`]));

      await context.setOffline(true);
      await page.goto(env.server.url + shared);
      await page.getByRole('heading', { name: ui.offline.title }).waitFor();
      expect(await page.content()).not.toContain(a.name);
      await page.goto(`${env.server.url}/`);
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      const html = await page.content();
      expect(html).toContain(b.name);
      expect(html).not.toContain(a.name);
      await context.close();
    }
  });
});

describe('installable', () => {
  it('serves the manifest with its icons, the theme colour of the pages, the worker and the offline page', async () => {
    const manifest = (await (await fetch(`${env.server.url}/manifest.webmanifest`)).json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest.name).toBe(ui.siteName);
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe(THEME_COLOR);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
      expect(icon, `${size} px icon`).toBeDefined();
      const res = await fetch(env.server.url + icon!.src);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);

    const { context, page } = await newPage(env.browser, 1280, 900, 'allow');
    await open(page, `${env.server.url}/`);
    await page.keyboard.press('Shift');
    expect(await page.locator('meta[name=theme-color]').getAttribute('content')).toBe(THEME_COLOR);
    expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe('/manifest.webmanifest');
    // Chromium's own installability check: no errors.
    const cdp = await context.newCDPSession(page);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    await context.close();

    const offline = await fetch(`${env.server.url}/offline.html`);
    expect(offline.headers.get('content-type')).toMatch(/text\/html/);
    expect(await offline.text()).toContain(ui.offline.title);
    const worker = await fetch(`${env.server.url}/sw.js?v=1`);
    expect(worker.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(await worker.text()).toContain("importScripts('/sw-offline.js'");
  });
});
