import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/index.ts';
import { ledger, paymentCharges, paymentOrders, users } from '../../db/schema.ts';
import { isRussianError, newUser, startTestApp, type TestApp } from '../../testing/harness.ts';
import { makeCryptogram } from '../../../shared/payments.ts';
import type { PrepareData } from '../../../shared/api/payments.ts';
import { messages } from '../../../shared/catalogue.ts';
import { signNotification as sign, startFakeCloudPayments } from './fake-cloudpayments.ts';
import { reconcilePayments } from './reconcile.ts';

/**
 * The provider's notifications attacked (issue 25): every one is held against the stored order, answered with
 * CloudPayments' refusal codes, applied once, and a payment that took money is never lost.
 */
let fake: Awaited<ReturnType<typeof startFakeCloudPayments>>;
let t: TestApp;
let staff: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  fake = await startFakeCloudPayments();
  t = await startTestApp({ fetchAllowHosts: ['127.0.0.1'], cloudpayments: fake.config });
  staff = await newUser(t.app); // the site's first account is its superuser
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Reader = Awaited<ReturnType<typeof newUser>>;
const today = () => new Date().toISOString().slice(0, 10);

/** A card order: 5105… pays at once, 4242… waits for 3-D Secure (the order stays pending). */
async function order(v: Reader['v'], number: string, stuffId = 3) {
  const p: PrepareData = (await v.get('/v3.0/payments/accounts/orders/prepare')).json().data;
  const cryptogram = await makeCryptogram(p.cp_public, { number, month: '12', year: '30', cvv: '123' });
  return v.post('/v3.0/payments/accounts/orders/create', {
    data: { stuff_id: stuffId, email: 'cp@example.ru', order: p.order },
    cryptogram,
  });
}
async function pendingOrder(v: Reader['v'], stuffId = 3) {
  const data = (await order(v, '4242424242424242', stuffId)).json().data;
  expect(data.status).toBe('3ds');
  return data as { order_id: number; TransactionId: string };
}
const form = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const notify = (type: string, fields: Record<string, string | number>, hmac?: string) => {
  const body = form(fields);
  return t.app.inject({
    method: 'POST',
    url: `/payments/cloudpayments/${type}`,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': hmac ?? sign(body) },
  });
};
const code = async (type: string, fields: Record<string, string | number>) => (await notify(type, fields)).json().code;
const orderRow = async (id: number) =>
  (await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0];
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const ledgerOf = async (userId: number | null) =>
  (
    await queryRows<{ kind: string; amount: string; key: string }>(
      t.database.db,
      sql`select kind, amount, idempotency_key as key from ledger
           where ${userId === null ? sql`user_id is null` : sql`user_id = ${userId}`} order by id`,
    )
  ).map((r) => [r.kind, Number(r.amount)]);
const refundsOf = (tx: number | string) =>
  fake.calls.filter((c) => c.path === '/payments/refund' && String(c.body.TransactionId) === String(tx));
let widgetTx = 900_000;
/** A payment someone made through the provider's own widget with our public id and any fields they chose. */
const widgetPayment = (fields: {
  InvoiceId: string | number;
  AccountId: string | number;
  Amount: number;
  Currency?: string;
}) => fake.take({ ...fields, Currency: fields.Currency ?? 'RUB' }, { TransactionId: widgetTx++ });

describe('check: only the order’s own sum, reader and state', () => {
  it('answers 10, 11, 12, 13, 20 where wrong and 0 for the order as it is', async () => {
    const r = await newUser(t.app);
    const o = await pendingOrder(r.v);
    const right = { TransactionId: 1, InvoiceId: o.order_id, AccountId: r.id, Amount: '749.00', Currency: 'RUB' };
    expect(await code('check', right)).toBe(0);
    expect(await code('check', { ...right, Amount: '1.00' })).toBe(12);
    expect(await code('check', { ...right, Amount: 'abc' })).toBe(12);
    expect(await code('check', { ...right, Currency: 'USD' })).toBe(12);
    expect(await code('check', { ...right, AccountId: staff.id })).toBe(11);
    expect(await code('check', { ...right, InvoiceId: 99_999_999 })).toBe(10);
    expect(await code('check', { ...right, InvoiceId: 'a.b' })).toBe(10);
    const paid = (await order(r.v, '5105105105105100', 1)).json().data;
    expect(await code('check', { ...right, InvoiceId: paid.order_id, Amount: '99.00' })).toBe(13);
    const declined = (await order(r.v, '4111111111111111', 1)).json();
    expect(declined.rc).toBe(400);
    t.clock.now = new Date(Date.now() + 2 * 86_400_000);
    try {
      expect(await code('check', right)).toBe(20);
    } finally {
      t.clock.now = new Date();
    }
  });
});

