import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { entries, entryReviews, feedPins, subsiteRoles, subsites, users } from '../../db/schema.ts';
import { isRussianError, newUser, seasonedUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

const { t, staff } = useTestApp();

async function moderator() {
  const u = await newUser(t.app, 'Модератор');
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, u.id));
  return u;
}
const feedIds = async (v: Visitor, query: string) =>
  (await v.get(`/v3.0/feed?${query}`))
    .json()
    .data.items.map((i: { id: number; is_pinned?: boolean }) => (i.is_pinned ? `pinned:${i.id}` : i.id));
const expectError = async (res: Promise<{ statusCode: number; json(): any; body: string }>, rc: number) => {
  const r = await res;
  expect(isRussianError(r, rc), r.body.slice(0, 300)).toBe(true);
};

describe('entry pins to a feed', () => {
  it('pinned first in its subsite feed and on the main feed (not on /new, by date), once; replaced, unpinned; managers pin their own', async () => {
    const author = await seasonedUser(t, 'Автор');
    const [s] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', slug: 'zakrep', name: 'Закреп', posting: 'everyone' })
      .returning({ id: subsites.id });
    const owner = await newUser(t.app, 'Владелец');
    await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: owner.id, role: 'owner' });
    const old = await savedEntry(author.v, { title: 'Старая', entry: [text('т')], is_published: 1, subsite_id: s.id });
    const fresh = await savedEntry(author.v, { title: 'Новая', entry: [text('т')], is_published: 1, subsite_id: s.id });
    const reader = new Visitor(t.app);
    expect(await feedIds(reader, `subsite_id=${s.id}&sorting=date`)).toEqual([fresh.id, old.id]);

    const pin = await owner.v.post('/v3.0/admin/content/pin', { content_id: old.id, subsite_id: s.id });
    expect(pin.json().rc, pin.body).toBe(200);
    expect(pin.json().rm).toBe(messages.feedPinDone);
    expect(await feedIds(reader, `subsite_id=${s.id}&sorting=date`)).toEqual([`pinned:${old.id}`, fresh.id]);
    // The next page never repeats it.
    const first = (await reader.get(`/v3.0/feed?subsite_id=${s.id}&sorting=date&count=1`)).json().data;
    const next = (
      await reader.get(
        `/v3.0/feed?subsite_id=${s.id}&sorting=date&last_id=${first.last_id}&last_sorting_value=${first.last_sorting_value}`,
      )
    ).json().data;
    expect(first.items.map((i: { id: number }) => i.id)).toEqual([old.id, fresh.id]);
    expect(next.items.map((i: { id: number }) => i.id)).not.toContain(old.id);

    // The main feed is staff's.
    await expectError(owner.v.post('/v3.0/admin/content/pin', { content_id: fresh.id, subsite_id: 0 }), 403);
    expect((await staff.post('/v3.0/admin/content/pin', { content_id: old.id, subsite_id: 0 })).json().rc).toBe(200);
    expect((await feedIds(reader, 'sorting=hotness'))[0]).toBe(`pinned:${old.id}`);
    // `/new`, the main feed by date, keeps every entry at its own time: no pin on top there.
    const byDate = await feedIds(reader, 'sorting=date');
    expect(byDate).not.toContain(`pinned:${old.id}`);
    expect(byDate.indexOf(old.id)).toBeGreaterThan(byDate.indexOf(fresh.id));
    // The same for a signed-in reader (with production caches their first page comes from the shared window: feed/cache.test.ts).
    expect((await feedIds(author.v, 'sorting=hotness'))[0]).toBe(`pinned:${old.id}`);
    expect(await feedIds(author.v, 'sorting=date')).not.toContain(`pinned:${old.id}`);

    const replaced = await staff.post('/v3.0/admin/content/pin', { content_id: fresh.id, subsite_id: s.id });
    expect(replaced.json().data.unpinned_id).toBe(old.id);
    const un = await owner.v.post('/v3.0/admin/content/pin', { content_id: fresh.id, subsite_id: s.id, state: 0 });
    expect(un.json().rm).toBe(messages.feedUnpinDone);
    expect(await feedIds(reader, `subsite_id=${s.id}&sorting=date`)).toEqual([fresh.id, old.id]);
    const log = (await staff.get('/v3.0/admin/audit')).json().data.items.map((i: { action: string }) => i.action);
    expect(log.slice(0, 4)).toEqual(['entry.unpin', 'entry.pin', 'entry.pin', 'entry.pin']);
  });

  it('bad input and wrong people: 4xx in Russian, nothing pinned', async () => {
    const author = await seasonedUser(t, 'Автор');
    const e = await savedEntry(author.v, { title: 'Своя', entry: [text('т')], is_published: 1 });
    const draft = await savedEntry(author.v, { title: 'Черновик', entry: [text('т')], is_published: 0 });
    const [other] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', slug: 'chuzhoe', name: 'Чужое' })
      .returning({ id: subsites.id });
    const reader = await newUser(t.app, 'Читатель');
    const cases: [Visitor, unknown, number][] = [
      [new Visitor(t.app), { content_id: e.id, subsite_id: 0 }, 401],
      [reader.v, { content_id: e.id, subsite_id: 0 }, 403],
      // Someone else's subsite: the reader manages none.
      [reader.v, { content_id: e.id, subsite_id: other.id }, 403],
      [staff, { content_id: e.id, subsite_id: other.id }, 400],
      [staff, { content_id: draft.id, subsite_id: 0 }, 400],
      [staff, { content_id: e.id, subsite_id: -1 }, 400],
      [staff, { content_id: e.id }, 400],
      [staff, { content_id: 'x', subsite_id: 0 }, 400],
      [staff, { content_id: e.id, subsite_id: 0, extra: 1 }, 400],
      [staff, { content_id: e.id, subsite_id: 2_000_000_000 }, 404],
      [staff, { content_id: 2_000_000_000, subsite_id: 0 }, 404],
      [staff, { content_id: e.id, subsite_id: 0, state: 0 }, 400],
    ];
    for (const [v, body, rc] of cases) {
      const res = await v.post('/v3.0/admin/content/pin', body);
      expect(isRussianError(res, rc), `${JSON.stringify(body)} → ${res.body.slice(0, 200)}`).toBe(true);
    }
    expect(await t.database.db.select().from(feedPins).where(eq(feedPins.entryId, e.id))).toHaveLength(0);
  });
});

