import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/index.ts';
import {
  entries,
  ledger,
  outbox,
  paymentCharges,
  paymentOrders,
  paymentSubscriptions,
  subscriptions,
  subsites,
  users,
} from '../../db/schema.ts';
import { isRussianError, useTestApp, type Visitor } from '../../testing/harness.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { chargeDueSubscriptions } from './service.ts';
import { balanceOf, postLedger } from './ledger.ts';
import { buy, cryptogram, DECLINE, handedResult, pass3ds, prepare, SUCCESS, SUCCESS_3DS } from './testing.ts';
import { ACS_TRIES } from './test-cashier.ts';
import { jobsOf } from '../../jobs/queue.ts';

const { t, staff, signedIn } = useTestApp();

const ledgerOf = async (userId: number) =>
  (await t.database.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(ledger.id)).map((r) => [
    r.kind,
    r.amount,
  ]);
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const chargesOf = async (userId: number) =>
  queryRows<{ status: string }>(
    t.database.db,
    sql`select c.status from payment_charges c join payment_orders o on o.id = c.order_id where o.user_id = ${userId}`,
  );

describe('buying Plus with the test cashier', () => {
  it('prepare names the products, the cashier and its key, the email and a fresh order number', async () => {
    const { v, user } = await signedIn();
    const p = await prepare(v);
    expect(p.stuff.map((s) => [s.stuff_id, s.price])).toEqual([
      [18, 7500],
      [1, 9900],
      [2, 22900],
      [3, 74900],
    ]);
    expect(p.cashier.type).toBe('test');
    expect(p.cp_public.key.length).toBeGreaterThan(100);
    expect(p.user_email).toMatch(/@example\.ru$/);
    expect(p.order).not.toBe((await prepare(v)).order);
    expect(user.id).toBeGreaterThan(0);
    expect(
      (
        await new (await import('../../testing/harness.ts')).Visitor(t.app).get(
          '/v3.0/payments/accounts/orders/prepare',
        )
      ).statusCode,
    ).toBe(401);
  });

  it('the README command makes a cryptogram that pays a prepared order', async () => {
    const { v } = await signedIn();
    const p = await prepare(v);
    const { execFileSync } = await import('node:child_process');
    const made = execFileSync(process.execPath, ['scripts/cryptogram.ts', '--card', SUCCESS, '--order', p.order], {
      encoding: 'utf8',
    }).trim();
    const res = await v.post('/v3.0/payments/accounts/orders/create', {
      data: { stuff_id: 1, email: 'cli@example.ru', order: p.order },
      cryptogram: made,
    });
    expect(res.json().data.status, res.body).toBe('success');
  });

  it('a card without 3-D Secure pays at once: Plus for 30 days, charge +99 ₽ and order −99 ₽, balance 0', async () => {
    const { v, id } = await signedIn();
    const { res } = await buy(v, 1, SUCCESS);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('success');
    const u = await userRow(id);
    expect(u.isPaid).toBe(true);
    expect(Math.round((u.paidUntil!.getTime() - t.clock.now.getTime()) / 86_400_000)).toBe(30);
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
    ]);
    expect(await balanceOf(t.app.ctx, id)).toBe(0);
    const charge = (
      await t.database.db
        .select()
        .from(paymentCharges)
        .innerJoin(paymentOrders, eq(paymentOrders.id, paymentCharges.orderId))
        .where(eq(paymentOrders.userId, id))
    )[0];
    expect(charge.payment_charges.cardLast4).toBe('1881');
    // The site never stored the card number, only its last four digits.
    const dump = JSON.stringify(
      await queryRows(
        t.database.db,
        sql`select * from payment_orders o join payment_charges c on c.order_id = o.id where o.user_id = ${id}`,
      ),
    );
    expect(dump).not.toContain(SUCCESS);
  });

  it('a double submit of one order charges once and answers success again', async () => {
    const { v, id } = await signedIn();
    const { body, res } = await buy(v, 2, SUCCESS);
    expect(res.json().data.status).toBe('success');
    const again = await v.post('/v3.0/payments/accounts/orders/create', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order_id).toBe(res.json().data.order_id);
    expect(await chargesOf(id)).toHaveLength(1);
    expect(await ledgerOf(id)).toEqual([
      ['charge', 22900],
      ['order', -22900],
    ]);
    expect(Math.round(((await userRow(id)).paidUntil!.getTime() - t.clock.now.getTime()) / 86_400_000)).toBe(90);
  });

  it('50 concurrent creates of one order charge the card once', async () => {
    const { v, id } = await signedIn();
    const p = await prepare(v);
    const body = {
      data: { stuff_id: 3, email: 'a@example.ru', order: p.order },
      cryptogram: await cryptogram(p, SUCCESS),
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => v.post('/v3.0/payments/accounts/orders/create', body)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(codes).toContain(200);
    expect(await chargesOf(id)).toHaveLength(1);
    expect(await ledgerOf(id)).toEqual([
      ['charge', 74900],
      ['order', -74900],
    ]);
  });

  it('a declined card: 400 with the provider reason in Russian, no ledger row, no Plus', async () => {
    const { v, id } = await signedIn();
    const { res } = await buy(v, 1, DECLINE);
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.paymentInsufficientFunds);
    expect(await ledgerOf(id)).toEqual([]);
    expect((await userRow(id)).isPaid).toBe(false);
    expect(await chargesOf(id)).toEqual([{ status: 'declined' }]);
  });

  it('3-D Secure success: the bank page, term_url hands {ok: true} to the checkout, Plus and the recurring subscription', async () => {
    const { v, id } = await signedIn();
    const { res } = await buy(v, 18, SUCCESS_3DS);
    const data = res.json().data;
    expect(data.status).toBe('3ds');
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['AcsUrl', 'PaReq', 'TransactionId', 'term_url', 'site_email']),
    );
    expect((await userRow(id)).isPaid).toBe(false);
    const term = await pass3ds(v, data, 'confirm');
    expect(term.body).toContain('data-result="success"');
    expect(handedResult(term.body, data.TransactionId)).toEqual({ ok: true });
    expect((await userRow(id)).isPaid).toBe(true);
    expect(await ledgerOf(id)).toEqual([
      ['charge', 7500],
      ['order', -7500],
    ]);
    const sub = (await t.database.db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.userId, id)))[0];
    expect(sub.status).toBe('active');
    expect(sub.price).toBe(7500);
    // The bank's answer posted twice is applied once.
    const again = await pass3ds(v, data, 'confirm');
    expect(again.body).toContain('data-result="success"');
    expect(await ledgerOf(id)).toHaveLength(2);
    const status = (await v.get('/v3.0/payments/plus')).json().data;
    expect(status.is_paid).toBe(true);
    expect(status.recurring.price).toBe(7500);
  });

  it('3-D Secure failure (declined in the bank window, wrong codes to the last try): the refusal handed over, no ledger row', async () => {
    for (const [decision, code, tries] of [
      ['decline', '4242', 0],
      ['confirm', '0000', ACS_TRIES - 1],
    ] as const) {
      const { v, id } = await signedIn();
      const { res } = await buy(v, 1, SUCCESS_3DS);
      const data = res.json().data;
      const term = await pass3ds(v, data, decision, code, tries);
      expect(term.body).toContain('data-result="error"');
      expect(handedResult(term.body, data.TransactionId)).toEqual({ ok: false, error: messages.payment3dsFailed });
      expect(await ledgerOf(id)).toEqual([]);
      expect((await userRow(id)).isPaid).toBe(false);
    }
  });

  it('a wrong code in the bank window is asked again, with the tries left; the right one then pays', async () => {
    const { v, id } = await signedIn();
    const data = (await buy(v, 1, '2200000000000004')).res.json().data;
    const fields = { PaReq: data.PaReq, MD: data.TransactionId, TermUrl: data.term_url };
    const acs = new URL(data.AcsUrl).pathname;
    const again = await v.post(acs, { ...fields, code: '1111', decision: 'confirm' }, { as: 'form', csrf: false });
    expect(again.body).toContain(ui.payments.acsWrongCode(ACS_TRIES - 1));
    expect(again.body).not.toContain('PaRes');
    expect(again.body).toContain('name="tries" value="1"');
    const term = await pass3ds(v, data, 'confirm', '4242', 1);
    expect(handedResult(term.body, data.TransactionId)).toEqual({ ok: true });
    expect((await userRow(id)).isPaid).toBe(true);
  });

  it('3-D Secure card that the bank then declines: its reason handed to the checkout', async () => {
    const { v, id } = await signedIn();
    const data = (await buy(v, 1, '4000056655665556')).res.json().data;
    const term = await pass3ds(v, data, 'confirm');
    expect(handedResult(term.body, data.TransactionId)).toEqual({
      ok: false,
      error: messages.paymentInsufficientFunds,
    });
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('bad input: 4xx in Russian and nothing stored', async () => {
    const { v, id } = await signedIn();
    const other = await signedIn();
    const p = await prepare(v);
    const good = await cryptogram(p, SUCCESS);
    const cases: unknown[] = [
      { data: { stuff_id: 99, email: 'a@example.ru', order: p.order }, cryptogram: good },
      { data: { stuff_id: -1, email: 'a@example.ru', order: p.order }, cryptogram: good },
      { data: { stuff_id: 1e12, email: 'a@example.ru', order: p.order }, cryptogram: good },
      { data: { stuff_id: '1', email: 'not an email', order: p.order }, cryptogram: good },
      { data: { stuff_id: 1, email: 'a@example.ru', order: p.order, amount: -1 }, cryptogram: good },
      { data: { stuff_id: 1, email: 'a@example.ru', order: p.order }, cryptogram: good, amount: 1e12 },
      { data: { stuff_id: 1, email: 'a@example.ru', order: 'x' }, cryptogram: good },
      { data: { stuff_id: 1, email: 'a@example.ru', order: null }, cryptogram: good },
      { data: { stuff_id: 1, email: 'a@example.ru', order: p.order } },
      { data: { stuff_id: 1, email: 'a@example.ru', order: p.order }, cryptogram: 12 },
      { data: { stuff_id: 1, email: 'a@example.ru', order: p.order, gift_to: id }, cryptogram: good },
      { data: { stuff_id: 1, email: 'a@example.ru', order: p.order, gift_to: 2 ** 31 - 2 }, cryptogram: good },
      { data: { stuff_id: 18, email: 'a@example.ru', order: p.order, gift_to: other.id }, cryptogram: good },
      'stuff_id=1',
    ];
    for (const body of cases) {
      const res = await v.post('/v3.0/payments/accounts/orders/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(/[А-Яа-яЁё]/.test(res.json().rm), res.body).toBe(true);
    }
    // Someone else's order number.
    const theirs = await prepare(other.v);
    const foreign = await v.post('/v3.0/payments/accounts/orders/create', {
      data: { stuff_id: 1, email: 'a@example.ru', order: theirs.order },
      cryptogram: await cryptogram(theirs, SUCCESS),
    });
    expect(isRussianError(foreign, 400)).toBe(true);
    expect(foreign.json().rm).toBe(messages.paymentOrderInvalid);
    // A cryptogram made for another order.
    const second = await prepare(v);
    const mixed = await v.post('/v3.0/payments/accounts/orders/create', {
      data: { stuff_id: 1, email: 'a@example.ru', order: second.order },
      cryptogram: await cryptogram(p, SUCCESS),
    });
    expect(isRussianError(mixed, 400)).toBe(true);
    expect(mixed.json().rm).toBe(messages.paymentCryptogramOtherOrder);
    // A broken cryptogram.
    const third = await prepare(v);
    const broken = await v.post('/v3.0/payments/accounts/orders/create', {
      data: { stuff_id: 1, email: 'a@example.ru', order: third.order },
      cryptogram: 'bm90IGEgcGFja2V0',
    });
    expect(isRussianError(broken, 400)).toBe(true);
    expect(await ledgerOf(id)).toEqual([]);
    expect(await chargesOf(id)).toEqual([]);
    expect((await userRow(id)).isPaid).toBe(false);
    // No CSRF marker: refused.
    expect((await v.post('/v3.0/payments/accounts/orders/create', cases[0], { csrf: false })).statusCode).toBe(403);
  });

  it('the ledger refuses fractions of a kopeck and stores a keyed row once', async () => {
    const { id } = await signedIn();
    await expect(
      postLedger(t.app.ctx, { userId: id, kind: 'topup', amount: 0.5, idempotencyKey: 'x:frac' }),
    ).rejects.toThrow();
    expect(await postLedger(t.app.ctx, { userId: id, kind: 'topup', amount: 100, idempotencyKey: `t:${id}` })).toBe(
      true,
    );
    expect(await postLedger(t.app.ctx, { userId: id, kind: 'topup', amount: 100, idempotencyKey: `t:${id}` })).toBe(
      false,
    );
    expect(await balanceOf(t.app.ctx, id)).toBe(100);
  });

  it('bank info from the card prefix', async () => {
    const { v } = await signedIn();
    const known = await v.post('/v3.0/payments/bank/info', { card_prefix: '424242' });
    expect(known.json().data).toEqual({ is_unknown: false, color: '#6b7cff', name: 'Тестовый банк' });
    expect((await v.post('/v3.0/payments/bank/info', { card_prefix: '999999' })).json().data.is_unknown).toBe(true);
    for (const card_prefix of ['abc', '42424', '4242424', 424242, '']) {
      const res = await v.post('/v3.0/payments/bank/info', { card_prefix });
      expect(isRussianError(res, 400), String(card_prefix)).toBe(true);
    }
  });

  it('a reader buys Plus as a gift for another: the receiver gets it and a notification', async () => {
    const { v, id } = await signedIn();
    const friend = await signedIn();
    const { res } = await buy(v, 1, SUCCESS, { gift_to: friend.id });
    expect(res.json().data.status).toBe('success');
    expect((await userRow(friend.id)).isPaid).toBe(true);
    expect((await userRow(id)).isPaid).toBe(false);
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
    ]);
    await jobsOf(t.app.ctx).drain(); // the notice is a job queued with the change
    const n = (await friend.v.get('/v3.0/notifications')).json().data;
    expect(JSON.stringify(n)).toContain('Плюс');
  });

  it('after buying, a vote in a private subsite goes through (402 before)', async () => {
    const { v, id: voterId } = await signedIn();
    const author = await signedIn();
    const [club] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', slug: `club-${Date.now()}`, name: 'Закрытый клуб', isPrivate: true })
      .returning();
    const [entry] = await t.database.db
      .insert(entries)
      .values({
        subsiteId: club.id,
        authorId: author.id,
        title: 'Запись',
        slug: 'zapis',
        blocks: [],
        isPublished: true,
        publishedAt: new Date(),
      })
      .returning();
    // A member of the club (subscribed): outsiders do not see its entries at all.
    await t.database.db.insert(subscriptions).values({ userId: voterId, subsiteId: club.id });
    const before = await v.post('/v3.0/like', { id: entry.id, type: 'content', sign: 1 });
    expect(isRussianError(before, 402)).toBe(true);
    await buy(v, 1, SUCCESS);
    const after = await v.post('/v3.0/like', { id: entry.id, type: 'content', sign: 1 });
    expect(after.statusCode).toBe(200);
  });
});

