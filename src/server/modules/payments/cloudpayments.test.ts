import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledger, paymentCharges, paymentOrders, users } from '../../db/schema.ts';
import { isRussianError, newUser, startTestApp, type TestApp } from '../../testing/harness.ts';
import { makeCryptogram } from '../../../shared/payments.ts';
import type { PrepareData } from '../../../shared/api/payments.ts';
import { messages } from '../../../shared/catalogue.ts';
import { PUBLIC_ID, signNotification as sign, startFakeCloudPayments } from './fake-cloudpayments.ts';

let fake: Awaited<ReturnType<typeof startFakeCloudPayments>>;
let calls: typeof fake.calls;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeCloudPayments();
  calls = fake.calls;
  t = await startTestApp({ fetchAllowHosts: ['127.0.0.1'], cloudpayments: fake.config });
  await newUser(t.app); // the site's first account
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function order(v: Awaited<ReturnType<typeof newUser>>['v'], number: string, stuffId = 1) {
  const p: PrepareData = (await v.get('/v3.0/payments/accounts/orders/prepare')).json().data;
  const cryptogram = await makeCryptogram(p.cp_public, { number, month: '12', year: '30', cvv: '123' });
  return v.post('/v3.0/payments/accounts/orders/create', {
    data: { stuff_id: stuffId, email: 'cp@example.ru', order: p.order },
    cryptogram,
  });
}
const ledgerOf = async (id: number) =>
  (await t.database.db.select().from(ledger).where(eq(ledger.userId, id))).map((r) => [r.kind, r.amount]);
const notify = (type: string, body: string, hmac = sign(body)) =>
  t.app.inject({
    method: 'POST',
    url: `/payments/cloudpayments/${type}`,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': hmac },
  });

describe('the CloudPayments adapter', () => {
  it('prepare hands out the CloudPayments public id and key; a charge goes out in roubles with the cryptogram', async () => {
    const { v, id } = await newUser(t.app);
    const p = (await v.get('/v3.0/payments/accounts/orders/prepare')).json().data;
    expect(p.cashier).toEqual({ type: 'cloudpayments', public_id: PUBLIC_ID });
    expect(p.cp_public.key_version).toBe('4');
    const res = await order(v, '5105105105105100');
    expect(res.json().data.status).toBe('success');
    const charge = calls.findLast((c) => c.path === '/payments/cards/charge')!;
    expect(charge.body).toMatchObject({ Amount: 99, Currency: 'RUB', AccountId: String(id) });
    expect(JSON.stringify(charge.body)).not.toContain('5105105105105100');
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
    ]);
  });

  it('a decline carries the provider message; 3-D Secure returns the bank page and post3ds finishes it', async () => {
    const { v, id } = await newUser(t.app);
    const declined = await order(v, '4111111111111111');
    expect(isRussianError(declined, 400)).toBe(true);
    expect(declined.json().rm).toBe('Недостаточно средств на карте');
    const three = (await order(v, '4242424242424242', 18)).json().data;
    expect(three).toMatchObject({ status: '3ds', AcsUrl: 'https://acs.example/3ds', PaReq: 'pareq-from-bank' });
    const term = await v.post(
      '/payments/3ds/term',
      { MD: three.TransactionId, PaRes: 'good' },
      { as: 'form', csrf: false },
    );
    expect(term.body).toContain('data-result="success"');
    expect((await t.database.db.select().from(users).where(eq(users.id, id)))[0].isPaid).toBe(true);
    // The card's last digits come with the post3ds answer (the first answer asked for 3-D Secure and had none).
    const [charge] = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.transactionId, String(three.TransactionId)));
    expect([charge.status, charge.cardLast4, charge.cardType]).toEqual(['succeeded', '4242', 'Visa']);
    expect(calls.findLast((c) => c.path === '/payments/cards/post3ds')!.body).toMatchObject({
      TransactionId: Number(three.TransactionId),
      PaRes: 'good',
    });
  });

  it('a post3ds the provider refuses outright ends the order as declined', async () => {
    const { v, id } = await newUser(t.app);
    const three = (await order(v, '4242424242424242')).json().data;
    const term = await v.post(
      '/payments/3ds/term',
      { MD: three.TransactionId, PaRes: 'broken' },
      { as: 'form', csrf: false },
    );
    expect(term.body).toContain('data-result="error"');
    expect(term.body).toContain('Ошибка обработки 3-D Secure');
    const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, three.order_id));
    expect(row.status).toBe('declined');
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('notifications: HMAC checked, a repeated pay applied once, refund undoes the order', async () => {
    const { v, id } = await newUser(t.app);
    const three = (await order(v, '4242424242424242')).json().data;
    const body = `TransactionId=${three.TransactionId}&InvoiceId=${three.order_id}&AccountId=${id}&Amount=99.00&Currency=RUB&Status=Completed&Token=tk_9&CardLastFour=4242`;
    const forged = await notify('pay', body, sign(body + 'x'));
    expect(forged.statusCode).toBe(403);
    expect(await ledgerOf(id)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const ok = await notify('pay', body);
      expect(ok.json()).toEqual({ code: 0 });
    }
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
    ]);
    const refund = `TransactionId=1&PaymentTransactionId=${three.TransactionId}&InvoiceId=${three.order_id}&AccountId=${id}&Amount=99.00`;
    expect((await notify('refund', refund)).json()).toEqual({ code: 0 });
    expect((await notify('refund', refund)).json()).toEqual({ code: 0 });
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
      ['refund', 9900],
      ['refund', -9900],
    ]);
    expect((await notify('nonsense', body)).statusCode).toBe(404);
    expect(messages.paymentNotificationSignature).toMatch(/[а-я]/);
  });
});