describe('closed editing', () => {
  it('staff close an entry to its author; only the closer sees the marker; opening gives it back', async () => {
    const author = await seasonedUser(t, 'Автор');
    const mod = await moderator();
    const e = await savedEntry(author.v, { title: 'Закрытая', entry: [text('т')], is_published: 1 });
    await expectError(author.v.post(`/v3.0/admin/content/close_editing/${e.id}`, {}), 403);
    expect((await mod.v.post(`/v3.0/admin/content/close_editing/${e.id}`, {})).json().data.is_closed_editing).toBe(
      true,
    );
    const seen = async (v: Visitor) => (await v.get(`/v3.0/entry/${e.id}`)).json().data.entry.is_closed_editing;
    expect([await seen(mod.v), await seen(author.v), await seen(staff)]).toEqual([true, false, false]);
    const save = await author.v.post('/v3.0/writing/save', {
      id: e.id,
      title: 'Правка',
      entry: [text('т')],
      is_published: 1,
    });
    expect(isRussianError(save, 403) && save.json().rm === messages.editingClosed).toBe(true);
    expect((await t.database.db.select().from(entries).where(eq(entries.id, e.id)))[0].title).toBe('Закрытая');
    expect((await staff.post(`/v3.0/admin/content/close_editing/${e.id}`, { state: 0 })).json().rc).toBe(200);
    await expectError(staff.post(`/v3.0/admin/content/close_editing/${e.id}`, { state: 0 }), 400);
    await savedEntry(author.v, { id: e.id, title: 'Правка', entry: [text('т')], is_published: 1 });
  });
});

