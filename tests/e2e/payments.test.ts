import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';
import { freshPostgres, unreachable, type FreshPostgres } from '../../src/server/testing/postgres.ts';
import { ui } from '../../src/shared/catalogue.ts';

/**
 * Buying Plus in the browser: a vote in a private community answers 402, the buy popup opens, the monthly tariff is
 * paid with the test cashier's 3-D Secure card in the bank's own window, and the vote goes through. PostgreSQL
 * (E2E_PG_URL) lets the test make the community private, which no call does.
 */
const PG_URL = process.env.E2E_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const missing = await unreachable(PG_URL, process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379');
if (missing) console.warn(`payments: skipped, not reachable: ${missing}`);

/** The popup has finished sliding in (a bottom sheet on phones). */
const settled = (page: import('playwright-core').Page) =>
  page
    .locator('[data-kind=buy-plus]')
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

describe.skipIf(missing !== null)('buying Plus', () => {
  let server: Server;
  let browser: Browser;
  let db: FreshPostgres;
  let entryUrl: string;
  let reader: Awaited<ReturnType<typeof registerViaApi>>;

  beforeAll(async () => {
    db = await freshPostgres(PG_URL, 'sreda_e2e_pay');
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: db.url }), launchBrowser()]);
    await registerViaApi(server, 'Хозяин Сайта');
    const author = await registerViaApi(server, 'Автор Клуба');
    reader = await registerViaApi(server, 'Читатель Клуба');
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const club = await client.query(
      `insert into subsites (type, slug, name, is_private) values ('community', 'club', 'Закрытый клуб', true) returning id`,
    );
    const entry = await client.query(
      `insert into entries (subsite_id, author_id, title, slug, blocks, is_published, published_at)
       values ($1, $2, 'Запись для своих', 'zapis-dlya-svoih', '[]', true, now()) returning id`,
      [club.rows[0].id, author.id],
    );
    // The reader is a member of the private club (outsiders see a stub, not the entry).
    await client.query(`insert into subscriptions (user_id, subsite_id) values ($1, $2)`, [reader.id, club.rows[0].id]);
    await client.end();
    entryUrl = `/s/club/${entry.rows[0].id}-zapis-dlya-svoih`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop().catch(() => {});
  });

  it('a 402 vote opens the buy popup; monthly Plus with 3-D Secure; the vote goes through', async () => {
    const { context, page } = await signedInPage(browser, server, reader.cookie, 375, 800);
    await open(page, server.url + entryUrl);
    const votes = page.locator('[data-testid=votes]').first();
    await votes.locator('[data-testid=vote-up]').click();

    const buy = page.locator('[data-testid=buy-popup]');
    await buy.locator('[data-testid=buy-next]:not([disabled])').waitFor();
    // Tariff 18 asks for the agreement first.
    await buy.locator('[data-testid=buy-next]').click();
    await expect(buy.locator('[data-testid=buy-error]').textContent()).resolves.toBe(ui.payments.agreeRequired);
    await settled(page);
    await shot(page, 'payments-buy-375');
    await buy.locator('[data-testid=buy-agree]').check();
    await buy.locator('[data-testid=buy-next]').click();

    const number = buy.locator('[data-testid=card-number]');
    await number.pressSequentially('4242x4242424242424242');
    expect(await number.inputValue()).toBe('4242 4242 4242 4242 424');
    await number.fill('');
    await number.pressSequentially('4242424242424242');
    expect(await number.inputValue()).toBe('4242 4242 4242 4242');
    await buy.locator('[data-testid=buy-bank]', { hasText: 'Тестовый банк' }).waitFor();
    await buy.locator('[data-testid=card-expiry]').pressSequentially('12/30');
    await buy.locator('[data-testid=card-cvv]').pressSequentially('123');
    await settled(page);
    await shot(page, 'payments-card-375');

    const [bank] = await Promise.all([page.waitForEvent('popup'), buy.locator('[data-testid=card-pay]').click()]);
    await bank.waitForSelector('input[name=code]');
    await bank.fill('input[name=code]', '4242');
    await Promise.all([bank.waitForEvent('close'), bank.click('button[value=confirm]')]);

    await page.locator('[data-testid=buy-popup][data-step=success]').waitFor();
    await shot(page, 'payments-success-375');
    await buy.locator('[data-testid=buy-done]').click();
    await page.locator('[data-testid=votes][data-liked="1"]').first().waitFor();

    const me = await callApi<{ is_paid: boolean; recurring: { price: number } | null }>(
      server,
      '/v3.0/payments/plus',
      reader.cookie,
    );
    expect(me.data.is_paid).toBe(true);
    expect(me.data.recurring?.price).toBe(7500);

    // The settings' Payments section: Plus, the next charge, the payment.
    await open(page, `${server.url}/u/me/settings#payments`);
    const section = page.locator('[data-testid=settings-payments]');
    await page.locator('[data-testid=account-menu] [data-testid=plus-badge]').waitFor();
    await section.locator('[data-testid=plus-status]', { hasText: 'Плюс действует до' }).waitFor();
    await section.locator('[data-testid=payments-list] li[data-status=paid]').waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'payments-settings-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'payments-settings-1280');
    // The recurring options popup, then the cancel reason.
    await section.locator('[data-testid=recurring-open]').click();
    await page.locator('[data-testid=recurring-options] [data-testid=recurring-cancel]').click();
    await page.locator('[role=dialog] textarea').fill('Пока хватит');
    // Exactly 'Отключить': the options popup under it still shows 'Отключить автопродление'.
    await page.getByRole('button', { name: ui.payments.cancelConfirm, exact: true }).click();
    await section.locator('[data-testid=recurring-open]').waitFor({ state: 'detached' });
    await section.locator('[data-testid=buy-plus]').waitFor();
    await context.close();
  });
});
