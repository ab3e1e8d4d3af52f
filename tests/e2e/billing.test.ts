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

/** Billing in a real browser: /plus with its prices and sponsors, the invoice form to its PDF, a donation. */
let server: Server;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const INN = '7707083893';

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
    // The reader's balance as a card top-up leaves it (the payments module's ledger).
    const promo = await callApi<{ redirect_url: string }>(server, '/v3.0/private/digest/promo/store', author.cookie, {
      code: 'E2E-DAYS',
      days: 3,
    });
    expect(promo.rc === 200 || promo.rc === 403).toBe(true);

    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, reader.cookie, width, 900);
      await open(page, server.url + saved.data.entry.url);
      const block = page.locator('[data-testid=donation-block]');
      await block.scrollIntoViewIfNeeded();
      await block.getByText('На кофе автору').waitFor();
      await shot(page, `donation-block-${width}`);
      await context.close();
    }

    const { context, page } = await signedInPage(browser, server, reader.cookie);
    await open(page, server.url + saved.data.entry.url);
    const block = page.locator('[data-testid=donation-block]');
    await block.locator('[data-testid=donation-amount]').fill('5');
    await block.locator('button[type=submit]').click();
    await block.getByRole('alert').waitFor();
    await block.locator('[data-testid=donation-amount]').fill('150');
    await block.locator('textarea').fill('Спасибо за разбор!');
    await block.locator('button[type=submit]').click();
    // No money on the balance yet: the server refuses in Russian and nothing is sent.
    await block.getByRole('alert').getByText('недостаточно').waitFor();
    await context.close();
  });
});
