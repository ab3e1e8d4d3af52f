import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { mutes, subscriptions, subsites, users } from '../../db/schema.ts';
import { isRussianError, storedSettings, useTestApp, Visitor } from '../../testing/harness.ts';

/** What a reader does with a subsite besides subscribing: mute, notifications, the default feed sorting, the header. */
const { t } = useTestApp();

let seq = 0;
async function community() {
  seq += 1;
  const [row] = await t.database.db
    .insert(subsites)
    .values({
      type: 'community',
      slug: `reader-${seq}-${Date.now()}`,
      name: `Сообщество ${seq}`,
      description: 'Про кино',
    })
    .returning();
  return row;
}
async function reader() {
  const v = new Visitor(t.app);
  const { user } = await v.register();
  return { v, id: (user as { id: number }).id };
}
const db = () => t.database.db;
const muteRows = async (userId: number) =>
  (await db().select({ n: count() }).from(mutes).where(eq(mutes.userId, userId)))[0].n;
const subscription = async (userId: number, subsiteId: number) =>
  (
    await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.subsiteId, subsiteId)))
  )[0];
const settingsOf = (userId: number) => storedSettings(t, userId, 'subsites');
const ignoredIds = async (v: Visitor) => (await v.get('/v3.0/auth/check')).json().data.user.ignored_ids as number[];

describe('POST /v3.0/mute|unmute/subsite/{id}', () => {
  it('mutes once however often asked, shows in ignored_ids, and unmutes', async () => {
    const c = await community();
    const r = await reader();
    for (let i = 0; i < 2; i++) {
      expect((await r.v.post(`/v3.0/mute/subsite/${c.id}`)).json()).toEqual({
        rc: 200,
        rm: messages.subsiteMuted,
        data: { subsite_id: c.id, is_muted: true },
      });
    }
    expect(await muteRows(r.id)).toBe(1);
    expect(await ignoredIds(r.v)).toEqual([c.id]);
    for (let i = 0; i < 2; i++) {
      expect((await r.v.post(`/v3.0/unmute/subsite/${c.id}`)).json()).toEqual({
        rc: 200,
        rm: messages.subsiteUnmuted,
        data: { subsite_id: c.id, is_muted: false },
      });
    }
    expect(await muteRows(r.id)).toBe(0);
    expect(await ignoredIds(r.v)).toEqual([]);
  });

  it("ignores an author by muting their blog; never one's own blog", async () => {
    const author = await reader();
    const r = await reader();
    expect((await r.v.post(`/v3.0/mute/subsite/${author.id}`)).json().data.is_muted).toBe(true);
    const self = await r.v.post(`/v3.0/mute/subsite/${r.id}`);
    expect(isRussianError(self, 400)).toBe(true);
    expect(self.json().rm).toBe(messages.cannotMuteSelf);
    expect(await muteRows(r.id)).toBe(1);
  });

  it.each(['mute', 'unmute'])(
    '%s: anonymous 401, no CSRF 403, unknown 404, bad ids and stray fields 400; nothing changes',
    async (action) => {
      const c = await community();
      const r = await reader();
      if (action === 'unmute') await r.v.post(`/v3.0/mute/subsite/${c.id}`);
      const before = await muteRows(r.id);
      expect(isRussianError(await new Visitor(t.app).post(`/v3.0/${action}/subsite/${c.id}`), 401)).toBe(true);
      expect(isRussianError(await r.v.post(`/v3.0/${action}/subsite/${c.id}`, {}, { csrf: false }), 403)).toBe(true);
      const unknown = await r.v.post(`/v3.0/${action}/subsite/2000000000`);
      expect(isRussianError(unknown, 404)).toBe(true);
      expect(unknown.json().rm).toBe(messages.subsiteNotFound);
      for (const id of ['abc', '0', '-5', '1.5', '99999999999'])
        expect(isRussianError(await r.v.post(`/v3.0/${action}/subsite/${id}`), 400)).toBe(true);
      expect((await r.v.post(`/v3.0/${action}/subsite/${c.id}`, { user_id: 1 })).json()).toMatchObject({
        rc: 400,
        rm: messages.unknownField('user_id'),
      });
      expect(await muteRows(r.id)).toBe(before);
    },
  );

  it('a banned reader cannot mute', async () => {
    const c = await community();
    const r = await reader();
    await db()
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now.getTime() + 3600_000) })
      .where(eq(users.id, r.id));
    const res = await r.v.post(`/v3.0/mute/subsite/${c.id}`);
    expect(isRussianError(res, 403)).toBe(true);
    expect(await muteRows(r.id)).toBe(0);
  });
});

