import { describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { subscriptions, subsites, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';

// The first account runs the site; useTestApp takes that seat so every test user is an ordinary one.
const { t, signedIn } = useTestApp();

const subscribePath = (id: number | string) => `/v3.0/subscribe/to/subsite/${id}`;
const unsubscribePath = (id: number | string) => `/v3.0/unsubscribe/to/subsite/${id}`;

let seq = 0;
/** A community straight in the database, as an admin tool or the seed would make it. */
async function community(values: { name?: string; subscribersCount?: number; type?: 'community' | 'company' } = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(subsites)
    .values({
      type: values.type ?? 'community',
      slug: `community-${seq}-${Date.now()}`,
      name: values.name ?? `Сообщество ${seq}`,
      description: 'Для тестов',
      subscribersCount: values.subscribersCount ?? 0,
    })
    .returning();
  return row;
}

const counterOf = async (id: number) =>
  (await t.database.db.select({ n: subsites.subscribersCount }).from(subsites).where(eq(subsites.id, id)))[0].n;
const rowsOf = async (id: number) =>
  (await t.database.db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.subsiteId, id)))[0].n;
const isRow = async (userId: number, subsiteId: number) =>
  (
    await t.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.subsiteId, subsiteId)))
  ).length === 1;
const totalRows = async () => (await t.database.db.select({ n: count() }).from(subscriptions))[0].n;

async function listed(v: Visitor, id: number) {
  const res = await v.get('/v3.0/subsites/communities?limit=100');
  expect(res.json().rc).toBe(200);
  return (res.json().data.items as { id: number; is_subscribed: boolean; subscribers_count: number }[]).find(
    (c) => c.id === id,
  );
}

const subscribedIds = async (v: Visitor) =>
  (await v.get('/v3.0/auth/check')).json().data.user.subscribed_ids as number[];

