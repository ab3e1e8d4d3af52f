import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/index.ts';
import { companyDetails, paymentOrders, promotionTopups, subsiteRoles, subsites } from '../../db/schema.ts';
import { isRussianError, newUser, startTestApp, type TestApp } from '../../testing/harness.ts';
import { makeCryptogram } from '../../../shared/payments.ts';
import type { PrepareData } from '../../../shared/api/payments.ts';
import { messages } from '../../../shared/catalogue.ts';
import { signNotification as sign, startFakeCloudPayments } from '../payments/fake-cloudpayments.ts';
import { postLedger } from '../payments/index.ts';

/**
 * A company's promotion balance topped up from its cabinet (issue 30): from the manager's balance or by card, the
 * card's amount and company kept on the server's order; attacked with others' companies, a non-manager, bad amounts,
 * a missing CSRF marker, a replayed and a wrong-sum notification: a Russian 4xx (or the provider's refusal code) and
 * nothing changed.
 */
let fake: Awaited<ReturnType<typeof startFakeCloudPayments>>;
let t: TestApp;
let superuser: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  fake = await startFakeCloudPayments();
  t = await startTestApp({ fetchAllowHosts: ['127.0.0.1'], cloudpayments: fake.config });
  superuser = await newUser(t.app); // the site's first account is its superuser
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Reader = Awaited<ReturnType<typeof newUser>>;
let companies = 0;

/** A company with a manager (its owner) holding `money` kopecks on their balance. */
async function company(money = 1_000_000) {
  companies += 1;
  const [co] = await t.database.db
    .insert(subsites)
    .values({ type: 'company', slug: `promo-co-${companies}`, name: `ООО Продвижение ${companies}` })
    .returning({ id: subsites.id });
  const manager = await newUser(t.app, `Менеджер ${companies}`);
  await t.database.db.insert(subsiteRoles).values({ subsiteId: co.id, userId: manager.id, role: 'owner' });
  if (money)
    await postLedger(t.app.ctx, {
      userId: manager.id,
      kind: 'topup',
      amount: money,
      idempotencyKey: `t:promo:${manager.id}`,
    });
  return { id: co.id, manager };
}

const promotionOf = async (id: number) =>
  (await t.database.db.select().from(companyDetails).where(eq(companyDetails.subsiteId, id)))[0]?.promotionBalance ?? 0;
const balanceOf = async (r: Reader) => (await r.v.get('/v3.0/balance')).json().data.balance as number;
const auditOf = async (id: number) =>
  (await t.database.db.select().from(promotionTopups).where(eq(promotionTopups.subsiteId, id))).map((r) => [
    r.source,
    r.amount,
  ]);
const ledgerOf = async (userId: number) =>
  (
    await queryRows<{ kind: string; amount: string }>(
      t.database.db,
      sql`select kind, amount from ledger where user_id = ${userId} order by id`,
    )
  ).map((r) => [r.kind, Number(r.amount)]);

async function cardBody(v: Reader['v'], amount: unknown, number = '4242424242424242') {
  const p: PrepareData = (await v.get('/v3.0/payments/accounts/orders/prepare')).json().data;
  const cryptogram = await makeCryptogram(p.cp_public, { number, month: '12', year: '30', cvv: '123' });
  return { amount, email: 'co@example.ru', order: p.order, cryptogram };
}

const notify = (type: string, fields: Record<string, string | number>) => {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({
    method: 'POST',
    url: `/payments/cloudpayments/${type}`,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': sign(body) },
  });
};
let widgetTx = 700_000;

