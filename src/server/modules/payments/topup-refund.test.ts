import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { ledger, users } from '../../db/schema.ts';
import { isRussianError, useTestApp, type Visitor } from '../../testing/harness.ts';
import { transaction } from '../../db/transaction.ts';
import { orderById } from './queries.ts';
import { refunded } from './service.ts';
import { cryptogram, prepare, SUCCESS } from './testing.ts';

const { t, staff, signedIn } = useTestApp();

const balance = async (v: Visitor) => (await v.get('/v3.0/balance')).json().data.balance as number;
const rowsOf = async (userId: number) =>
  (await t.database.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(ledger.id)).map((r) => [
    r.kind,
    r.amount,
  ]);
const siteRows = () =>
  t.database.db
    .select()
    .from(ledger)
    .where(sql`${ledger.userId} is null`)
    .orderBy(ledger.id);

/** A card top-up of `kopecks`; answers its order id. */
async function topUp(v: Visitor, kopecks: number) {
  const p = await prepare(v);
  const res = await v.post('/v3.0/balance/topup', {
    amount: kopecks,
    email: 'reader@example.ru',
    order: p.order,
    cryptogram: await cryptogram(p, SUCCESS),
  });
  expect(res.json().data.status, res.body).toBe('success');
  return res.json().data.order_id as number;
}

describe('refunding a top-up the reader has spent', () => {
  it('only the unspent part goes back to the card; the Plus it bought stays; the balance ends at zero', async () => {
    const { v, id } = await signedIn('Пополнил и потратил');
    const orderId = await topUp(v, 10000);
    expect((await v.post('/v3.0/balance/plus', { stuff_id: 1 })).json().rc).toBe(200);
    expect(await balance(v)).toBe(100);

    // Staff are told before: 1 ₽ of the 100 ₽ goes back, 99 ₽ was spent. Asking changes nothing.
    const preview = await staff.get(`/v3.0/payments/admin/refund/${orderId}`);
    expect(preview.json().data, preview.body).toEqual({ amount: 10000, site_covers: 0, refund: 100 });

    const refund = await staff.post('/v3.0/payments/admin/refund', { order_id: orderId });
    expect(refund.json().rc, refund.body).toBe(200);
    expect(await balance(v)).toBe(0);
    expect(await rowsOf(id)).toEqual([
      ['charge', 10000],
      ['order', -9900],
      ['refund', -100],
    ]);
    const [row] = await t.database.db
      .select()
      .from(ledger)
      .where(eq(ledger.kind, 'refund'))
      .orderBy(sql`id desc`);
    expect(row.note).toBe(messages.paymentRefundPartNote(100, 10000));
    expect((await t.database.db.select().from(users).where(eq(users.id, id)))[0].isPaid).toBe(true);
    // Refunded once.
    expect(isRussianError(await staff.post('/v3.0/payments/admin/refund', { order_id: orderId }), 400)).toBe(true);
    expect(await balance(v)).toBe(0);
  });

  it('a top-up spent whole is refused with the reason, before and at the refund; nothing is stored', async () => {
    const { v, id } = await signedIn('Потратил всё');
    const orderId = await topUp(v, 10000);
    expect((await v.post('/v3.0/donations/site/balance', { amount: 10000 })).json().rc).toBe(200);
    const before = await rowsOf(id);
    for (const res of [
      await staff.get(`/v3.0/payments/admin/refund/${orderId}`),
      await staff.post('/v3.0/payments/admin/refund', { order_id: orderId }),
    ]) {
      expect(isRussianError(res, 400), res.body).toBe(true);
      expect(res.json().rm).toBe(messages.paymentTopupSpent);
    }
    expect(await rowsOf(id)).toEqual(before);
    expect(await balance(v)).toBe(0);
  });

  it('a refund the provider made itself (its notification) never takes the balance below zero: the site covers it', async () => {
    const { v, id } = await signedIn('Возврат из кабинета кассы');
    const orderId = await topUp(v, 20000);
    expect((await v.post('/v3.0/balance/plus', { stuff_id: 1 })).json().rc).toBe(200);
    const siteBefore = (await siteRows()).length;
    // What a provider's own refund notification ends in (notifications.ts, tested there against the fake API):
    // the order undone in full, twice over changes nothing more.
    const order = (await orderById(t.database.db, orderId))!;
    for (let i = 0; i < 2; i++) await transaction(t.app.ctx, (ctx) => refunded(ctx, order));
    expect(await balance(v)).toBe(0);
    expect((await rowsOf(id)).at(-1)).toEqual(['refund', -10100]);
    expect((await siteRows()).slice(siteBefore)).toEqual([
      expect.objectContaining({
        kind: 'refund',
        amount: -9900,
        note: messages.paymentRefundShortfallNote(orderId, id),
      }),
    ]);
  });
});
