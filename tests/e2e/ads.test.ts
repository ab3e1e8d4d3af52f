import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/index.ts';
import { ADBLOCK_COOKIE, FLOATING_HIDDEN_COOKIE } from '../../src/shared/ads.ts';
import {
  callApi,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  uploadImages,
  type Server,
} from './harness.ts';

let server: Server;
let browser: Browser;
let boss: Awaited<ReturnType<typeof registerViaApi>>;
const entries: { id: number; url: string }[] = [];
let feedAd: number;
let tagAd: number;

const api = <T>(p: string, cookie: string, body?: unknown) => callApi<T>(server, p, cookie, body);
const campaign = (over: Record<string, unknown>) => ({
  format: 'native',
  text: 'Научим писать на TypeScript за три месяца: проекты, ревью кода и помощь с первой работой.',
  url: 'https://example.ru/courses',
  advertiser: 'ООО «Ромашка»',
  inn: '7707083893',
  erid: 'Kra23f4Ld',
  devices: ['desktop', 'phone'],
  impression_cap: 1000,
  ...over,
});

/** Ads wake on the reader's first gesture: a small scroll. */
async function wake(page: Page) {
  await page.mouse.wheel(0, 200);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED: '0' }), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site
  const author = await registerViaApi(server, 'Автор Записей');
  for (const text of ['Про код на #typescript и типы', 'Про котов и кофе', 'Про горы', 'Про море']) {
    const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
      title: text,
      entry: [{ type: 'text', data: { text } }],
      is_published: 1,
    });
    expect(saved.rc).toBe(200);
    entries.push(saved.data.entry);
  }
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2563e6' } })
    .png()
    .toBuffer();
  const [picture] = await uploadImages(server, boss.cookie, [{ name: 'ad.png', data: png, type: 'image/png' }]);
  const made = async (over: Record<string, unknown>) => {
    const res = await api<{ id: number }>('/v3.0/admin/distributions/create', boss.cookie, campaign(over));
    expect(res.rc, res.rm).toBe(200);
    expect((await api(`/v3.0/admin/distributions/${res.data.id}/state`, boss.cookie, { state: 'launched' })).rc).toBe(
      200,
    );
    return res.data.id;
  };
  feedAd = await made({
    title: 'Курсы программирования от Ромашки',
    image_url: `/media/${picture.uuid}/`,
    places: ['feed', 'floating'],
  });
  tagAd = await made({ title: 'Книга о TypeScript', places: ['entry'], tags: 'typescript' });
  // The launch shows after the 4-hour hold: the test moves the campaigns' start back in the stopped server's database.
  const dataDir = server.dataDir;
  await server.stop();
  const db = await openDatabase({ url: '', dataDir: path.join(dataDir, 'db') });
  await db.db.execute(sql`update distributions set version_from = now() - interval '1 minute'`);
  await db.close();
  server = await startServer({ SEED: '0' }, dataDir);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const impressions = async (id: number) =>
  (
    await api<{ items: { id: number; impressions: number }[] }>('/v3.0/admin/distributions', boss.cookie)
  ).data.items.find((d) => d.id === id)?.impressions ?? 0;

