import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRussianError, newUser, startTestApp, type TestApp } from '../../testing/harness.ts';
import { messages } from '../../../shared/catalogue.ts';

/** Issue 25: a site without CloudPayments keys takes no test cards unless the test cashier is switched on. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ paymentsTestCashier: false, cloudpayments: null });
  await newUser(t.app); // the site's first account
});
afterAll(() => t?.close());

describe('no payment provider', () => {
  it('card payments answer a Russian 404 that they are not configured, never a 5xx, and a card form cannot start', async () => {
    const { v } = await newUser(t.app);
    const prepare = await v.get('/v3.0/payments/accounts/orders/prepare');
    expect(isRussianError(prepare, 404)).toBe(true);
    expect(prepare.json().rm).toBe(messages.paymentsOff);
    const create = await v.post('/v3.0/payments/accounts/orders/create', {
      data: { stuff_id: 1, email: 'a@example.ru', order: 'abcdefabcdef.0123456789abcdef' },
      cryptogram: 'x',
    });
    expect(create.statusCode).toBeLessThan(500);
    expect(create.statusCode).toBeGreaterThanOrEqual(400);
    const topup = await v.post('/v3.0/balance/topup', {
      amount: 100,
      email: 'a@example.ru',
      order: 'abcdefabcdef.0123456789abcdef',
      cryptogram: 'x',
    });
    expect([400, 404]).toContain(topup.statusCode);
    expect(isRussianError(topup, topup.statusCode)).toBe(true);
  });
});
