import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callApi, open, registerViaApi, shot, signedInPage, useSharedBrowser } from './harness.ts';
import { messages, ui } from '../../src/shared/catalogue.ts';
import { PRODUCTS } from '../../src/shared/payments.ts';
import { ACS_TRIES, TEST_3DS_CODE } from '../../src/server/modules/payments/test-cashier.ts';

/**
 * The card checkout's 3-D Secure endings in a real browser (issue 25, finding 5), in each card form: Plus (the buy
 * popup), a donation and a balance top-up (the card popup). The bank refuses a card after its code, the reader cancels
 * in the bank's window, a Mir card gets wrong codes: each time the form shows the bank's text and "try again", and a
 * wrong code is asked again in the bank's window. The buy popup opens with the period the reader pressed.
 */
const env = useSharedBrowser();

const p = ui.payments;

interface CardForm {
  name: string;
  /** Opens the form from its page and answers the popup, its card fields shown. */
  open(page: Page): Promise<Locator>;
}

const FORMS: CardForm[] = [
  {
    name: 'plus',
    async open(page) {
      await open(page, `${env.server.url}/plus`);
      await page.locator('[data-testid=plus-product-1] button').first().click();
      const buy = page.locator('[data-testid=buy-popup]');
      await buy.locator('[data-testid=buy-next]:not([disabled])').click();
      return buy;
    },
  },
  {
    name: 'donation',
    async open(page) {
      const author = await registerViaApi(env.server, 'Автор Для Доната');
      const saved = await callApi<{ entry: { url: string } }>(env.server, '/v3.0/writing/save', author.cookie, {
        title: 'Запись с донатом',
        entry: [{ type: 'donation', data: { title: 'На кофе' } }],
        is_published: 1,
      });
      expect(saved.rc, JSON.stringify(saved)).toBe(200);
      await open(page, env.server.url + saved.data.entry.url);
      const block = page.locator('[data-testid=donation-block][data-live]');
      await block.locator('[data-testid=donation-amount]').fill('250');
      await block.locator('[data-testid=donation-card]').click();
      return page.locator('[data-testid=card-popup]');
    },
  },
  {
    name: 'topup',
    async open(page) {
      await open(page, `${env.server.url}/donations`);
      await page.locator('[data-testid=topup-amount]').fill('500');
      await page.locator('[data-testid=topup-submit]').click();
      return page.locator('[data-testid=card-popup]');
    },
  },
];

/** Types a card and pays: answers the bank's 3-D Secure window. */
async function payWith(page: Page, popup: Locator, number: string) {
  await popup.locator('[data-testid=card-number]').pressSequentially(number);
  await popup.locator('[data-testid=card-expiry]').pressSequentially('1230');
  await popup.locator('[data-testid=card-cvv]').pressSequentially('123');
  const [bank] = await Promise.all([page.waitForEvent('popup'), popup.locator('[data-testid=card-pay]').click()]);
  await bank.waitForSelector('input[name=code]');
  return bank;
}

/** The bank's window answered; it closes itself. */
async function answer(bank: Page, decision: 'confirm' | 'decline', code = TEST_3DS_CODE) {
  await bank.fill('input[name=code]', code);
  await Promise.all([bank.waitForEvent('close'), bank.click(`button[value=${decision}]`)]);
}

/** The form shows the bank's refusal; "try again" brings the card fields back. */
async function refused(page: Page, popup: Locator, text: string, shotName?: string) {
  await popup.and(page.locator('[data-step=error]')).waitFor();
  await expect(popup.locator('[data-testid=buy-result]').textContent()).resolves.toBe(text);
  if (shotName) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      // The page settles into the width's layout (the side menu slides away on phones), the popup into its place;
      // the live dot's endless pulse is left alone.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished),
        ),
      );
      await shot(page, `${shotName}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await popup.getByRole('button', { name: p.retry }).click();
  await popup.locator('[data-testid=card-number]').waitFor();
}

describe('card checkout and 3-D Secure', () => {
  it.each(FORMS)(
    '$name: a refusal after the code, a cancel and wrong codes show the bank’s text and try again; then it pays',
    { timeout: 90_000 },
    async (form) => {
      const reader = await registerViaApi(env.server, 'Читатель С Картой');
      const { context, page } = await signedInPage(env.browser, env.server, reader.cookie);
      const popup = await form.open(page);

      // The bank asks for the code, then refuses: not enough money.
      await answer(await payWith(page, popup, '4000056655665556'), 'confirm');
      await refused(page, popup, messages.paymentInsufficientFunds, `checkout-refusal-${form.name}`);

      // The reader cancels in the bank's window.
      await answer(await payWith(page, popup, '5555555555554444'), 'decline');
      await refused(page, popup, messages.payment3dsFailed);

      // Wrong codes: the bank's window asks again with the tries left, then gives up.
      let bank = await payWith(page, popup, '2200000000000004');
      for (let left = ACS_TRIES - 1; left > 0; left--) {
        await bank.fill('input[name=code]', '0000');
        await bank.click('button[value=confirm]');
        await bank.getByText(p.acsWrongCode(left)).waitFor();
      }
      await answer(bank, 'confirm', '0000');
      await refused(page, popup, messages.payment3dsFailed);

      // One wrong code, then the right one: paid.
      bank = await payWith(page, popup, '2200000000000004');
      await bank.fill('input[name=code]', '1111');
      await bank.click('button[value=confirm]');
      await bank.getByText(p.acsWrongCode(ACS_TRIES - 1)).waitFor();
      await answer(bank, 'confirm');
      await popup.locator('[data-testid=buy-done]').waitFor();
      await context.close();
    },
  );

  it('the buy popup opens with the period the reader pressed on /plus', async () => {
    const reader = await registerViaApi(env.server, 'Читатель Периодов');
    const { context, page } = await signedInPage(env.browser, env.server, reader.cookie);
    for (const product of PRODUCTS) {
      await open(page, `${env.server.url}/plus`);
      await page.locator(`[data-testid=plus-product-${product.stuff_id}] button`).first().click();
      const buy = page.locator('[data-testid=buy-popup]');
      await buy.locator('[data-testid=buy-next]:not([disabled])').waitFor();
      await expect(buy.locator('input[name=stuff_id]:checked').getAttribute('value')).resolves.toBe(
        String(product.stuff_id),
      );
    }
    await context.close();
  });
});
