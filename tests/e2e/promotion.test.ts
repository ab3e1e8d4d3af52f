import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { messages } from '../../src/shared/catalogue.ts';
import { seriousViolations } from './a11y.ts';
import { launchBrowser, open, registerViaApi, shot, signedInPage, startServer, type Server } from './harness.ts';

/**
 * The company cabinet's promotion top-up (issue 30): a manager tops up the company's promotion balance by the test
 * card, and from their own balance (refused while it is empty), at 1280 and 375 px. The seed's Северный банк holds
 * 25 000 ₽; the site's superuser acts as an admin of every company (its seed has no creator to sign in as).
 */
let server: Server;
let browser: Browser;
let boss: Awaited<ReturnType<typeof registerViaApi>>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const figure = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));

describe('the promotion balance topped up from the cabinet', () => {
  it('by the test card, then from an empty personal balance (refused in Russian), at 1280 and 375', async () => {
    let expected = 0;
    for (const [width, roubles] of [
      [1280, 1500],
      [375, 700],
    ] as const) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, width === 375 ? 812 : 900);
      await open(page, `${server.url}/s/severbank/cabinet`);
      const form = page.getByTestId('promotion-topup');
      await form.waitFor();
      const before = figure(await page.getByTestId('promotion-balance').textContent());
      if (!expected) expected = before;
      expect(before).toBe(expected);
      expect((await seriousViolations(page, '[data-testid=cabinet-balance]')).map((v) => v.id)).toEqual([]);
      // A wrong sum is caught before anything is asked.
      await form.getByTestId('promotion-amount').fill('50');
      await form.getByTestId('promotion-submit').click();
      await form.getByRole('alert').getByText(messages.promotionAmountInvalid).waitFor();

      await form.getByTestId('promotion-amount').fill(String(roubles));
      await form.getByTestId('promotion-source-card').check();
      await shot(page, `promotion-topup-${width}`);
      await form.getByTestId('promotion-submit').click();
      const popup = page.locator('[data-testid=card-popup]');
      await popup.locator('[data-testid=card-number]').pressSequentially('4012888888881881');
      await popup.locator('[data-testid=card-expiry]').pressSequentially('1230');
      await popup.locator('[data-testid=card-cvv]').pressSequentially('123');
      await shot(page, `promotion-card-${width}`);
      await popup.locator('[data-testid=card-pay]').click();
      await page.locator('[data-testid=card-popup][data-step=success]').waitFor();
      await popup.locator('[data-testid=buy-done]').click();
      expected += roubles;
      await expect.poll(async () => figure(await page.getByTestId('promotion-balance').textContent())).toBe(expected);
      // The server holds it: a reload shows the same.
      await open(page, `${server.url}/s/severbank/cabinet`);
      await expect.poll(async () => figure(await page.getByTestId('promotion-balance').textContent())).toBe(expected);

      // The card's money went to the company, so the personal balance is empty: refused, nothing changes.
      await form.getByTestId('promotion-amount').fill('100');
      await form.getByTestId('promotion-source-balance').check();
      await form.getByTestId('promotion-submit').click();
      await form.getByRole('alert').getByText(messages.balanceTooLow).waitFor();
      expect(figure(await page.getByTestId('promotion-balance').textContent())).toBe(expected);
      await shot(page, `promotion-refused-${width}`, true);
      await context.close();
    }
  });
});