describe('ads in the browser', () => {
  it('a unit in the feed marked «Реклама» is counted when seen; the floating unit, once closed, stays hidden', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      await open(page, `${server.url}/new`);
      // Nothing of the ads before a gesture.
      expect(await page.locator('[data-testid=ad-unit]').count()).toBe(0);
      const before = await impressions(feedAd);
      await wake(page);
      const unit = page.locator('[data-testid=ad-unit][data-place=feed]');
      await unit.scrollIntoViewIfNeeded();
      await expect.poll(() => unit.locator('.ad-unit__label').textContent()).toBe('Реклама');
      expect(await unit.locator('[data-testid=ad-marking]').textContent()).toBe(
        'Реклама. ООО «Ромашка», ИНН 7707083893, erid: Kra23f4Ld',
      );
      expect(await unit.locator('a.ad-unit__link').getAttribute('rel')).toBe('noopener sponsored');
      await expect.poll(() => impressions(feedAd)).toBeGreaterThan(before);
      const floating = page.locator('[data-testid=ad-floating] [data-testid=ad-unit]');
      await floating.waitFor();
      await shot(page, `ads-feed-${width}`);
      await page.locator('[data-testid=ad-close]').click();
      await floating.waitFor({ state: 'detached' });
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === FLOATING_HIDDEN_COOKIE)?.value).toBe('1');
      // Another page: the feed's unit again, the floating one stays hidden.
      await open(page, `${server.url}/new`);
      await wake(page);
      await page.locator('[data-testid=ad-unit][data-place=feed]').waitFor();
      expect(await page.locator('[data-testid=ad-floating]').count()).toBe(0);
      await shot(page, `ads-floating-closed-${width}`);
      await context.close();
    }
  });

  it('a unit targeted at a hashtag shows under the entry with that tag only', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    await open(page, `${server.url}${entries[0].url}`);
    await wake(page);
    const unit = page.locator('[data-testid=ad-unit][data-place=entry]');
    await unit.scrollIntoViewIfNeeded();
    await expect.poll(() => unit.getAttribute('data-id')).toBe(String(tagAd));
    expect(await unit.locator('.ad-unit__title').textContent()).toBe('Книга о TypeScript');
    await shot(page, 'ads-entry-375');
    // An entry without the tag: the page asks and gets none.
    const answer = page.waitForResponse((r) => /\/distributions\/random\?.*place=entry/.test(r.url()));
    await open(page, `${server.url}${entries[1].url}`);
    await wake(page);
    expect((await (await answer).json()).data.unitData).toBeNull();
    expect(await page.locator('[data-testid=ad-unit][data-place=entry]').count()).toBe(0);
    await context.close();
  });

  it('with the pixels refused (a blocker), the page works, shows no units, and adblock-state says so', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await context.route(/\/(advert|px)\.gif/, (route) => route.abort());
    await open(page, `${server.url}/new`);
    await wake(page);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === ADBLOCK_COOKIE)?.value)
      .toBe(encodeURIComponent('enabled:1|acceptable:0'));
    expect(await page.locator('[data-testid=entry-card]').count()).toBeGreaterThan(2);
    expect(await page.locator('[data-testid=ad-unit]').count()).toBe(0);
    await page.locator(`[data-testid=entry-card] a[href="${entries[3].url}"]`).first().click();
    await page.locator('[data-testid=entry]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
    // Without a blocker the same probe says so too.
    const clean = await newPage(browser, 1280, 900);
    await open(clean.page, `${server.url}/new`);
    await wake(clean.page);
    await expect
      .poll(async () => (await clean.context.cookies()).find((c) => c.name === ADBLOCK_COOKIE)?.value)
      .toBe(encodeURIComponent('enabled:0|acceptable:1'));
    await clean.context.close();
  });

  it('/ad shows the formats with prices, and its form reaches staff', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      await open(page, `${server.url}/ad`);
      await page.locator('[data-testid=ad-format-native]').waitFor();
      const form = page.locator('[data-testid=ad-request-form]');
      await form.locator('[data-testid=ad-request-send]').click();
      await page.locator('[data-testid=error-name]').waitFor();
      await form.locator('input[name=name]').fill(`Ирина ${width}`);
      await form.locator('input[name=email]').fill('irina@example.ru');
      await form.locator('input[name=company]').fill('ООО «Ромашка»');
      await form.locator('select[name=format]').selectOption('native');
      await form.locator('textarea[name=message]').fill('Хотим рассказать о курсах программирования.');
      await shot(page, `ad-page-${width}`, true);
      await form.locator('[data-testid=ad-request-send]').click();
      await page.locator('[data-testid=ad-request-sent]').waitFor();
      // No ads on the advertisers' page (propaganda off-all).
      await wake(page);
      const list = await api<{ items: { name: string }[] }>('/v3.0/admin/distributions/requests', boss.cookie);
      expect(list.data.items.map((r) => r.name)).toContain(`Ирина ${width}`);
      await context.close();
    }
  });

  it('staff create a campaign with a picture in /admin/ads and launch it', async () => {
    const { context, page } = await signedInPage(browser, server, boss.cookie, 1280, 900);
    await open(page, `${server.url}/admin/ads`);
    await page.locator('[data-testid=campaign]').first().waitFor();
    await page.locator('[data-testid=campaign-new]').click();
    const form = page.locator('[data-testid=campaign-form]');
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#147a42' } })
      .png()
      .toBuffer();
    await form.locator('[data-testid=ad-image] input[type=file]').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.locator('[data-testid=cropper-save]').click();
    await form.locator('[data-testid=ad-image] img').waitFor();
    await form.locator('[data-testid=ad-field-title]').fill('Весенняя распродажа');
    await form.locator('[data-testid=ad-field-text]').fill('Скидки до 30% на всё.');
    await form.locator('[data-testid=ad-field-url]').fill('https://example.ru/sale');
    await form.locator('[data-testid=ad-field-advertiser]').fill('ИП Иванов И. И.');
    await form.locator('[data-testid=ad-field-inn]').fill('500100732259');
    await form.locator('[data-testid=ad-field-impression_cap]').fill('5000');
    await form.locator('[data-testid=campaign-save]').click();
    const created = page.locator('[data-testid=campaign]', { hasText: 'Весенняя распродажа' });
    await created.waitFor();
    expect(await created.getAttribute('data-state')).toBe('not_launched');
    await created.locator('[data-testid=campaign-launch]').click();
    await expect.poll(() => created.getAttribute('data-state')).toBe('launched');
    await shot(page, 'admin-ads-1280', true);
    await page.locator('[data-testid=campaign-new]').click();
    await shot(page, 'admin-ads-form-1280', true);
    await context.close();
    const phone = await signedInPage(browser, server, boss.cookie, 375, 812);
    await open(phone.page, `${server.url}/admin/ads`);
    await phone.page.locator('[data-testid=campaign]').first().waitFor();
    await shot(phone.page, 'admin-ads-375');
    await phone.context.close();
  });
});