describe('promotion top-up from the balance', () => {
  it('moves the amount from the manager to the company with a ledger row and an audit row', async () => {
    const co = await company();
    const res = await co.manager.v.post(`/v3.0/subsite/${co.id}/promotion/balance`, { amount: 250_000 });
    expect(res.json().rm, res.body).toBe(messages.promotionToppedUp);
    expect(res.json().data).toEqual({ balance: 750_000, promotion_balance: 250_000 });
    expect(await promotionOf(co.id)).toBe(250_000);
    expect(await ledgerOf(co.manager.id)).toEqual([
      ['topup', 1_000_000],
      ['order', -250_000],
    ]);
    expect(await auditOf(co.id)).toEqual([['balance', 250_000]]);
    const list = (await co.manager.v.get(`/v3.0/subsite/${co.id}/promotion`)).json().data.items;
    expect(list).toMatchObject([{ amount: 250_000, source: 'balance' }]);
  });

  it('refuses others, bad amounts, extra fields and a missing CSRF marker; nothing moves', async () => {
    const co = await company();
    const other = await company();
    const stranger = await newUser(t.app, 'Посторонний');
    await postLedger(t.app.ctx, { userId: stranger.id, kind: 'topup', amount: 1_000_000, idempotencyKey: `t:s` });
    const attempts: [Reader, string, unknown, number, { csrf?: boolean }?][] = [
      [co.manager, `/v3.0/subsite/${other.id}/promotion/balance`, { amount: 10_000 }, 403],
      [stranger, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 10_000 }, 403],
      [co.manager, `/v3.0/subsite/${co.manager.id}/promotion/balance`, { amount: 10_000 }, 404],
      [co.manager, `/v3.0/subsite/99999999/promotion/balance`, { amount: 10_000 }, 404],
      [co.manager, `/v3.0/subsite/abc/promotion/balance`, { amount: 10_000 }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: -10_000 }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 0 }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 9_999 }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 100_000_001 }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 1e300 }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 10_000.5 }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: '1e4' }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: [10_000] }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, {}, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 10_000, balance: 1 }, 400],
      // More than the manager's balance.
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 2_000_000 }, 400],
      [co.manager, `/v3.0/subsite/${co.id}/promotion/balance`, { amount: 10_000 }, 403, { csrf: false }],
    ];
    for (const [who, path, body, status, opts] of attempts) {
      const res = await who.v.call(path, { method: 'POST', body, ...opts });
      expect(isRussianError(res, status), `${path} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`).toBe(true);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/v3.0/subsite/${co.id}/promotion/balance`,
      payload: { amount: 10_000 },
      headers: { 'x-this-is-csrf': '1' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(isRussianError(await stranger.v.get(`/v3.0/subsite/${co.id}/promotion`), 403)).toBe(true);
    for (const c of [co, other]) {
      expect(await promotionOf(c.id)).toBe(0);
      expect(await auditOf(c.id)).toEqual([]);
      expect(await balanceOf(c.manager)).toBe(1_000_000);
    }
    expect(await balanceOf(stranger)).toBe(1_000_000);
  });
});

describe('promotion top-up by card', () => {
  it('the test card pays at once: charge, order and the company credited from the stored order', async () => {
    const co = await company(0);
    const res = await co.manager.v.post(
      `/v3.0/subsite/${co.id}/promotion/card`,
      await cardBody(co.manager.v, 300_000, '5105105105105100'),
    );
    expect(res.json().data.status, res.body).toBe('success');
    expect(await promotionOf(co.id)).toBe(300_000);
    expect(await ledgerOf(co.manager.id)).toEqual([
      ['charge', 300_000],
      ['order', -300_000],
    ]);
    expect(await auditOf(co.id)).toEqual([['card', 300_000]]);
    const [order] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, res.json().data.order_id));
    expect(order).toMatchObject({ kind: 'promotion', amount: 300_000, status: 'paid', meta: { subsite_id: co.id } });

    // Staff refund it: what is still on the company's balance leaves it once; a second refund changes nothing.
    const refund = await superuser.v.post('/v3.0/payments/admin/refund', { order_id: order.id });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await promotionOf(co.id)).toBe(0);
    expect((await auditOf(co.id)).sort()).toEqual([
      ['card', 300_000],
      ['refund', -300_000],
    ]);
    expect(isRussianError(await superuser.v.post('/v3.0/payments/admin/refund', { order_id: order.id }), 400)).toBe(
      true,
    );
    expect(await promotionOf(co.id)).toBe(0);
    expect(await auditOf(co.id)).toHaveLength(2);
  });

  it('refuses another company, a non-manager and bad amounts before any order is made', async () => {
    const co = await company(0);
    const other = await company(0);
    const stranger = await newUser(t.app, 'Чужой с картой');
    const before = (await t.database.db.select({ id: paymentOrders.id }).from(paymentOrders)).length;
    const attempts: [Reader, number, unknown, number][] = [
      [co.manager, other.id, 10_000, 403],
      [stranger, co.id, 10_000, 403],
      [co.manager, co.id, -10_000, 400],
      [co.manager, co.id, 10_000.5, 400],
      [co.manager, co.id, 100_000_001, 400],
      [co.manager, co.id, 'сто', 400],
    ];
    for (const [who, id, amount, status] of attempts) {
      const res = await who.v.post(`/v3.0/subsite/${id}/promotion/card`, await cardBody(who.v, amount));
      expect(isRussianError(res, status), `${id} ${amount}: ${res.statusCode} ${res.body}`).toBe(true);
    }
    const noCsrf = await co.manager.v.call(`/v3.0/subsite/${co.id}/promotion/card`, {
      method: 'POST',
      body: await cardBody(co.manager.v, 10_000),
      csrf: false,
    });
    expect(isRussianError(noCsrf, 403), noCsrf.body).toBe(true);
    expect((await t.database.db.select({ id: paymentOrders.id }).from(paymentOrders)).length).toBe(before);
    expect(await promotionOf(co.id)).toBe(0);
    expect(await promotionOf(other.id)).toBe(0);
  });

  it("the provider's notification: a wrong sum is refused (12) and refunded, the right one credits once, a replay nothing", async () => {
    const co = await company(0);
    const res = await co.manager.v.post(`/v3.0/subsite/${co.id}/promotion/card`, await cardBody(co.manager.v, 50_000));
    expect(res.json().data.status, res.body).toBe('3ds');
    const id = res.json().data.order_id as number;

    const cheap = fake.take(
      { InvoiceId: id, AccountId: co.manager.id, Amount: 1, Currency: 'RUB' },
      { TransactionId: widgetTx++ },
    );
    const wrong = {
      TransactionId: cheap.TransactionId,
      InvoiceId: id,
      AccountId: co.manager.id,
      Amount: '1.00',
      Currency: 'RUB',
    };
    expect((await notify('pay', wrong)).json().code).toBe(12);
    expect(await promotionOf(co.id)).toBe(0);
    expect(await auditOf(co.id)).toEqual([]);
    expect(await balanceOf(co.manager)).toBe(0);

    const right = fake.take(
      { InvoiceId: id, AccountId: co.manager.id, Amount: 500, Currency: 'RUB' },
      { TransactionId: res.json().data.TransactionId },
    );
    const fields = {
      TransactionId: right.TransactionId,
      InvoiceId: id,
      AccountId: co.manager.id,
      Amount: '500.00',
      Currency: 'RUB',
    };
    expect((await notify('pay', fields)).json().code).toBe(0);
    expect(await promotionOf(co.id)).toBe(50_000);
    for (let i = 0; i < 3; i++) expect((await notify('pay', fields)).json().code).toBe(0);
    expect(await promotionOf(co.id)).toBe(50_000);
    expect(await auditOf(co.id)).toEqual([['card', 50_000]]);
    expect(await balanceOf(co.manager)).toBe(0);
  });
});