describe('pay', () => {
  it('1 ₽ paid for a pending 749 ₽ order: refused (12), no Plus, the ruble refunded and in the ledger; a replay changes nothing', async () => {
    const r = await newUser(t.app);
    const o = await pendingOrder(r.v);
    const p = widgetPayment({ InvoiceId: o.order_id, AccountId: r.id, Amount: 1 });
    const fields = {
      TransactionId: p.TransactionId,
      InvoiceId: o.order_id,
      AccountId: r.id,
      Amount: '1.00',
      Currency: 'RUB',
    };
    expect(await code('pay', fields)).toBe(12);
    expect((await orderRow(o.order_id)).status).toBe('pending');
    expect((await userRow(r.id)).isPaid).toBe(false);
    expect(refundsOf(p.TransactionId).map((c) => c.body.Amount)).toEqual([1]);
    expect(await ledgerOf(r.id)).toEqual([
      ['charge', 100],
      ['refund', -100],
    ]);
    expect(await code('pay', fields)).toBe(12);
    expect(refundsOf(p.TransactionId)).toHaveLength(1);
    expect(await ledgerOf(r.id)).toHaveLength(2);
    // The provider's own refund notification for it lands on the same ledger key.
    expect(
      await code('refund', {
        TransactionId: 77,
        PaymentTransactionId: p.TransactionId,
        InvoiceId: o.order_id,
        AccountId: r.id,
        Amount: '1.00',
      }),
    ).toBe(0);
    expect(await ledgerOf(r.id)).toHaveLength(2);
  });

  it('a top-up of 75 000 ₽ paid with 1 ₽, another currency, another AccountId, an unknown InvoiceId: refused and refunded', async () => {
    const r = await newUser(t.app);
    const p0: PrepareData = (await r.v.get('/v3.0/payments/accounts/orders/prepare')).json().data;
    const topup = await r.v.post('/v3.0/balance/topup', {
      amount: 75000,
      email: 'cp@example.ru',
      order: p0.order,
      cryptogram: await makeCryptogram(p0.cp_public, {
        number: '4242424242424242',
        month: '12',
        year: '30',
        cvv: '123',
      }),
    });
    expect(topup.json().data.status, topup.body).toBe('3ds');
    const id = topup.json().data.order_id;
    const cases = [
      [{ InvoiceId: id, AccountId: r.id, Amount: 1 }, '1.00', 'RUB', 12],
      [{ InvoiceId: id, AccountId: r.id, Amount: 75000, Currency: 'USD' }, '75000.00', 'USD', 12],
      [{ InvoiceId: id, AccountId: staff.id, Amount: 75000 }, '75000.00', 'RUB', 11],
      [{ InvoiceId: 88_888_888, AccountId: r.id, Amount: 75000 }, '75000.00', 'RUB', 10],
    ] as const;
    for (const [fields, amount, currency, want] of cases) {
      const p = widgetPayment(fields);
      const answer = await code('pay', {
        TransactionId: p.TransactionId,
        InvoiceId: fields.InvoiceId,
        AccountId: fields.AccountId,
        Amount: amount,
        Currency: currency,
      });
      expect(answer).toBe(want);
      expect(refundsOf(p.TransactionId)).toHaveLength(1);
    }
    expect((await orderRow(id)).status).toBe('pending');
    const balance = (await r.v.get('/v3.0/balance')).json().data.balance;
    expect(balance).toBe(0);
    // The payer's own account for a wrong sum; the site's for someone else's reader or an unknown order.
    expect(await ledgerOf(r.id)).toEqual([
      ['charge', 100],
      ['refund', -100],
      ['charge', 7_500_000],
      ['refund', -7_500_000],
    ]);
    const site = await ledgerOf(null);
    expect(site.slice(-4)).toEqual([
      ['charge', 7_500_000],
      ['refund', -7_500_000],
      ['charge', 7_500_000],
      ['refund', -7_500_000],
    ]);
  });

  it('a bad HMAC changes nothing (403)', async () => {
    const r = await newUser(t.app);
    const o = await pendingOrder(r.v);
    const fields = {
      TransactionId: o.TransactionId,
      InvoiceId: o.order_id,
      AccountId: r.id,
      Amount: '749.00',
      Currency: 'RUB',
    };
    const forged = await notify('pay', fields, sign(form(fields) + 'x'));
    expect(forged.statusCode).toBe(403);
    expect((await notify('pay', fields, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    expect((await orderRow(o.order_id)).status).toBe('pending');
    expect(await ledgerOf(r.id)).toEqual([]);
  });

  it('our charge call lost its answer while the provider took the money: the pay notification completes the declined order', async () => {
    const r = await newUser(t.app);
    fake.state.brokenCharge = true;
    const lost = await order(r.v, '5105105105105100', 3).finally(() => (fake.state.brokenCharge = false));
    expect(isRussianError(lost, 400)).toBe(true);
    const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, r.id));
    expect(row.status).toBe('declined');
    const taken = fake.payments.find((p) => p.InvoiceId === String(row.id))!;
    const fields = {
      TransactionId: taken.TransactionId,
      InvoiceId: row.id,
      AccountId: r.id,
      Amount: '749.00',
      Currency: 'RUB',
      CardLastFour: '5100',
      CardType: 'MasterCard',
    };
    expect(await code('pay', fields)).toBe(0);
    expect((await orderRow(row.id)).status).toBe('paid');
    expect((await userRow(r.id)).isPaid).toBe(true);
    expect(await ledgerOf(r.id)).toEqual([
      ['charge', 74900],
      ['order', -74900],
    ]);
    const [charge] = await t.database.db.select().from(paymentCharges).where(eq(paymentCharges.orderId, row.id));
    expect([charge.status, charge.cardLast4]).toEqual(['succeeded', '5100']);
    const until = (await userRow(r.id)).paidUntil;
    expect(await code('pay', fields)).toBe(0);
    expect((await userRow(r.id)).paidUntil).toEqual(until);
    expect(await ledgerOf(r.id)).toHaveLength(2);
    expect(refundsOf(taken.TransactionId)).toEqual([]);
  });

  it('a second payment of a refunded order is refunded, never lost', async () => {
    const r = await newUser(t.app);
    const paid = (await order(r.v, '5105105105105100', 1)).json().data;
    expect((await staff.v.post('/v3.0/payments/admin/refund', { order_id: paid.order_id })).statusCode).toBe(200);
    const p = widgetPayment({ InvoiceId: paid.order_id, AccountId: r.id, Amount: 99 });
    expect(
      await code('pay', {
        TransactionId: p.TransactionId,
        InvoiceId: paid.order_id,
        AccountId: r.id,
        Amount: '99.00',
        Currency: 'RUB',
      }),
    ).toBe(13);
    expect((await orderRow(paid.order_id)).status).toBe('refunded');
    expect((await userRow(r.id)).isPaid).toBe(false);
    expect(refundsOf(p.TransactionId)).toHaveLength(1);
    expect((await ledgerOf(r.id)).slice(-2)).toEqual([
      ['charge', 9900],
      ['refund', -9900],
    ]);
  });

  it('concurrent duplicates: ten at once pay the order once, and ten wrong ones refund once', async () => {
    const r = await newUser(t.app);
    const o = await pendingOrder(r.v, 1);
    const right = {
      TransactionId: o.TransactionId,
      InvoiceId: o.order_id,
      AccountId: r.id,
      Amount: '99.00',
      Currency: 'RUB',
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => code('pay', right)));
    expect(answers).toEqual(Array(10).fill(0));
    expect(await ledgerOf(r.id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
    ]);
    const days = Math.round(((await userRow(r.id)).paidUntil!.getTime() - Date.now()) / 86_400_000);
    expect(days).toBe(30);
    const o2 = await pendingOrder(r.v, 1);
    const p = widgetPayment({ InvoiceId: o2.order_id, AccountId: r.id, Amount: 5 });
    const wrong = {
      TransactionId: p.TransactionId,
      InvoiceId: o2.order_id,
      AccountId: r.id,
      Amount: '5.00',
      Currency: 'RUB',
    };
    expect(await Promise.all(Array.from({ length: 10 }, () => code('pay', wrong)))).toEqual(Array(10).fill(12));
    expect(refundsOf(p.TransactionId)).toHaveLength(1);
    expect((await ledgerOf(r.id)).slice(2)).toEqual([
      ['charge', 500],
      ['refund', -500],
    ]);
  });
});

