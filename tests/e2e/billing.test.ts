import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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
import { messages, ui } from '../../src/shared/catalogue.ts';
import { formatRoubles } from '../../src/shared/format.ts';
import { SELLER } from '../../src/server/modules/billing/testing.ts';
import { seriousViolations } from './a11y.ts';
import { freshPostgres, unreachable, type FreshPostgres } from '../../src/server/testing/postgres.ts';

/**
 * Billing in a real browser: /plus with its prices and sponsors, the invoice form to its PDF, a donation. On
 * PostgreSQL (E2E_PG_URL) the test puts money on the reader's balance as a card top-up would, so the donation goes
 * through; without it the donation is refused for want of money, in Russian, and nothing is sent.
 */
const PG_URL = process.env.E2E_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const missing = await unreachable(PG_URL, process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379');
let server: Server;
let browser: Browser;
let db: FreshPostgres | null = null;
/** The first account is the site's administrator. */
let boss: Awaited<ReturnType<typeof registerViaApi>>;

beforeAll(async () => {
  db = missing ? null : await freshPostgres(PG_URL, 'sreda_e2e_billing');
  [server, browser] = await Promise.all([startServer(db ? { DATABASE_URL: db.url } : {}), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта');
  // The seller's requisites an invoice needs (the superuser's form in /admin/billing).
  expect((await callApi(server, '/v3.0/admin/seller', boss.cookie, SELLER)).rc).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await db?.drop().catch(() => {});
});

/** A top-up row in the ledger, as the payments module posts one after a card charge. */
async function topUp(userId: number, kopecks: number) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: db!.url });
  await client.connect();
  await client.query(`insert into ledger (user_id, kind, amount, idempotency_key) values ($1, 'topup', $2, $3)`, [
    userId,
    kopecks,
    `e2e-topup:${userId}`,
  ]);
  await client.end();
}

const INN = '7707083893';

/** axe-core's serious and critical findings inside one overlay, by rule. */
const violationsIn = async (page: import('playwright-core').Page, selector: string) =>
  (await seriousViolations(page, selector)).map((v) => v.id);

/** A popup of this kind has finished sliding in (a bottom sheet on phones). */
const settled = (page: import('playwright-core').Page, kind: string) =>
  page
    .locator(`[data-kind=${kind}]`)
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