describe('recurring Plus (tariff 18)', () => {
  async function subscriber() {
    const u = await signedIn();
    const { res } = await buy(u.v, 18, SUCCESS_3DS);
    await pass3ds(u.v, res.json().data, 'confirm');
    const sub = (
      await t.database.db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.userId, u.id))
    )[0];
    return { ...u, sub };
  }
  const at = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000 + 1000);

  it('charges every 30 days by the job: Plus runs on and the next date moves 30 days', async () => {
    const { id, sub } = await subscriber();
    const start = t.clock.now;
    try {
      t.clock.now = at(sub.dateNextTransaction, 0);
      await chargeDueSubscriptions(t.app.ctx);
      await chargeDueSubscriptions(t.app.ctx); // a second run finds nothing due
      const after = (
        await t.database.db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.id, sub.id))
      )[0];
      expect(after.dateNextTransaction.getTime() - sub.dateNextTransaction.getTime()).toBe(30 * 86_400_000);
      expect(await ledgerOf(id)).toEqual([
        ['charge', 7500],
        ['order', -7500],
        ['charge', 7500],
        ['order', -7500],
      ]);
      expect((await userRow(id)).paidUntil!.getTime()).toBeGreaterThan(t.clock.now.getTime() + 29 * 86_400_000);
    } finally {
      t.clock.now = start;
    }
  });

  it('a declined charge is retried on days 1, 3 and 5 with a letter each time; then Plus ends', async () => {
    const { id, sub } = await subscriber();
    // The test cashier declines a saved card's charge of an amount ending in 13 kopecks.
    await t.database.db.update(paymentSubscriptions).set({ price: 7513 }).where(eq(paymentSubscriptions.id, sub.id));
    const start = t.clock.now;
    const due = sub.dateNextTransaction;
    try {
      for (const [day, failures] of [
        [0, 1],
        [1, 2],
        [3, 3],
        [5, 4],
      ] as const) {
        t.clock.now = at(due, day);
        await chargeDueSubscriptions(t.app.ctx);
        const row = (
          await t.database.db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.id, sub.id))
        )[0];
        expect(row.failures).toBe(failures);
        expect(row.status).toBe(failures < 4 ? 'active' : 'failed');
        // Plus stays while tries are left.
        expect((await userRow(id)).isPaid).toBe(failures < 4);
      }
      const letters = await t.database.db.select().from(outbox).where(eq(outbox.to, 'buyer@example.ru'));
      expect(letters.filter((l) => l.subject === messages.paymentRecurringFailedMail).length).toBeGreaterThanOrEqual(4);
      expect(await ledgerOf(id)).toEqual([
        ['charge', 7500],
        ['order', -7500],
      ]);
    } finally {
      t.clock.now = start;
    }
  });

  it('cancel with a reason: no more charges, Plus runs to the end of the paid period', async () => {
    const { v, id, sub } = await subscriber();
    const res = await v.post('/v3.0/payments/recurring/cancel', { reason: 'Дорого' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.recurring).toBeNull();
    expect(res.json().data.is_paid).toBe(true);
    expect(isRussianError(await v.post('/v3.0/payments/recurring/cancel', { reason: '' }), 404)).toBe(true);
    expect(isRussianError(await v.post('/v3.0/payments/recurring/cancel', { reason: 'я'.repeat(1001) }), 400)).toBe(
      true,
    );
    const start = t.clock.now;
    try {
      t.clock.now = at(sub.dateNextTransaction, 0);
      await chargeDueSubscriptions(t.app.ctx);
      const { expirePlus } = await import('./ledger.ts');
      await expirePlus(t.app.ctx);
      expect((await userRow(id)).isPaid).toBe(false);
      expect(await ledgerOf(id)).toHaveLength(2);
    } finally {
      t.clock.now = start;
    }
  });
});

