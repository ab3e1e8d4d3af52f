import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/index.ts';
import { paymentPreparedOrders, users } from '../../db/schema.ts';
import { isRussianError, useTestApp } from '../../testing/harness.ts';
import { messages } from '../../../shared/catalogue.ts';
import { cryptogram, prepare, SUCCESS, SUCCESS_3DS } from './testing.ts';

/** The spec's create body, `data{stuff_id, email}, cryptogram, mode`: no order number, the last prepared one pays. */

const { t, signedIn } = useTestApp();
const CREATE = '/v3.0/payments/accounts/orders/create';

const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const ordersOf = async (userId: number) =>
  queryRows<{ status: string; stuff_id: number; amount: number }>(
    t.database.db,
    sql`select status, stuff_id, amount::int as amount from payment_orders where user_id = ${userId} order by id`,
  );
const specBody = (stuffId: number, made: string) => ({
  data: { stuff_id: stuffId, email: 'spec@example.ru' },
  cryptogram: made,
  mode: 'raw',
});

describe('create without an order number: the reader’s last prepared order', () => {
  it('pays the last prepared order end to end with the test cashier, at the server’s price', async () => {
    const { v, id } = await signedIn();
    await prepare(v);
    const p = await prepare(v);
    const res = await v.post(CREATE, specBody(1, await cryptogram(p, SUCCESS)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('success');
    expect((await userRow(id)).isPaid).toBe(true);
    expect(await ordersOf(id)).toEqual([{ status: 'paid', stuff_id: 1, amount: 9900 }]);
    // The same body again: that order is paid, so it is refused and nothing more is charged.
    const again = await v.post(CREATE, specBody(1, await cryptogram(p, SUCCESS)));
    expect(isRussianError(again, 400)).toBe(true);
    expect(again.json().rm).toBe(messages.paymentOrderPaid);
    expect(await ordersOf(id)).toHaveLength(1);
    // The form with the order number keeps working beside it.
    const next = await prepare(v);
    const named = await v.post(CREATE, {
      data: { stuff_id: 18, email: 'spec@example.ru', order: next.order },
      cryptogram: await cryptogram(next, SUCCESS),
    });
    expect(named.json().data.status, named.body).toBe('success');
  });

  it('a payment waiting for 3-D Secure answers the same step; another product for it is refused', async () => {
    const { v, id } = await signedIn();
    const p = await prepare(v);
    const made = await cryptogram(p, SUCCESS_3DS);
    const first = await v.post(CREATE, specBody(2, made));
    expect(first.json().data.status, first.body).toBe('3ds');
    const repeat = await v.post(CREATE, specBody(2, made));
    expect(repeat.json().data.TransactionId).toBe(first.json().data.TransactionId);
    const other = await v.post(CREATE, specBody(3, made));
    expect(isRussianError(other, 400)).toBe(true);
    expect(other.json().rm).toBe(messages.paymentOrderOtherStuff);
    expect(await ordersOf(id)).toEqual([{ status: 'pending', stuff_id: 2, amount: 22900 }]);
  });

  it('refuses in Russian and changes nothing: no prepared order, an expired one, another reader’s, bad bodies', async () => {
    const { v, id } = await signedIn();
    const other = await signedIn();
    // Nothing prepared yet.
    const theirs = await prepare(other.v);
    const none = await v.post(CREATE, specBody(1, await cryptogram(theirs, SUCCESS)));
    expect(isRussianError(none, 400)).toBe(true);
    expect(none.json().rm).toBe(messages.paymentOrderNotPrepared);
    // Another reader's prepared order: the cryptogram made for it does not pay ours.
    const mine = await prepare(v);
    const foreign = await v.post(CREATE, specBody(1, await cryptogram(theirs, SUCCESS)));
    expect(isRussianError(foreign, 400)).toBe(true);
    expect(foreign.json().rm).toBe(messages.paymentCryptogramOtherOrder);
    // Prepared too long ago.
    await t.database.db
      .update(paymentPreparedOrders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(paymentPreparedOrders.userId, id));
    const expired = await v.post(CREATE, specBody(1, await cryptogram(mine, SUCCESS)));
    expect(isRussianError(expired, 400)).toBe(true);
    expect(expired.json().rm).toBe(messages.paymentOrderExpired);
    const p = await prepare(v);
    const good = await cryptogram(p, SUCCESS);
    const cases: unknown[] = [
      { data: { stuff_id: 99, email: 'a@example.ru' }, cryptogram: good },
      { data: { stuff_id: true, email: 'a@example.ru' }, cryptogram: good },
      { data: { stuff_id: 1.5, email: 'a@example.ru' }, cryptogram: good },
      { data: { stuff_id: 1, email: 42 }, cryptogram: good },
      { data: { stuff_id: 1, email: 'a@example.ru' }, cryptogram: ['x'] },
      { data: { stuff_id: 1, email: 'a@example.ru' }, cryptogram: good, mode: 7 },
      { data: { stuff_id: 1, email: 'a@example.ru', amount: 1 }, cryptogram: good },
      { data: { stuff_id: 1, email: 'a@example.ru', user_id: other.id }, cryptogram: good },
      { data: { stuff_id: 1, email: 'a@example.ru' }, cryptogram: good, order: p.order },
      { data: [1], cryptogram: good },
    ];
    for (const body of cases) {
      const res = await v.post(CREATE, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(/[А-Яа-яЁё]/.test(res.json().rm), res.body).toBe(true);
    }
    // No CSRF marker.
    expect((await v.post(CREATE, specBody(1, good), { csrf: false })).statusCode).toBe(403);
    // Only our own prepared order was tried (and declined by the cashier); the other reader's is untouched.
    expect(await ordersOf(id)).toEqual([{ status: 'declined', stuff_id: 1, amount: 9900 }]);
    expect(await ordersOf(other.id)).toEqual([]);
    expect((await userRow(id)).isPaid).toBe(false);
    // Still payable by its reader afterwards.
    const paid = await other.v.post(CREATE, specBody(1, await cryptogram(theirs, SUCCESS)));
    expect(paid.json().data.status, paid.body).toBe('success');
  });
});