describe('billing', () => {
  it('/plus shows the prices and the count line; the invoice form refuses a bad INN and leads to the PDF', async () => {
    const visitor = await newPage(browser);
    await open(visitor.page, `${server.url}/plus`);
    for (const price of ['75 ₽', '99 ₽', '229 ₽', '749 ₽'])
      await visitor.page.getByText(price.replace(' ', '\u00A0'), { exact: true }).first().waitFor();
    await visitor.page.waitForSelector('[data-testid=plus-count]');
    await visitor.context.close();

    const buyer = await registerViaApi(server, 'Бухгалтер Вера');
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, buyer.cookie, width, 900);
      await open(page, `${server.url}/plus`);
      await shot(page, `plus-${width}`, true);
      await page.locator('[data-testid=invoice-form]').scrollIntoViewIfNeeded();
      await shot(page, `invoice-form-${width}`);
      await context.close();
    }

    const { context, page } = await signedInPage(browser, server, buyer.cookie);
    await open(page, `${server.url}/plus`);
    const form = page.locator('[data-testid=invoice-form]');
    await form.locator('input[name=inn]').fill('7707083894');
    await form.locator('input[name=kpp]').fill('773601001');
    await form.locator('input[name=name]').fill('ПАО «Сбербанк»');
    await form.locator('input[name=address]').fill('Москва, ул. Вавилова, 19');
    await form.locator('button[type=submit]').click();
    await form.getByText('Неверный ИНН').waitFor();
    await form.locator('input[name=inn]').fill(INN);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/invoice.pdf')),
      form.locator('button[type=submit]').click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');

    // The company is known now: typing its name suggests it with its details.
    await open(page, `${server.url}/plus`);
    await page.locator('[data-testid=invoice-company]').fill('Сбер');
    await page.locator('[data-testid=invoice-suggestions] button').first().click();
    expect(await form.locator('input[name=inn]').inputValue()).toBe(INN);
    expect(await form.locator('input[name=kpp]').inputValue()).toBe('773601001');
    await context.close();
  });

  it('a reader sends a donation with a message from the donation block; the author sees it in the cabinet', async () => {
    const author = await registerViaApi(server, 'Автор Донатов');
    const reader = await registerViaApi(server, 'Щедрый Читатель');
    const saved = await callApi<{ entry: { id: number; url: string } }>(server, '/v3.0/writing/save', author.cookie, {
      title: 'Запись с донатами',
      entry: [
        { type: 'text', data: { text: 'Если запись помогла — поддержите.' } },
        { type: 'donation', data: { title: 'На кофе автору' } },
      ],
      is_published: 1,
    });
    expect(saved.rc, JSON.stringify(saved)).toBe(200);
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, reader.cookie, width, 900);
      await open(page, server.url + saved.data.entry.url);
      const block = page.locator('[data-testid=donation-block][data-live]');
      await block.scrollIntoViewIfNeeded();
      await block.getByText('На кофе автору').waitFor();
      await shot(page, `donation-block-${width}`);
      await context.close();
    }

    const { context, page } = await signedInPage(browser, server, reader.cookie);
    await open(page, server.url + saved.data.entry.url);
    const block = page.locator('[data-testid=donation-block][data-live]');
    await block.locator('[data-testid=donation-amount]').fill('5');
    await block.locator('[data-testid=donation-balance]').click();
    await block.getByRole('alert').waitFor();
    await block.locator('[data-testid=donation-amount]').fill('150');
    await block.locator('textarea').fill('Спасибо за разбор!');
    await block.locator('[data-testid=donation-balance]').click();
    // No money on the balance yet: the server refuses in Russian and nothing is sent.
    await block.getByRole('alert').getByText(messages.balanceTooLow).waitFor();
    if (db) {
      await topUp(reader.id, 50_000);
      await block.locator('[data-testid=donation-balance]').click();
      await block.getByText(ui.billing.donation.sent).waitFor();
      const cabinet = await signedInPage(browser, server, author.cookie);
      await open(cabinet.page, `${server.url}/donations`);
      const list = cabinet.page.locator('[data-testid=cabinet-donations]');
      await list.getByText('Спасибо за разбор!').waitFor();
      await list.getByText('Щедрый Читатель').waitFor();
      await shot(cabinet.page, 'donations-cabinet-1280');
      await cabinet.context.close();
    }
    await context.close();
  });

  it('a reader donates by card through 3-D Secure; the author, with the Plus badge by the name, sees it in /donations', async () => {
    const author = await registerViaApi(server, 'Автор С Плюсом');
    const reader = await registerViaApi(server, 'Донор Картой');
    const gift = await callApi(server, '/v3.0/payments/gift', boss.cookie, { user_id: author.id, days: 30 });
    expect(gift.rc, JSON.stringify(gift)).toBe(200);
    const saved = await callApi<{ entry: { id: number; url: string } }>(server, '/v3.0/writing/save', author.cookie, {
      title: 'Запись для донатов картой',
      entry: [
        { type: 'text', data: { text: 'Поддержите картой.' } },
        { type: 'donation', data: { title: 'На новые разборы' } },
      ],
      is_published: 1,
    });
    expect(saved.rc, JSON.stringify(saved)).toBe(200);
    const entryUrl = server.url + saved.data.entry.url;
    await callApi(server, '/v3.0/comment/add', author.cookie, {
      id: saved.data.entry.id,
      text: 'Спасибо, что читаете',
    });

    // The card popup at 375: amount, then the card form.
    {
      const { context, page } = await signedInPage(browser, server, reader.cookie, 375, 800);
      await open(page, entryUrl);
      const block = page.locator('[data-testid=donation-block][data-live]');
      await block.locator('[data-testid=donation-amount]').fill('250');
      await block.locator('[data-testid=donation-card]').click();
      await page.locator('[data-testid=card-popup] [data-testid=card-number]').waitFor();
      await settled(page, 'card-payment');
      await shot(page, 'donation-card-375');
      expect(await violationsIn(page, '[data-kind=card-payment]')).toEqual([]);
      await context.close();
    }

    const { context, page } = await signedInPage(browser, server, reader.cookie, 1280, 900);
    await open(page, entryUrl);
    // The badge comes with the author's data: by the blog name on the entry and by the name in the comments.
    await page.locator('.entry-meta-people [data-testid=plus-badge]').waitFor();
    await page.locator('[data-testid=comment-author] + [data-testid=plus-badge]').first().waitFor();
    await shot(page, 'plus-badge-entry-1280');
    const block = page.locator('[data-testid=donation-block][data-live]');
    await block.locator('[data-testid=donation-amount]').fill('250');
    await block.locator('[data-testid=donation-message]').fill('На кофе и новые разборы');
    await block.locator('[data-testid=donation-card]').click();
    const popup = page.locator('[data-testid=card-popup]');
    // The test cashier is on (PAYMENTS_TEST_CASHIER=1), and the form says so.
    expect(await popup.locator('[data-testid=test-payments]').textContent()).toBe('тестовые платежи');
    await popup.locator('[data-testid=card-number]').pressSequentially('4242424242424242');
    await popup.locator('[data-testid=card-expiry]').pressSequentially('1230');
    await popup.locator('[data-testid=card-cvv]').pressSequentially('123');
    await expect(popup.locator('[data-testid=card-pay]').textContent()).resolves.toBe(ui.payments.pay(250));
    await shot(page, 'donation-card-1280');
    const [bank] = await Promise.all([page.waitForEvent('popup'), popup.locator('[data-testid=card-pay]').click()]);
    await bank.waitForSelector('input[name=code]');
    await bank.fill('input[name=code]', '4242');
    await Promise.all([bank.waitForEvent('close'), bank.click('button[value=confirm]')]);
    await page.locator('[data-testid=card-popup][data-step=success]').waitFor();
    await shot(page, 'donation-card-success-1280');
    await popup.locator('[data-testid=buy-done]').click();
    await block.getByText(ui.billing.donation.sent).waitFor();
    // The feed card of the author's blog carries the badge too.
    await open(page, server.url + saved.data.entry.url.replace(/\/[^/]+$/, ''));
    await page.locator('[data-testid=entry-card] [data-testid=plus-badge]').first().waitFor();
    await shot(page, 'plus-badge-card-1280');
    await context.close();

    for (const width of [1280, 375]) {
      const cabinet = await signedInPage(browser, server, author.cookie, width, 900);
      await open(cabinet.page, `${server.url}/donations`);
      const list = cabinet.page.locator('[data-testid=cabinet-donations]');
      await list.getByText('На кофе и новые разборы').waitFor();
      await list.getByText('Донор Картой').waitFor();
      await shot(cabinet.page, `donations-card-${width}`, true);
      await cabinet.context.close();
    }

    // The author spends 200 ₽ of the 250 (a donation to the editorial); refunding the card donation, staff are told
    // first that the site covers what the author no longer holds.
    const spent = await callApi(server, '/v3.0/donations/site/balance', author.cookie, { amount: 20000, message: '' });
    expect(spent.rc, JSON.stringify(spent)).toBe(200);
    const staff = await signedInPage(browser, server, boss.cookie, 1280, 900);
    await open(staff.page, `${server.url}/admin/payments`);
    expect(await staff.page.locator('[data-testid=test-payments]').textContent()).toBe('тестовые платежи');
    const order = staff.page.locator('[data-testid=payments-list] li[data-status=paid]', { hasText: 'Донат' }).first();
    const orderId = await order.getAttribute('data-order');
    await order.locator('[data-testid=refund]').click();
    const modal = staff.page.locator('[data-testid=modal]');
    await modal.getByText(ui.payments.refundSiteCovers(formatRoubles(5000), formatRoubles(20000))).waitFor();
    await shot(staff.page, 'refund-site-covers-1280');
    await staff.page.setViewportSize({ width: 375, height: 800 });
    await shot(staff.page, 'refund-site-covers-375');
    await modal.locator('[data-testid=modal-confirm]').click();
    await staff.page.getByText(ui.payments.refunded).waitFor();
    await staff.page.locator(`[data-testid=payments-list] li[data-order="${orderId}"][data-status=refunded]`).waitFor();
    await staff.context.close();
  });

  // Four people and five pages in one story: 33 s on a quiet two-core machine, near the default 60 s beside two other
  // browser files.
  it(
    'editorial donations on /plus, the staff page, the feed banner a Plus reader hides, the gift from a profile',
    {
      timeout: 120_000,
    },
    async ({ task }) => {
      const reader = await registerViaApi(server, 'Читатель Баннера');
      const banner = { image_url: '/icon-512.png', link: '/plus', text: 'Поддержите Среду — оформите Плюс' };
      expect((await callApi(server, '/v3.0/admin/banner', boss.cookie, banner)).rc).toBe(200);
      const site = await callApi(server, '/v3.0/donations/site/balance', reader.cookie, { amount: 10000 });
      expect(site.rm).toBe(messages.balanceTooLow);
      for (const width of [1280, 375]) {
        const { context, page } = await signedInPage(browser, server, reader.cookie, width, 900);
        await open(page, `${server.url}/plus`);
        const section = page.locator('[data-testid=site-donation]');
        await section.scrollIntoViewIfNeeded();
        await shot(page, `plus-site-donation-${width}`);
        await open(page, `${server.url}/all/new`);
        await page.locator('[data-testid=feed-banner]').scrollIntoViewIfNeeded();
        await shot(page, `feed-banner-${width}`);
        await open(page, `${server.url}/u/me/settings`);
        await page.locator('[data-testid=ads-setting]').scrollIntoViewIfNeeded();
        await shot(page, `settings-ads-${width}`);
        await context.close();

        const staff = await signedInPage(browser, server, boss.cookie, width, 900);
        await open(staff.page, `${server.url}/admin/billing`);
        await staff.page.locator('[data-testid=seller-form] input[name=account]').waitFor();
        await staff.page.locator('[data-testid=staff-banner] input[name=text]').waitFor();
        expect(await staff.page.locator('[data-testid=staff-banner] input[name=text]').inputValue()).toBe(banner.text);
        await shot(staff.page, `admin-billing-${width}`, true);
        // The gift from the reader's profile menu.
        await open(staff.page, `${server.url}/u/${reader.id}`);
        await staff.page.locator('[data-testid=subsite-menu]').click();
        await staff.page.getByRole('menuitem', { name: ui.payments.giftTitle }).click();
        await staff.page.locator('[data-testid=gift-receiver]', { hasText: 'Читатель Баннера' }).waitFor();
        await settled(staff.page, 'gift-plus');
        await shot(staff.page, `gift-modal-${width}`);
        expect(await violationsIn(staff.page, '[data-kind=gift-plus]')).toEqual([]);
        await staff.context.close();
      }

      // A discount code typed in the buy popup: the server's price is on the pay button.
      // A code of its own on a retry: the first try may have made one before it failed.
      const promo = `MINUS20X${task.result?.retryCount ?? 0}`;
      const code = await callApi(server, '/v3.0/private/digest/promo/store', boss.cookie, {
        code: promo,
        discount: 20,
      });
      expect(code.rc, JSON.stringify(code)).toBe(200);
      for (const width of [1280, 375]) {
        const { context, page } = await signedInPage(browser, server, reader.cookie, width, 900);
        await open(page, `${server.url}/plus`);
        await page.locator('[data-testid=plus-product-1] button').first().click();
        const buy = page.locator('[data-testid=buy-popup]');
        await buy.locator('[data-testid=buy-next]:not([disabled])').waitFor();
        await buy.getByText(ui.payments.tariffs[1], { exact: true }).click();
        await buy.locator('[data-testid=buy-promo]').fill(promo.toLowerCase());
        await settled(page, 'buy-plus');
        await shot(page, `buy-promo-${width}`);
        await buy.locator('[data-testid=buy-next]').click();
        await expect(buy.locator('[data-testid=card-pay]').textContent()).resolves.toBe(ui.payments.pay(79));
        await context.close();
      }

      // With Plus the reader switches the banner off in settings, and the feed shows none.
      expect((await callApi(server, '/v3.0/payments/gift', boss.cookie, { user_id: reader.id, days: 30 })).rc).toBe(
        200,
      );
      const { context, page } = await signedInPage(browser, server, reader.cookie);
      await open(page, `${server.url}/u/me/settings`);
      // A controlled box: it shows the change once the server took it.
      await page.locator('[data-testid=ads-setting-toggle]').click();
      await page.locator('[data-testid=ads-setting-toggle]:checked').waitFor();
      await expect
        .poll(async () => (await callApi<{ hide_ads: boolean }>(server, '/v3.0/plus/ads', reader.cookie)).data.hide_ads)
        .toBe(true);
      await open(page, `${server.url}/all/new`);
      await page.locator('[data-testid=entry-card]').first().waitFor();
      expect(await page.locator('[data-testid=feed-banner]').count()).toBe(0);
      await context.close();
    },
  );
});