describe('staff: gifts, history and refunds', () => {
  it('staff gift Plus for a month, three months or a year; others may not; bad periods refused', async () => {
    const { id } = await signedIn();
    const res = await staff.post('/v3.0/payments/gift', { user_id: id, days: 90 });
    expect(res.statusCode).toBe(200);
    expect((await userRow(id)).isPaid).toBe(true);
    expect(await ledgerOf(id)).toEqual([['gift', 0]]);
    const reader = await signedIn();
    expect(isRussianError(await reader.v.post('/v3.0/payments/gift', { user_id: id, days: 30 }), 403)).toBe(true);
    for (const body of [
      { user_id: id, days: 7 },
      { user_id: id, days: -1 },
      { user_id: id, days: 1e12 },
      { user_id: 'x', days: 30 },
      { user_id: id, days: 30, extra: 1 },
    ]) {
      expect(isRussianError(await staff.post('/v3.0/payments/gift', body), 400), JSON.stringify(body)).toBe(true);
    }
    expect(isRussianError(await staff.post('/v3.0/payments/gift', { user_id: 2 ** 31 - 2, days: 30 }), 404)).toBe(true);
  });

  /** A community `owner` manages, `ageDays` old with `subscribers` counted, and `members` subscribed. */
  const community = async (owner: number, members: number[], ageDays = 365, subscribers = 500) => {
    const [club] = await t.database.db
      .insert(subsites)
      .values({
        type: 'community',
        slug: `own-${owner}-${Date.now()}`,
        name: 'Клуб',
        subscribersCount: subscribers,
        createdAt: new Date(t.clock.now.getTime() - ageDays * 86_400_000),
      })
      .returning();
    await queryRows(
      t.database.db,
      sql`insert into subsite_roles (subsite_id, user_id, role) values (${club.id}, ${owner}, 'owner')`,
    );
    for (const m of members)
      await queryRows(t.database.db, sql`insert into subscriptions (user_id, subsite_id) values (${m}, ${club.id})`);
    return club;
  };
  const gift = (v: Visitor, id: number, days = 30) => v.post('/v3.0/payments/gift', { user_id: id, days });

  it('a community manager gifts members of their community only, within the limit; the row names the giver', async () => {
    const owner = await signedIn();
    const member = await signedIn();
    const stranger = await signedIn();
    const others = [await signedIn(), await signedIn(), await signedIn(), await signedIn(), await signedIn()];
    await community(owner.id, [member.id, ...others.map((o) => o.id)]);
    const check = async (id: number) => (await owner.v.get(`/v3.0/payments/gift/check/${id}`)).json().data.can_gift;
    expect(await check(member.id)).toBe(true);
    expect(await check(stranger.id)).toBe(false);
    expect(await check(owner.id)).toBe(false);

    const denied = await owner.v.post('/v3.0/payments/gift', { user_id: stranger.id, days: 30 });
    expect(isRussianError(denied, 403)).toBe(true);
    expect(denied.json().rm).toBe(messages.paymentGiftNotMember);
    expect((await userRow(stranger.id)).isPaid).toBe(false);

    expect((await owner.v.post('/v3.0/payments/gift', { user_id: member.id, days: 365 })).statusCode).toBe(200);
    expect((await userRow(member.id)).isPaid).toBe(true);
    const [row] = await t.database.db.select().from(ledger).where(eq(ledger.userId, member.id));
    expect(row).toMatchObject({ kind: 'gift', amount: 0 });
    expect(row.note).toBe(messages.paymentGiftNote(owner.id, 'Клуб'));
    const [order] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, row.orderId!));
    expect(order).toMatchObject({ userId: owner.id, recipientId: member.id, kind: 'gift', status: 'paid' });
    await jobsOf(t.app.ctx).drain(); // the notice is a job queued with the change
    const notes = await queryRows<{ text: string }>(
      t.database.db,
      sql`select coalesce(data->>'text', '') as text from notifications where user_id = ${member.id}`,
    );
    expect(JSON.stringify(notes)).toContain('Клуб');

    // The receiver's limit: GIFT_RECIPIENT_MAX_DAYS gifted days a year, then a 429 and nothing stored.
    const before = (await ledgerOf(member.id)).length;
    const full = await gift(owner.v, member.id);
    expect(isRussianError(full, 429)).toBe(true);
    expect(full.json().rm).toBe(messages.paymentGiftRecipientLimit);
    expect(await ledgerOf(member.id)).toHaveLength(before);
    // The giver's limit: GIFT_MANAGER_LIMIT gifts in 30 days (the refused one above is not counted).
    for (const o of others.slice(0, 4)) expect((await gift(owner.v, o.id)).statusCode).toBe(200);
    const many = await gift(owner.v, others[4].id);
    expect(isRussianError(many, 429)).toBe(true);
    expect(many.json().rm).toBe(messages.paymentGiftLimit);
    // Staff have no limit.
    expect((await staff.post('/v3.0/payments/gift', { user_id: member.id, days: 30 })).statusCode).toBe(200);
  });

  it('a fresh or small community gives no free Plus: two new accounts cannot gift each other a year five times', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await community(a.id, [b.id], 0, 1);
    expect((await a.v.get(`/v3.0/payments/gift/check/${b.id}`)).json().data.can_gift).toBe(false);
    for (let i = 0; i < 5; i++) {
      const res = await gift(a.v, b.id, 365);
      expect(isRussianError(res, 403)).toBe(true);
      expect(res.json().rm).toBe(messages.paymentGiftCommunityTooSmall);
    }
    expect((await userRow(b.id)).isPaid).toBe(false);
    // Old but small, or big but new: still no.
    const c = await signedIn();
    await community(c.id, [b.id], 365, 3);
    expect(isRussianError(await gift(c.v, b.id), 403)).toBe(true);
    const d = await signedIn();
    await community(d.id, [b.id], 5, 5000);
    expect(isRussianError(await gift(d.v, b.id), 403)).toBe(true);
    expect(await ledgerOf(b.id)).toEqual([]);
  });

  it("gifts from several managers at once cannot pass the receiver's limit", async () => {
    const receiver = await signedIn();
    const managers = await Promise.all([1, 2, 3, 4].map(() => signedIn()));
    for (const m of managers) await community(m.id, [receiver.id]);
    const answers = await Promise.all(managers.map((m) => gift(m.v, receiver.id, 365)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
    const days = Math.round(((await userRow(receiver.id)).paidUntil!.getTime() - t.clock.now.getTime()) / 86_400_000);
    expect(days).toBe(365);
  });

  it('history for the reader, the staff list, and a refund that takes Plus back', async () => {
    const { v, id } = await signedIn();
    const { res } = await buy(v, 1, SUCCESS);
    const orderId = res.json().data.order_id;
    const mine = (await v.get('/v3.0/payments/history')).json().data;
    expect(mine).toMatchObject([{ id: orderId, status: 'paid', amount: 9900, card_last4: '1881' }]);
    const all = (await staff.get('/v3.0/payments/admin/orders')).json().data;
    expect(all.some((o: { id: number }) => o.id === orderId)).toBe(true);
    expect(isRussianError(await v.get('/v3.0/payments/admin/orders'), 403)).toBe(true);
    expect(isRussianError(await v.post('/v3.0/payments/admin/refund', { order_id: orderId }), 403)).toBe(true);

    const refund = await staff.post('/v3.0/payments/admin/refund', { order_id: orderId });
    expect(refund.statusCode).toBe(200);
    expect((await userRow(id)).isPaid).toBe(false);
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
      ['refund', 9900],
      ['refund', -9900],
    ]);
    expect(await balanceOf(t.app.ctx, id)).toBe(0);
    expect(isRussianError(await staff.post('/v3.0/payments/admin/refund', { order_id: orderId }), 400)).toBe(true);
    expect(isRussianError(await staff.post('/v3.0/payments/admin/refund', { order_id: 2 ** 31 - 2 }), 404)).toBe(true);
    expect(isRussianError(await staff.post('/v3.0/payments/admin/refund', { order_id: -1 }), 400)).toBe(true);
    expect(await ledgerOf(id)).toHaveLength(4);
  });
});