describe('POST /v3.0/notifications/subscribe|unsubscribe/subsite/{id}', () => {
  it('turns notifications on and off on a subscription', async () => {
    const c = await community();
    const r = await reader();
    await r.v.post(`/v3.0/subscribe/to/subsite/${c.id}`);
    expect((await subscription(r.id, c.id)).notify).toBe(false);
    expect((await r.v.post(`/v3.0/notifications/subscribe/subsite/${c.id}`)).json()).toEqual({
      rc: 200,
      rm: messages.notifyOn,
      data: { subsite_id: c.id, is_notify: true },
    });
    expect((await subscription(r.id, c.id)).notify).toBe(true);
    expect((await r.v.get(`/v3.0/subsite/${c.id}`)).json().data).toMatchObject({
      is_subscribed: true,
      is_notify: true,
    });
    expect((await r.v.post(`/v3.0/notifications/unsubscribe/subsite/${c.id}`)).json()).toEqual({
      rc: 200,
      rm: messages.notifyOff,
      data: { subsite_id: c.id, is_notify: false },
    });
    expect((await subscription(r.id, c.id)).notify).toBe(false);
  });

  it('needs a subscription first; unsubscribing drops the notifications with it', async () => {
    const c = await community();
    const r = await reader();
    const res = await r.v.post(`/v3.0/notifications/subscribe/subsite/${c.id}`);
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.notifyNeedsSubscription);
    expect(await subscription(r.id, c.id)).toBeUndefined();
    // Turning off what is not on is harmless.
    expect((await r.v.post(`/v3.0/notifications/unsubscribe/subsite/${c.id}`)).json().rc).toBe(200);

    await r.v.post(`/v3.0/subscribe/to/subsite/${c.id}`);
    await r.v.post(`/v3.0/notifications/subscribe/subsite/${c.id}`);
    await r.v.post(`/v3.0/unsubscribe/to/subsite/${c.id}`);
    expect(await subscription(r.id, c.id)).toBeUndefined();
    await r.v.post(`/v3.0/subscribe/to/subsite/${c.id}`);
    expect((await subscription(r.id, c.id)).notify).toBe(false);
  });

  it.each(['subscribe', 'unsubscribe'])(
    '%s: anonymous 401, no CSRF 403, unknown 404, bad id 400; nothing changes',
    async (action) => {
      const c = await community();
      const r = await reader();
      await r.v.post(`/v3.0/subscribe/to/subsite/${c.id}`);
      if (action === 'unsubscribe') await r.v.post(`/v3.0/notifications/subscribe/subsite/${c.id}`);
      const before = (await subscription(r.id, c.id)).notify;
      const path = `/v3.0/notifications/${action}/subsite`;
      expect(isRussianError(await new Visitor(t.app).post(`${path}/${c.id}`), 401)).toBe(true);
      expect(isRussianError(await r.v.post(`${path}/${c.id}`, {}, { csrf: false }), 403)).toBe(true);
      expect(isRussianError(await r.v.post(`${path}/2000000000`), 404)).toBe(true);
      expect(isRussianError(await r.v.post(`${path}/x`), 400)).toBe(true);
      expect(isRussianError(await r.v.post(`${path}/${c.id}`, { notify: 1 }), 400)).toBe(true);
      expect((await subscription(r.id, c.id)).notify).toBe(before);
    },
  );
});

describe('POST /v3.0/subsite/save_default_sorting_for_feed/{type}', () => {
  it.each(['hotness', 'date', 'day', 'week', 'month', 'year', 'all'])(
    "saves %s in the reader's subsites settings, keeping other modules' settings",
    async (type) => {
      const r = await reader();
      await r.v.post('/v3.0/messenger/settings', { write: 'nobody' });
      const res = await r.v.post(`/v3.0/subsite/save_default_sorting_for_feed/${type}`);
      expect(res.json()).toEqual({ rc: 200, rm: messages.sortingSaved, data: { sorting: type } });
      expect(await settingsOf(r.id)).toEqual({ feed_sorting: type });
      expect(await storedSettings(t, r.id, 'messenger')).toMatchObject({ write: 'nobody' });
    },
  );

  it('refuses an unknown sorting, anonymous visitors and a missing CSRF marker', async () => {
    const r = await reader();
    for (const type of ['popular', 'HOTNESS', '1', '%27%3B']) {
      const res = await r.v.post(`/v3.0/subsite/save_default_sorting_for_feed/${type}`);
      expect(isRussianError(res, 400)).toBe(true);
      expect(res.json().rm).toBe(messages.feedSortingInvalid);
    }
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/subsite/save_default_sorting_for_feed/date'), 401)).toBe(
      true,
    );
    expect(
      isRussianError(await r.v.post('/v3.0/subsite/save_default_sorting_for_feed/date', {}, { csrf: false }), 403),
    ).toBe(true);
    expect(
      isRussianError(await r.v.post('/v3.0/subsite/save_default_sorting_for_feed/date', { sorting: 'date' }), 400),
    ).toBe(true);
    expect(await settingsOf(r.id)).toEqual({});
  });
});

describe('GET /v3.0/subsite/{id}', () => {
  it("answers the header with the reader's relation to it", async () => {
    const c = await community();
    const r = await reader();
    const anon = await new Visitor(t.app).get(`/v3.0/subsite/${c.id}`);
    expect(anon.json()).toMatchObject({
      rc: 200,
      data: {
        id: c.id,
        type: 'community',
        name: c.name,
        url: `/s/${c.slug}`,
        slug: c.slug,
        description: 'Про кино',
        cover_url: null,
        subscribers_count: 0,
        is_subscribed: false,
        is_muted: false,
        is_notify: false,
        is_mine: false,
        is_private: false,
        entries_count: 0,
      },
    });
    await r.v.post(`/v3.0/subscribe/to/subsite/${c.id}`);
    await r.v.post(`/v3.0/mute/subsite/${c.id}`);
    expect((await r.v.get(`/v3.0/subsite/${c.id}`)).json().data).toMatchObject({
      is_subscribed: true,
      is_muted: true,
      subscribers_count: 1,
    });
    expect((await r.v.get(`/v3.0/subsite/${r.id}`)).json().data).toMatchObject({ type: 'user', is_mine: true });
  });

  it('an unknown or malformed id is a Russian 4xx', async () => {
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/subsite/2000000000'), 404)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/subsite/abc'), 400)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/subsite/1?x=1'), 400)).toBe(true);
  });
});
