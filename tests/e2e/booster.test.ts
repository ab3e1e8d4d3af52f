import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { distributionsUi } from '../../src/shared/catalogue/distributions.ts';
import { formatNumber, formatRoubles } from '../../src/shared/format.ts';
import { seriousViolations } from './a11y.ts';
import {
  callApi,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';

/**
 * The booster bought with the test card (issue 30 point 2: "a booster bought with the test card serves the entry as a
 * marked unit"), its unit's impressions and clicks through first-party analytics, and the /ad/stats report. A server
 * of its own: the feed's unit must be the booster, with no other campaign to pick at random.
 */
let server: Server;
let browser: Browser;
let author: Awaited<ReturnType<typeof registerViaApi>>;
let entry: { id: number; url: string };

const api = <T>(p: string, cookie: string, body?: unknown) => callApi<T>(server, p, cookie, body);
const violationsIn = async (page: Page, selector: string) => (await seriousViolations(page, selector)).map((v) => v.id);
type Report = { items: { id: number; impressions: number; clicks: number; kind: string }[] };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED: '0' }), launchBrowser()]);
  await registerViaApi(server, 'Хозяин Сайта');
  author = await registerViaApi(server, 'Автор Бустера');
  const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
    title: 'Как мы перевели редакцию на TypeScript',
    entry: [{ type: 'text', data: { text: 'История одного переезда: типы, тесты и спокойные релизы.' } }],
    is_published: 1,
  });
  expect(saved.rc).toBe(200);
  entry = saved.data.entry;
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the booster in the browser', () => {
  it('the author opens the constructor from the entry, pays the shortfall by the test card, the entry is promoted', async () => {
    const { context, page } = await signedInPage(browser, server, author.cookie, 1280, 900);
    await open(page, `${server.url}${entry.url}`);
    await page.locator('[data-testid=booster-open]').click();
    const form = page.locator('[data-testid=booster-form]');
    await form.locator('[data-testid=booster-estimate]').waitFor();
    await form.locator('[data-testid=booster-budget]').fill('350');
    await form.locator('[data-testid=booster-days]').fill('3');
    await expect
      .poll(() => form.locator('[data-testid=booster-pay]').textContent())
      .toBe(distributionsUi.booster.pay(formatRoubles(35_000)));
    await expect
      .poll(() => form.locator('[data-testid=booster-estimate]').textContent())
      .toContain(`${formatNumber(1000)} показов`);
    expect(page.url()).toContain(`?booster=${entry.id}`);
    await shot(page, 'booster-1280');
    expect(await violationsIn(page, '[data-kind=booster]')).toEqual([]);
    await form.locator('[data-testid=booster-pay]').click();
    // The balance is empty: the card popup of the usual top-up takes the test card.
    const popup = page.locator('[data-testid=card-popup]');
    await popup.locator('[data-testid=card-number]').pressSequentially('4242424242424242');
    await popup.locator('[data-testid=card-expiry]').pressSequentially('1230');
    await popup.locator('[data-testid=card-cvv]').pressSequentially('123');
    const [bank] = await Promise.all([page.waitForEvent('popup'), popup.locator('[data-testid=card-pay]').click()]);
    await bank.waitForSelector('input[name=code]');
    await bank.fill('input[name=code]', '4242');
    await Promise.all([bank.waitForEvent('close'), bank.click('button[value=confirm]')]);
    await page.locator('[data-testid=card-popup][data-step=success]').waitFor();
    await popup.locator('[data-testid=buy-done]').click();
    await expect
      .poll(async () => (await api<Report>('/v3.0/distributions/report', author.cookie)).data.items.length)
      .toBe(1);
    await context.close();
  });

  it('a reader sees it in the feed marked «Продвигается»; its impression and click reach the report', async () => {
    const [booster] = (await api<Report>('/v3.0/distributions/report', author.cookie)).data.items;
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      await open(page, `${server.url}/new`);
      await page.mouse.wheel(0, 200);
      const unit = page.locator('[data-testid=ad-unit][data-place=feed]');
      await unit.scrollIntoViewIfNeeded();
      await expect.poll(() => unit.locator('.ad-unit__label').textContent()).toBe(distributionsUi.boosted);
      expect(await unit.locator('[data-testid=ad-marking]').textContent()).toBe('Продвигается · Автор Бустера');
      expect(await page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'Show'))).toBe(true);
      await shot(page, `booster-unit-${width}`);
      await unit.locator('[data-testid=ad-link]').click();
      await page.locator('[data-testid=entry]').waitFor();
      const stack = (await context.cookies()).find((c) => c.name === 'analytics-actions')?.value ?? '';
      // The action stack keeps the last two: the unit seen, then clicked.
      expect(decodeURIComponent(stack)).toBe('["In-Viewport:/new","Click:/new"]');
      await context.close();
    }
    await expect
      .poll(async () => (await api<Report>(`/v3.0/distributions/${booster.id}/report`, author.cookie)).data, {
        timeout: 30_000,
      })
      .toMatchObject({ kind: 'booster', impressions: 2, clicks: 2 });
  });

  it('/ad/stats shows the booster with its chart to its author', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, author.cookie, width, width === 375 ? 812 : 900);
      await open(page, `${server.url}/ad/stats`);
      const item = page.locator('[data-testid=ad-report-item]');
      await item.locator('[data-testid=chart][data-ready="1"]').waitFor();
      expect(await item.locator('[data-testid=ad-report-clicks]').textContent()).toBe('2');
      expect(await item.locator('[data-testid=ad-report-ctr]').textContent()).toBe('100 %');
      await shot(page, `ad-stats-${width}`, true);
      expect(await violationsIn(page, '[data-testid=ad-report]')).toEqual([]);
      await context.close();
    }
  });
});