describe('fail and refund', () => {
  it('a fail of another transaction or with a wrong sum leaves the order waiting; the order’s own fail declines it', async () => {
    const r = await newUser(t.app);
    const o = await pendingOrder(r.v);
    const own = {
      TransactionId: o.TransactionId,
      InvoiceId: o.order_id,
      AccountId: r.id,
      Amount: '749.00',
      Currency: 'RUB',
      Reason: 'x',
    };
    expect(await code('fail', { ...own, Amount: '1.00' })).toBe(12);
    expect(await code('fail', { ...own, TransactionId: 123_456 })).toBe(0);
    expect((await orderRow(o.order_id)).status).toBe('pending');
    expect(await code('fail', own)).toBe(0);
    expect((await orderRow(o.order_id)).status).toBe('declined');
  });

  it('a refund of an unknown payment is refused (10); of another reader’s order 11; of a part 12', async () => {
    const r = await newUser(t.app);
    const paid = (await order(r.v, '5105105105105100', 1)).json().data;
    const [charge] = await t.database.db.select().from(paymentCharges).where(eq(paymentCharges.orderId, paid.order_id));
    const refund = {
      TransactionId: 5,
      PaymentTransactionId: charge.transactionId,
      InvoiceId: paid.order_id,
      AccountId: r.id,
      Amount: '99.00',
    };
    expect(await code('refund', { ...refund, PaymentTransactionId: 424_242 })).toBe(10);
    expect(await code('refund', { ...refund, AccountId: staff.id })).toBe(11);
    expect(await code('refund', { ...refund, Amount: '50.00' })).toBe(12);
    expect((await orderRow(paid.order_id)).status).toBe('paid');
    expect(await code('refund', refund)).toBe(0);
    expect((await orderRow(paid.order_id)).status).toBe('refunded');
    expect(messages.paymentUnmatchedNote('1')).toMatch(/[а-я]/);
  });
});