describe('card payments of other kinds (billing)', () => {
  it('a top-up through payByCard: charge +X stays on the balance; amounts below a kopeck or fractions refused', async () => {
    const { payByCard, onOrderPaid } = await import('./index.ts');
    const seen: number[] = [];
    onOrderPaid(t.app.ctx, 'topup', async (_ctx, order) => void seen.push(order.amount));
    const { v, id } = await signedIn();
    const me = (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
    const user = { ...me, name: '', loginMethod: 'email' } as never;
    for (const amount of [-1, 0, 0.5, 1e20]) {
      const p = await prepare(v);
      await expect(
        payByCard(t.app.ctx, user, {
          kind: 'topup',
          stuffId: null,
          amount,
          recipientId: null,
          email: 'a@example.ru',
          order: p.order,
          cryptogram: await cryptogram(p, SUCCESS),
          ip: '127.0.0.1',
          description: 'Пополнение',
        }),
      ).rejects.toMatchObject({ rc: 400 });
    }
    const p = await prepare(v);
    const input = {
      kind: 'topup',
      stuffId: null,
      amount: 50000,
      recipientId: null,
      email: 'a@example.ru',
      order: p.order,
      cryptogram: await cryptogram(p, SUCCESS),
      ip: '127.0.0.1',
      description: 'Пополнение',
    };
    expect((await payByCard(t.app.ctx, user, input)).status).toBe('success');
    expect((await payByCard(t.app.ctx, user, input)).status).toBe('success');
    expect(seen).toEqual([50000]);
    expect(await ledgerOf(id)).toEqual([['charge', 50000]]);
    expect(await balanceOf(t.app.ctx, id)).toBe(50000);
    expect((await userRow(id)).isPaid).toBe(false);
  });
});
