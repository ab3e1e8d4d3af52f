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

beforeAll(async () => {
  db = missing ? null : await freshPostgres(PG_URL, 'sreda_e2e_billing');
  [server, browser] = await Promise.all([startServer(db ? { DATABASE_URL: db.url } : {}), launchBrowser()]);
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
    await block.getByRole('alert').getByText(messages.balanceTooLow).waitFor();
    if (db) {
      await topUp(reader.id, 50_000);
      await block.locator('button[type=submit]').click();
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
});