describe('the daily reconciliation against payments/list', () => {
  it('settles a payment we lack, retries a failed refund, flags ours the provider lacks; a second run changes nothing', async () => {
    const r = await newUser(t.app);
    // 1. The money was taken, our answer and the notification both lost: the order is declined here.
    fake.state.brokenCharge = true;
    await order(r.v, '5105105105105100', 2).finally(() => (fake.state.brokenCharge = false));
    const [lost] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, r.id));
    expect(lost.status).toBe('declined');
    // 2. A widget payment of an unknown order whose refund the provider refused at first.
    const stray = widgetPayment({ InvoiceId: 77_777_777, AccountId: 'someone', Amount: 10 });
    fake.state.refusedRefund = true;
    expect(
      await code('pay', {
        TransactionId: stray.TransactionId,
        InvoiceId: 77_777_777,
        AccountId: 'someone',
        Amount: '10.00',
        Currency: 'RUB',
      }),
    ).toBe(10);
    fake.state.refusedRefund = false;
    // 3. A charge paid here that the provider does not list.
    const ours = (await order(r.v, '5105105105105100', 1)).json().data;
    const i = fake.payments.findIndex((p) => p.InvoiceId === String(ours.order_id));
    fake.payments.splice(i, 1);

    const first = await reconcilePayments(t.app.ctx, today());
    // Flagged besides: the earlier tests' charges paid by notifications this fake never took.
    expect(first).toMatchObject({ fixed: 2 });
    expect((await orderRow(lost.id)).status).toBe('paid');
    expect((await userRow(r.id)).isPaid).toBe(true);
    expect(await ledgerOf(r.id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
      ['charge', 22900],
      ['order', -22900],
    ]);
    expect(refundsOf(stray.TransactionId)).toHaveLength(2); // refused once, then done
    expect(
      (
        await t.database.db
          .select()
          .from(ledger)
          .where(eq(ledger.idempotencyKey, `cp-refund:${stray.TransactionId}`))
      ).length,
    ).toBe(1);
    expect((await orderRow(ours.order_id)).meta).toMatchObject({ flag: `not-at-provider:${today()}` });
    const staffList = (await staff.v.get('/v3.0/payments/admin/orders')).json().data;
    expect(staffList.find((o: { id: number }) => o.id === ours.order_id).flag).toBe(`not-at-provider:${today()}`);

    const calls = fake.calls.length;
    const ledgerRows = (await t.database.db.select().from(ledger)).length;
    expect(await reconcilePayments(t.app.ctx, today())).toMatchObject({ fixed: 0, flagged: first!.flagged });
    expect(fake.calls.length).toBe(calls + 1); // the list only
    expect((await t.database.db.select().from(ledger)).length).toBe(ledgerRows);
  });
});