describe('GET /v3.0/subsites/communities', () => {
  it('lists communities and companies, never personal blogs, with their counters', async () => {
    const a = await community({ name: 'Кино' });
    const b = await community({ name: 'Компания Среда', type: 'company', subscribersCount: 3 });
    const { user } = await signedIn();
    const res = await new Visitor(t.app).get('/v3.0/subsites/communities?limit=100');
    expect(res.json()).toMatchObject({ rc: 200, rm: '' });
    const items = res.json().data.items as { id: number; type: string }[];
    expect(items.find((i) => i.id === a.id)).toMatchObject({
      id: a.id,
      type: 'community',
      name: 'Кино',
      url: `/s/${a.slug}`,
      description: 'Для тестов',
      avatar_color: a.avatarColor,
      subscribers_count: 0,
      is_subscribed: false,
    });
    expect(items.find((i) => i.id === b.id)).toMatchObject({ type: 'company', subscribers_count: 3 });
    expect(items.every((i) => i.type !== 'user')).toBe(true);
    expect(items.some((i) => i.id === user.id)).toBe(false);
  });

  it('orders by subscribers, most first, and honours the limit', async () => {
    await community({ subscribersCount: 1000 });
    const res = await new Visitor(t.app).get('/v3.0/subsites/communities?limit=100');
    const counts = (res.json().data.items as { subscribers_count: number }[]).map((i) => i.subscribers_count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const two = await new Visitor(t.app).get('/v3.0/subsites/communities?limit=2');
    expect(two.json().data.items).toHaveLength(2);
    expect(two.json().data.items[0].subscribers_count).toBe(counts[0]);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'other=1'])('refuses %s with a Russian 400', async (q) => {
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/subsites/communities?${q}`), 400)).toBe(true);
  });
});

describe('anonymous visitors', () => {
  it.each([
    ['subscribe', subscribePath],
    ['unsubscribe', unsubscribePath],
  ])('cannot %s: rc 401 and nothing changes', async (_l, path) => {
    const c = await community({ subscribersCount: 2 });
    const before = await totalRows();
    const res = await new Visitor(t.app).post(path(c.id));
    expect(isRussianError(res, 401)).toBe(true);
    expect(res.json().rm).toBe(messages.authRequired);
    expect(await counterOf(c.id)).toBe(2);
    expect(await totalRows()).toBe(before);
  });

  it('see every community unsubscribed', async () => {
    const c = await community();
    const { v } = await signedIn();
    await v.post(subscribePath(c.id));
    expect((await listed(new Visitor(t.app), c.id))!.is_subscribed).toBe(false);
  });
});

describe('subscribing', () => {
  it('subscribes once, however many times it is asked', async () => {
    const c = await community();
    const { v, user } = await signedIn();
    const first = await v.post(subscribePath(c.id));
    expect(first.json()).toEqual({
      rc: 200,
      rm: messages.subscribed,
      data: { subsite_id: c.id, is_subscribed: true, subscribers_count: 1, is_requested: false },
    });
    const second = await v.post(subscribePath(c.id));
    expect(second.json()).toEqual({
      rc: 200,
      rm: messages.subscribed,
      data: { subsite_id: c.id, is_subscribed: true, subscribers_count: 1, is_requested: false },
    });
    expect(await counterOf(c.id)).toBe(1);
    expect(await rowsOf(c.id)).toBe(1);
    expect(await isRow(user.id, c.id)).toBe(true);
  });

  it('counts each subscriber on top of the existing counter', async () => {
    const c = await community({ subscribersCount: 10 });
    const a = await signedIn();
    const b = await signedIn();
    expect((await a.v.post(subscribePath(c.id))).json().data.subscribers_count).toBe(11);
    expect((await b.v.post(subscribePath(c.id))).json().data.subscribers_count).toBe(12);
    expect((await a.v.post(subscribePath(c.id))).json().data.subscribers_count).toBe(12);
  });

  it('accepts a form body and no body at all', async () => {
    const c = await community();
    const { v } = await signedIn();
    const form = await v.call(subscribePath(c.id), { method: 'POST', as: 'form', body: { mode: 'raw' } });
    expect(form.json()).toMatchObject({ rc: 200, data: { is_subscribed: true, subscribers_count: 1 } });
    const bare = await v.call(unsubscribePath(c.id), { method: 'POST' });
    expect(bare.json()).toMatchObject({ rc: 200, data: { is_subscribed: false, subscribers_count: 0 } });
  });

  it("lets a reader follow another person's blog", async () => {
    const author = await signedIn();
    const { v } = await signedIn();
    const res = await v.post(subscribePath(author.user.id));
    expect(res.json()).toMatchObject({
      rc: 200,
      data: { subsite_id: author.user.id, is_subscribed: true, subscribers_count: 1, is_requested: false },
    });
    expect(await subscribedIds(v)).toContain(author.user.id);
  });

  it("refuses the reader's own blog with the catalogue message and changes nothing", async () => {
    const { v, user } = await signedIn();
    const res = await v.post(subscribePath(user.id));
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.cannotSubscribeSelf);
    expect(await counterOf(user.id)).toBe(0);
    expect(await rowsOf(user.id)).toBe(0);
    expect(await subscribedIds(v)).toEqual([]);
  });
});

describe('unsubscribing', () => {
  it('lowers the counter once; a second time is harmless', async () => {
    const c = await community({ subscribersCount: 5 });
    const { v, user } = await signedIn();
    expect((await v.post(subscribePath(c.id))).json().data.subscribers_count).toBe(6);
    const first = await v.post(unsubscribePath(c.id));
    expect(first.json()).toEqual({
      rc: 200,
      rm: messages.unsubscribed,
      data: { subsite_id: c.id, is_subscribed: false, subscribers_count: 5, is_requested: false },
    });
    const second = await v.post(unsubscribePath(c.id));
    expect(second.json()).toEqual({
      rc: 200,
      rm: messages.unsubscribed,
      data: { subsite_id: c.id, is_subscribed: false, subscribers_count: 5, is_requested: false },
    });
    expect(await counterOf(c.id)).toBe(5);
    expect(await isRow(user.id, c.id)).toBe(false);
  });

  it('does not touch the counter when the reader was never subscribed', async () => {
    const c = await community({ subscribersCount: 3 });
    const { v } = await signedIn();
    expect((await v.post(unsubscribePath(c.id))).json().data.subscribers_count).toBe(3);
    expect(await counterOf(c.id)).toBe(3);
  });

  it('never takes the counter below zero', async () => {
    const c = await community();
    const { v } = await signedIn();
    await v.post(subscribePath(c.id));
    // The counter drifted (say, an operator reset it) while the subscription row stayed.
    await t.database.db.update(subsites).set({ subscribersCount: 0 }).where(eq(subsites.id, c.id));
    const res = await v.post(unsubscribePath(c.id));
    expect(res.json()).toMatchObject({ rc: 200, data: { is_subscribed: false, subscribers_count: 0 } });
    expect(await counterOf(c.id)).toBe(0);
    expect((await v.post(unsubscribePath(c.id))).json().data.subscribers_count).toBe(0);
    expect(await counterOf(c.id)).toBe(0);
  });

  it('can be followed by subscribing again', async () => {
    const c = await community();
    const { v } = await signedIn();
    for (let i = 0; i < 3; i++) {
      expect((await v.post(subscribePath(c.id))).json().data.subscribers_count).toBe(1);
      expect((await v.post(unsubscribePath(c.id))).json().data.subscribers_count).toBe(0);
    }
    expect(await rowsOf(c.id)).toBe(0);
  });
});

describe('what the reader sees', () => {
  it('is_subscribed in the communities list follows each visitor', async () => {
    const c = await community();
    const other = await community();
    const a = await signedIn();
    const b = await signedIn();
    expect((await listed(a.v, c.id))!.is_subscribed).toBe(false);
    await a.v.post(subscribePath(c.id));
    expect(await listed(a.v, c.id)).toMatchObject({ is_subscribed: true, subscribers_count: 1 });
    expect((await listed(a.v, other.id))!.is_subscribed).toBe(false);
    expect(await listed(b.v, c.id)).toMatchObject({ is_subscribed: false, subscribers_count: 1 });
    await a.v.post(unsubscribePath(c.id));
    expect(await listed(a.v, c.id)).toMatchObject({ is_subscribed: false, subscribers_count: 0 });
  });

  it('subscribed_ids in /v3.0/auth/check follows', async () => {
    const c1 = await community();
    const c2 = await community();
    const { v } = await signedIn();
    expect(await subscribedIds(v)).toEqual([]);
    await v.post(subscribePath(c1.id));
    await v.post(subscribePath(c2.id));
    expect([...(await subscribedIds(v))].sort((x, y) => x - y)).toEqual([c1.id, c2.id].sort((x, y) => x - y));
    expect((await v.get('/v3.0/auth/check')).json().data.user.is_subsites_tuned).toBe(true);
    await v.post(unsubscribePath(c1.id));
    expect(await subscribedIds(v)).toEqual([c2.id]);
    expect((await v.get('/auth/check')).json().data.user.subscribed_ids).toEqual([c2.id]);
  });
});

describe('refused requests', () => {
  it.each([
    ['subscribe', subscribePath],
    ['unsubscribe', unsubscribePath],
  ])('%s: an unknown id is a Russian 404', async (_l, path) => {
    const { v } = await signedIn();
    const before = await totalRows();
    const res = await v.post(path(2_000_000_000));
    expect(isRussianError(res, 404)).toBe(true);
    expect(res.json().rm).toBe(messages.subsiteNotFound);
    expect(await totalRows()).toBe(before);
  });

  const badIds = [
    'abc',
    '-1',
    '0',
    '1.5',
    '99999999999999',
    '1e400',
    '1e3',
    '0x10',
    '%20',
    'NaN',
    'Infinity',
    '1;drop',
  ];
  it.each(
    badIds.flatMap((id) => [
      ['subscribe', id],
      ['unsubscribe', id],
    ]),
  )('%s: the id %j is a Russian 4xx', async (action, id) => {
    const { v } = await signedIn();
    const before = await totalRows();
    const res = await v.post(action === 'subscribe' ? subscribePath(id) : unsubscribePath(id));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(isRussianError(res, res.statusCode)).toBe(true);
    expect(await totalRows()).toBe(before);
  });

  it.each([
    ['a stray field', { subscribe: true }],
    ['a field next to mode', { mode: 'raw', user_id: 1 }],
    ['a body that is not an object', [1, 2]],
  ])('refuses %s with a Russian 400 and changes nothing', async (_l, body) => {
    const c = await community();
    const { v } = await signedIn();
    for (const path of [subscribePath, unsubscribePath]) {
      const res = await v.post(path(c.id), body);
      expect(isRussianError(res, 400)).toBe(true);
    }
    expect(await counterOf(c.id)).toBe(0);
    expect(await rowsOf(c.id)).toBe(0);
  });

  it('names the stray field', async () => {
    const c = await community();
    const { v } = await signedIn();
    const res = await v.post(subscribePath(c.id), { is_subscribed: 1 });
    expect(res.json()).toMatchObject({ rc: 400, rm: messages.unknownField('is_subscribed') });
  });

  it('refuses a request without the CSRF marker with rc 403 and changes nothing', async () => {
    const c = await community();
    const { v, user } = await signedIn();
    const res = await v.post(subscribePath(c.id), {}, { csrf: false });
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.csrf);
    expect(await counterOf(c.id)).toBe(0);
    expect(await isRow(user.id, c.id)).toBe(false);

    await v.post(subscribePath(c.id));
    const un = await v.post(unsubscribePath(c.id), {}, { csrf: false });
    expect(isRussianError(un, 403)).toBe(true);
    expect(await counterOf(c.id)).toBe(1);
    expect(await isRow(user.id, c.id)).toBe(true);
  });

  it('refuses a banned reader with a Russian 403 until the ban ends', async () => {
    const c = await community();
    const { v, user } = await signedIn();
    await v.post(subscribePath(c.id));
    const until = new Date(t.clock.now.getTime() + 24 * 3600_000);
    await t.database.db.update(users).set({ bannedUntil: until }).where(eq(users.id, user.id));

    const c2 = await community();
    const sub = await v.post(subscribePath(c2.id));
    expect(isRussianError(sub, 403)).toBe(true);
    expect(sub.json().rm).toBe(messages.banned);
    const unsub = await v.post(unsubscribePath(c.id));
    expect(isRussianError(unsub, 403)).toBe(true);
    expect(await counterOf(c2.id)).toBe(0);
    expect(await isRow(user.id, c2.id)).toBe(false);
    expect(await counterOf(c.id)).toBe(1);
    expect(await isRow(user.id, c.id)).toBe(true);

    const saved = t.clock.now;
    t.clock.now = new Date(until.getTime() + 60_000);
    try {
      expect((await v.post(subscribePath(c2.id))).json()).toMatchObject({ rc: 200, data: { is_subscribed: true } });
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('concurrency', () => {
  it('keeps the counter equal to the subscription rows under concurrent requests', async () => {
    const c = await community();
    const readers = await Promise.all(Array.from({ length: 12 }, () => signedIn()));
    // Everyone subscribes twice at once.
    const results = await Promise.all(
      readers.flatMap(({ v }) => [v.post(subscribePath(c.id)), v.post(subscribePath(c.id))]),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await rowsOf(c.id)).toBe(readers.length);
    expect(await counterOf(c.id)).toBe(readers.length);

    // Half leave (twice each) while the other half subscribe again.
    const leaving = readers.slice(0, 6);
    await Promise.all([
      ...leaving.flatMap(({ v }) => [v.post(unsubscribePath(c.id)), v.post(unsubscribePath(c.id))]),
      ...readers.slice(6).map(({ v }) => v.post(subscribePath(c.id))),
    ]);
    expect(await rowsOf(c.id)).toBe(readers.length - leaving.length);
    expect(await counterOf(c.id)).toBe(await rowsOf(c.id));
  });
});

describe('one subscription, one transaction', () => {
  /** The database refuses to move this subsite's counter: a real failure in the second write of the action. */
  async function withCounterFailing(subsiteId: number, work: () => Promise<void>) {
    const db = t.database.db;
    await db.execute(sql`create function fail_counter() returns trigger language plpgsql as $$
      begin if new.id = ${sql.raw(String(subsiteId))} then raise exception 'injected'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger fail_counter before update of subscribers_count on subsites for each row execute function fail_counter()`,
    );
    try {
      await work();
    } finally {
      await db.execute(sql`drop trigger fail_counter on subsites`);
      await db.execute(sql`drop function fail_counter()`);
    }
  }

  it('keeps neither the subscription nor the count when the counter fails, and the same for leaving', async () => {
    const c = await community();
    const { v, user } = await signedIn();
    await withCounterFailing(c.id, async () => {
      expect((await v.post(subscribePath(c.id))).statusCode).toBe(500);
    });
    expect(await isRow(user.id, c.id)).toBe(false);
    expect(await counterOf(c.id)).toBe(0);

    expect((await v.post(subscribePath(c.id))).json().rc).toBe(200);
    await withCounterFailing(c.id, async () => {
      expect((await v.post(unsubscribePath(c.id))).statusCode).toBe(500);
    });
    expect(await isRow(user.id, c.id)).toBe(true);
    expect(await counterOf(c.id)).toBe(1);
  });
});
