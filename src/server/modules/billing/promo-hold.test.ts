import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { ORDER_HOLD_MINUTES } from '../../../shared/payments.ts';
import { queryRows } from '../../db/index.ts';
import { ledger, paymentOrders } from '../../db/schema.ts';
import { useTestApp, type Visitor } from '../../testing/harness.ts';
import { cryptogram, pass3ds, prepare, SUCCESS, SUCCESS_3DS } from '../payments/testing.ts';
import { paymentsTick } from '../payments/recurring.ts';

/**
 * A discount code under parallel card purchases (issue 25, finding 6): the code is held by one order from its creation
 * until it is paid or ends, so of six purchases at once exactly one is priced with it. The calls go through a real
 * HTTP listener at the same moment; run the file with DATABASE_URL set for PostgreSQL's own concurrency.
 */
const { t, staff, signedIn } = useTestApp();
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const PARALLEL = 6;
const FULL = 9900;
const HALF = 4950;

async function newCode(discount: number) {
  const code = `HALF${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const res = await staff.post('/v3.0/private/digest/promo/store', { code, discount, max_uses: 1 });
  expect(res.json().rc, res.body).toBe(200);
  return code;
}

/** A create body for a fresh order number of this reader (one-month Plus). */
async function createBody(v: Visitor, card: string, promo?: string) {
  const p = await prepare(v);
  return {
    data: { stuff_id: 1, email: 'buyer@example.ru', order: p.order, ...(promo ? { promo } : {}) },
    cryptogram: await cryptogram(p, card),
  };
}

/** The create call over HTTP with the visitor's cookies. */
async function create(v: Visitor, body: unknown): Promise<{ rc: number; rm: string; data: any }> {
  const res = await fetch(`${base}/v3.0/payments/accounts/orders/create`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-this-is-csrf': '1',
      cookie: Object.entries(v.cookies)
        .map(([k, c]) => `${k}=${c}`)
        .join('; '),
    },
    body: JSON.stringify(body),
  });
  return res.json();
}

const ordersOf = (userId: number) =>
  queryRows<{ id: number; amount: number; status: string; reason: string | null }>(
    t.database.db,
    sql`select id, amount::int as amount, status, reason from payment_orders where user_id = ${userId} order by id`,
  );
const chargedOf = async (userId: number) =>
  (await t.database.db.select().from(ledger).where(eq(ledger.userId, userId)))
    .filter((r) => r.kind === 'charge')
    .map((r) => r.amount);

describe('a single-use 50 % code under parallel card purchases', () => {
  it('six purchases left in 3-D Secure: one order holds the discount, the rest are refused before any charge; a declined order lets it go', async () => {
    const code = await newCode(50);
    const reader = await signedIn();
    const bodies = await Promise.all(Array.from({ length: PARALLEL }, () => createBody(reader.v, SUCCESS_3DS, code)));
    const out = await Promise.all(bodies.map((b) => create(reader.v, b)));
    const held = out.filter((r) => r.rc === 200);
    expect(held.length, JSON.stringify(out)).toBe(1);
    expect(held[0].data.status).toBe('3ds');
    for (const r of out.filter((r) => r.rc !== 200)) {
      expect(r.rc, JSON.stringify(r)).toBe(409);
      expect(r.rm).toBe(messages.promoHeld);
    }
    expect((await ordersOf(reader.id)).map((o) => [o.amount, o.status])).toEqual([[HALF, 'pending']]);

    // The bank refuses the held order: the discount is free for the next purchase, which spends it.
    await pass3ds(reader.v, held[0].data, 'decline');
    const next = await create(reader.v, await createBody(reader.v, SUCCESS, code));
    expect(next.data?.status, JSON.stringify(next)).toBe('success');
    expect(await chargedOf(reader.id)).toEqual([HALF]);
    const spent = await create(reader.v, await createBody(reader.v, SUCCESS, code));
    expect(spent.rm).toBe(messages.promoAlreadyUsed);
    expect(await chargedOf(reader.id)).toEqual([HALF]);
  });

  it('six purchases paid at once: exactly one at the discount', async () => {
    const code = await newCode(50);
    const reader = await signedIn();
    const bodies = await Promise.all(Array.from({ length: PARALLEL }, () => createBody(reader.v, SUCCESS, code)));
    const out = await Promise.all(bodies.map((b) => create(reader.v, b)));
    expect(out.filter((r) => r.rc === 200).length, JSON.stringify(out)).toBe(1);
    for (const r of out.filter((r) => r.rc !== 200))
      expect([messages.promoHeld, messages.promoAlreadyUsed]).toContain(r.rm);
    expect(await chargedOf(reader.id)).toEqual([HALF]);
  });

  it('six readers at once on a code with one use: one gets it', async () => {
    const code = await newCode(50);
    const readers = await Promise.all(Array.from({ length: PARALLEL }, () => signedIn()));
    const bodies = await Promise.all(readers.map((r) => createBody(r.v, SUCCESS, code)));
    const out = await Promise.all(readers.map((r, i) => create(r.v, bodies[i])));
    expect(out.filter((r) => r.rc === 200).length, JSON.stringify(out)).toBe(1);
    for (const r of out.filter((r) => r.rc !== 200)) expect(r.rm).toBe(messages.promoUsedUp);
    const charged = (await Promise.all(readers.map((r) => chargedOf(r.id)))).flat();
    expect(charged).toEqual([HALF]);
  });

  it('a held discount expires with its order; the balance pays full price while a card order holds it', async () => {
    const code = await newCode(50);
    const reader = await signedIn();
    expect((await reader.v.post('/v3.0/payments/promo/redeem', { code })).json().rc).toBe(200);
    // No code typed: the discount redeemed on /plus is held by the order waiting in 3-D Secure.
    const waiting = await create(reader.v, await createBody(reader.v, SUCCESS_3DS));
    expect(waiting.data?.status, JSON.stringify(waiting)).toBe('3ds');
    await t.database.db.insert(ledger).values({
      userId: reader.id,
      kind: 'topup',
      amount: FULL,
      idempotencyKey: `test-topup:${crypto.randomUUID()}`,
    });
    const fromBalance = await reader.v.post('/v3.0/balance/plus', { stuff_id: 1 });
    expect(fromBalance.json().rc, fromBalance.body).toBe(200);
    expect((await reader.v.get('/v3.0/balance')).json().data.balance).toBe(0);

    // Past the hold the waiting order ends as expired; the next purchase takes the discount.
    await t.database.db
      .update(paymentOrders)
      .set({ createdAt: new Date(Date.now() - (ORDER_HOLD_MINUTES + 1) * 60_000) })
      .where(eq(paymentOrders.id, waiting.data.order_id));
    const next = await create(reader.v, await createBody(reader.v, SUCCESS));
    expect(next.data?.status, JSON.stringify(next)).toBe('success');
    expect(await chargedOf(reader.id)).toEqual([HALF]);
    const expired = (await ordersOf(reader.id)).find((o) => o.id === waiting.data.order_id)!;
    expect([expired.status, expired.reason]).toEqual(['declined', messages.paymentOrderExpired]);
    // The bank's late confirmation of the expired order charges nothing.
    const late = await pass3ds(reader.v, waiting.data, 'confirm');
    expect(late.body).toContain('data-result="error"');
    expect(await chargedOf(reader.id)).toEqual([HALF]);
  });

  it('the periodic payments task ends orders left waiting past the hold, without a new purchase to ask', async () => {
    const code = await newCode(50);
    const reader = await signedIn();
    const waiting = await create(reader.v, await createBody(reader.v, SUCCESS_3DS, code));
    expect(waiting.data?.status, JSON.stringify(waiting)).toBe('3ds');
    // Within the hold it stays waiting.
    expect((await paymentsTick(t.app.ctx)).abandoned).toBe(0);
    expect((await ordersOf(reader.id)).map((o) => o.status)).toEqual(['pending']);
    t.clock.now = new Date(Date.now() + (ORDER_HOLD_MINUTES + 1) * 60_000);
    try {
      expect((await paymentsTick(t.app.ctx)).abandoned).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.now = new Date();
    }
    expect((await ordersOf(reader.id)).map((o) => [o.status, o.reason])).toEqual([
      ['declined', messages.paymentOrderExpired],
    ]);
    // What it held is free: the reader's next purchase takes the discount.
    const next = await create(reader.v, await createBody(reader.v, SUCCESS, code));
    expect(next.data?.status, JSON.stringify(next)).toBe('success');
    expect(await chargedOf(reader.id)).toEqual([HALF]);
  });
});