describe('held spam', () => {
  it("a new account's entry with links waits for staff; approve publishes, reject keeps it a draft", async () => {
    const newbie = await newUser(t.app, 'Новичок');
    const link = [text('Купите тут https://spam.example.ru')];
    const res = await newbie.v.post('/v3.0/writing/save', { title: 'Реклама', entry: link, is_published: 1 });
    expect(res.json().rm).toBe(messages.entryHeldForReview);
    const held = res.json().data.entry;
    expect(held.is_published).toBe(false);
    const plain = await savedEntry(newbie.v, { title: 'Просто', entry: [text('без ссылок')], is_published: 1 });
    expect(plain.is_published).toBe(true);
    const old = await seasonedUser(t, 'Старожил');
    expect((await savedEntry(old.v, { title: 'Со ссылкой', entry: link, is_published: 1 })).is_published).toBe(true);

    const mod = await moderator();
    await expectError(newbie.v.get('/v3.0/admin/reviews'), 403);
    const queue = (await mod.v.get('/v3.0/admin/reviews')).json().data.items;
    expect(queue.map((i: { entry_id: number }) => i.entry_id)).toContain(held.id);
    expect((await mod.v.post(`/v3.0/admin/reviews/${held.id}/approve`, {})).json().rc).toBe(200);
    expect((await t.database.db.select().from(entries).where(eq(entries.id, held.id)))[0].isPublished).toBe(true);
    await expectError(mod.v.post(`/v3.0/admin/reviews/${held.id}/approve`, {}), 404);

    const again = await newbie.v.post('/v3.0/writing/save', { title: 'Ещё', entry: link, is_published: 1 });
    const id = again.json().data.entry.id;
    await expectError(newbie.v.post(`/v3.0/admin/reviews/${id}/approve`, {}), 403);
    expect((await mod.v.post(`/v3.0/admin/reviews/${id}/reject`, {})).json().rc).toBe(200);
    expect((await t.database.db.select().from(entries).where(eq(entries.id, id)))[0].isPublished).toBe(false);
    expect(await t.database.db.select().from(entryReviews).where(eq(entryReviews.entryId, id))).toHaveLength(0);
  });

  it('NEW_ACCOUNT_LINK_REVIEW=0 publishes a new account’s links at once', async () => {
    t.config.newAccountLinkReview = false;
    try {
      const newbie = await newUser(t.app, 'Новичок Без Проверки');
      const entry = await savedEntry(newbie.v, {
        title: 'Ссылка',
        entry: [text('Смотрите https://example.ru')],
        is_published: 1,
      });
      expect(entry.is_published).toBe(true);
    } finally {
      t.config.newAccountLinkReview = true;
    }
  });
});

describe('blocklist', () => {
  it('a blocklisted person cannot reply to or mention the reader, nor write to them; the list and its removal', async () => {
    const reader = await seasonedUser(t, 'Читатель');
    const pest = await newUser(t.app, 'Вредина');
    const e = await savedEntry(reader.v, { title: 'Моя', entry: [text('т')], is_published: 1 });
    const mine = (await reader.v.post('/v3.0/comment/add', { id: e.id, text: 'Моё мнение' })).json().data.id;
    expect((await reader.v.post(`/v3.0/mute/subsite/${pest.id}`, {})).json().rc).toBe(200);
    expect((await reader.v.get('/v3.0/blocklist')).json().data.items).toEqual([
      expect.objectContaining({ id: pest.id, name: 'Вредина' }),
    ]);

    const reply = await pest.v.post('/v3.0/comment/add', { id: e.id, text: 'Ответ', reply_to: mine });
    expect(isRussianError(reply, 403) && reply.json().rm === messages.blockedReply).toBe(true);
    const slug = (await t.database.db.select().from(subsites).where(eq(subsites.id, reader.id)))[0].slug;
    const mention = await pest.v.post('/v3.0/comment/add', { id: e.id, text: `Эй, @${slug}` });
    expect(isRussianError(mention, 403), mention.body).toBe(true);
    // A plain comment on the entry is still fine: the reader just sees it collapsed.
    expect((await pest.v.post('/v3.0/comment/add', { id: e.id, text: 'Просто мнение' })).json().rc).toBe(200);
    await expectError(pest.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [reader.id] }), 403);

    await expectError(new Visitor(t.app).get('/v3.0/blocklist'), 401);
    expect((await reader.v.post(`/v3.0/unmute/subsite/${pest.id}`, {})).json().rc).toBe(200);
    expect((await reader.v.get('/v3.0/blocklist')).json().data.items).toEqual([]);
    expect((await pest.v.post('/v3.0/comment/add', { id: e.id, text: 'Ответ', reply_to: mine })).json().rc).toBe(200);
  });
});
