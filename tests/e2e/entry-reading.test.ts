import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { distributionsUi } from '../../src/shared/catalogue/distributions.ts';
import { seriousViolations } from './a11y.ts';
import {
  callApi,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  sharedServer,
  shot,
  signedInPage,
  type SharedServer,
} from './harness.ts';

/**
 * An entry's reading statistics (issue 30 point 4): a reader opens the entry, scrolls to its end and leaves; its
 * author sees the view, the read to the end and where it came from in the statistics popup and on /stats/entry/{id}.
 */
let server: SharedServer;
let browser: Browser;
let author: Awaited<ReturnType<typeof registerViaApi>>;
let entry: { id: number; url: string };
type Reading = { totals: { views: number; read_ends: number; read_seconds: number; outside: number } };

const t = distributionsUi.reading;
const violationsIn = async (page: Page, selector: string) => (await seriousViolations(page, selector)).map((v) => v.id);

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
  author = await registerViaApi(server, 'Автор Долгого Текста');
  const paragraphs = Array.from({ length: 14 }, (_, i) => ({
    type: 'text',
    data: { text: `Абзац ${i + 1}. Длинный рассказ о том, как редакция читала собственную статистику и что поняла.` },
  }));
  const saved = await callApi<{ entry: { id: number; url: string } }>(server, '/v3.0/writing/save', author.cookie, {
    title: 'Запись, которую дочитали',
    entry: paragraphs,
    is_published: 1,
  });
  expect(saved.rc, saved.rm).toBe(200);
  entry = saved.data.entry;
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The author's own visits (they open the entry for its menu) count in none of its figures. */
const authorPage = (width: number) => signedInPage(browser, server, author.cookie, width, width === 375 ? 812 : 900);

describe("an entry's reading statistics", () => {
  it('a reader reads the entry to the end and leaves; the author sees view 1, read to the end 1, from outside', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, server.url + entry.url);
    // The analytics wake on the first gesture; then the end of the entry comes into view.
    await page.mouse.wheel(0, 200);
    await page.waitForFunction(() => (window.dataLayer ?? []).some((e) => e.event === 'Show'));
    await page.locator('[data-page-data]').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (window.dataLayer ?? []).some((e) => e.event === 'Read-End'));
    await page.waitForFunction(() => performance.now() > 2500);
    // Leaving sends the read time with the rest (keepalive).
    await page.goto('about:blank');
    await context.close();
    await expect
      .poll(
        async () => (await callApi<Reading>(server, `/v3.0/content/stats/${entry.id}/reading`, author.cookie)).data,
        {
          timeout: 30_000,
        },
      )
      .toMatchObject({ totals: { views: 1, read_ends: 1, outside: 1 } });
    const { data } = await callApi<Reading>(server, `/v3.0/content/stats/${entry.id}/reading`, author.cookie);
    expect(data.totals.read_seconds).toBeGreaterThanOrEqual(2);
  });

  it('the statistics popup and the dashboard with its charts, at 1280 and 375', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await authorPage(width);
      await open(page, server.url + entry.url);
      await page.click('[data-testid=entry-actions]');
      await page.click('[data-testid=popover-item][data-value="stats"]');
      const summary = page.locator('[data-testid=entry-reading-summary]');
      await summary.waitFor();
      await page.locator('[data-testid=entry-stats] [data-testid=chart][data-ready="1"]').waitFor();
      expect(await summary.locator('[data-testid=reading-views]').textContent()).toBe('1');
      expect(await summary.locator('[data-testid=reading-read-ends]').textContent()).toBe('1');
      expect(await summary.locator('[data-testid=reading-source-outside]').textContent()).toBe(`${t.source.outside} 1`);
      await shot(page, `entry-reading-popup-${width}`);
      await summary.locator('[data-testid=entry-reading-more]').click();
      const board = page.locator('[data-testid=entry-reading]');
      await board.waitFor();
      await expect.poll(() => board.locator('[data-testid=chart][data-ready="1"]').count()).toBe(3);
      expect(await board.locator('[data-testid=reading-read-ends]').textContent()).toBe('1');
      // Nothing wider than the screen (the charts' hidden tables once widened it to 633 px at 375).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `entry-reading-${width}`, true);
      expect(await violationsIn(page, '[data-testid=entry-reading]')).toEqual([]);
      await context.close();
    }
  });

  it('another reader is refused the dashboard', async () => {
    const other = await registerViaApi(server, 'Чужой Автору');
    const { context, page } = await signedInPage(browser, server, other.cookie, 1280, 900);
    const res = await page.goto(`${server.url}/stats/entry/${entry.id}`);
    expect(res?.status()).toBe(403);
    await context.close();
  });
});
