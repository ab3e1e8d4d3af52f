import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text, withHotnessFailing } from '../entries/testing.ts';
import { entries, entryVersions, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { HistoryItem, HistoryList, HistoryVersion } from '../../../shared/history.ts';
import { HISTORY_PAGE } from './service.ts';

// The first account runs the site (superuser): staff here; every later account is an ordinary user.
const { t, staff } = useTestApp();

type Json = Record<string, any>;

const signedIn = (name = 'Автор Истории') => newUser(t.app, name);

const save = (v: Visitor, body: Json) =>
  savedEntry(v, { title: 'Заголовок', entry: [text('Текст')], is_published: 1, ...body });

/** A published entry with three versions: 'Первая', 'Вторая', 'Третья' (the current one). */
async function edited(v: Visitor) {
  const e = await save(v, { title: 'Первая', entry: [text('Один')] });
  await save(v, { id: e.id, title: 'Вторая', entry: [text('Два')] });
  await save(v, { id: e.id, title: 'Третья', entry: [text('Три')] });
  return e;
}

const versionsOf = (entryId: number) =>
  t.database.db.select().from(entryVersions).where(eq(entryVersions.entryId, entryId)).orderBy(asc(entryVersions.id));
const rowOf = async (id: number) => (await t.database.db.select().from(entries).where(eq(entries.id, id)))[0];

async function historyOf(v: Visitor, id: number, query = '') {
  const res = await v.get(`/v3.0/writing/${id}/history${query}`);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as HistoryList;
}

describe('versions kept by writing/save', () => {
  it('keeps one per save of a published entry, none for drafts or saves that change nothing but flags', async () => {
    const { v } = await signedIn();
    const draft = await save(v, { title: 'Черновик', is_published: 0 });
    await save(v, { id: draft.id, title: 'Черновик поправлен', is_published: 0 });
    expect(await versionsOf(draft.id)).toHaveLength(0);

    await save(v, { id: draft.id, title: 'Опубликовано', entry: [text('Готово')] });
    await save(v, { id: draft.id, title: 'Опубликовано', entry: [text('Готово')], is_nsfw: 1 });
    expect((await versionsOf(draft.id)).map((r) => r.title)).toEqual(['Опубликовано']);

    await save(v, {
      id: draft.id,
      title: 'Исправлено',
      entry: [text('Исправлено <b>жирно</b>'), { type: 'delimiter', data: {} }],
    });
    // Unpublishing keeps nothing: a draft is not a version readers saw.
    await save(v, { id: draft.id, title: 'Снято', is_published: 0 });
    const rows = await versionsOf(draft.id);
    expect(rows.map((r) => r.title)).toEqual(['Опубликовано', 'Исправлено']);
    expect(rows[1].blocks).toEqual([text('Исправлено <b>жирно</b>'), { type: 'delimiter', data: {} }]);
  });

  it('records what the save stored (sanitized) and who saved, staff included', async () => {
    const author = await signedIn('Анна Версиева');
    const e = await save(author.v, { title: 'Моя запись', entry: [text('<script>x()</script>Чисто')] });
    await save(staff, { id: e.id, title: 'Поправил модератор' });
    const rows = await versionsOf(e.id);
    expect(rows.map((r) => [r.title, r.authorId])).toEqual([
      ['Моя запись', author.id],
      ['Поправил модератор', expect.any(Number)],
    ]);
    expect(rows[1].authorId).not.toBe(author.id);
    expect(JSON.stringify(rows)).not.toContain('<script');
  });

  it('keeps media items as the upload described them (colour and type), and refuses a made-up colour', async () => {
    const { v } = await signedIn();
    const image = {
      uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
      width: 320,
      height: 180,
      color: 'a1b2c3',
      type: 'gif',
    };
    const media = { type: 'media', data: { items: [{ image, title: 'Огни' }] } };
    const e = await save(v, { title: 'С картинкой', entry: [media] });
    expect((await versionsOf(e.id))[0].blocks).toEqual([media]);
    for (const bad of [
      { ...image, color: 'red' },
      { ...image, type: 'bmp' },
    ]) {
      const res = await v.post('/v3.0/writing/save', {
        id: e.id,
        title: 'С картинкой',
        entry: [{ type: 'media', data: { items: [{ image: bad }] } }],
        is_published: 1,
      });
      expect(isRussianError(res, 400), res.body).toBe(true);
      expect(res.json().rm).toBe(messages.entryBlockImageInvalid);
    }
    expect(await versionsOf(e.id)).toHaveLength(1);
  });

  it('first records the state of an entry published before versions were kept, so its first edit loses nothing', async () => {
    const { v, id } = await signedIn();
    const old = new Date(Date.now() - 86_400_000);
    const [legacy] = await t.database.db
      .insert(entries)
      .values({
        subsiteId: id,
        authorId: id,
        title: 'Старая запись',
        slug: 'staraya',
        blocks: [text('Как было')],
        isPublished: true,
        publishedAt: old,
        createdAt: old,
        updatedAt: old,
      })
      .returning();
    await save(v, { id: legacy.id, title: 'Новая редакция', entry: [text('Как стало')] });
    const rows = await versionsOf(legacy.id);
    expect(rows.map((r) => [r.title, r.blocks, r.authorId])).toEqual([
      ['Старая запись', [text('Как было')], id],
      ['Новая редакция', [text('Как стало')], id],
    ]);
    expect(rows[0].createdAt).toEqual(old);
  });
});

describe('GET /v3.0/writing/{id}/history', () => {
  it('lists versions newest first with date, author and title; the newest is current', async () => {
    const { v, id } = await signedIn('Пётр Правкин');
    const e = await edited(v);
    const list = await historyOf(v, e.id);
    expect(list.is_finished).toBe(true);
    expect(list.items.map((i) => [i.title, i.is_current])).toEqual([
      ['Третья', true],
      ['Вторая', false],
      ['Первая', false],
    ]);
    const item = list.items[0];
    expect(item.author).toEqual({ id, name: 'Пётр Правкин', url: `/u/${id}-petr-pravkin`, gender: 'male' });
    expect(new Date(item.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(item).sort()).toEqual(['author', 'date', 'id', 'is_current', 'title']);
    expect(await historyOf(staff, e.id)).toEqual(list);
  });

  it('tells the author’s gender for "Сохранил" / "Сохранила": the one they stated, else read from the name', async () => {
    const anna = await signedIn('Анна Правкина');
    const nikita = await signedIn('Никита Правкин');
    expect((await nikita.v.post('/v3.0/notifications/settings/gender', { gender: 'female' })).json().rc).toBe(200);
    const [a, n] = [
      await historyOf(anna.v, (await edited(anna.v)).id),
      await historyOf(nikita.v, (await edited(nikita.v)).id),
    ];
    expect(a.items.map((i) => i.author?.gender)).toEqual(['female', 'female', 'female']);
    expect(n.items.map((i) => i.author?.gender)).toEqual(['female', 'female', 'female']);
  });

  it('shows no version as current while the entry is an unpublished draft that differs', async () => {
    const { v } = await signedIn();
    const e = await edited(v);
    await save(v, { id: e.id, title: 'Черновая правка', is_published: 0 });
    expect((await historyOf(v, e.id)).items.some((i) => i.is_current)).toBe(false);
  });

  it('pages by last_id', async () => {
    const { v, id } = await signedIn();
    const e = await save(v, { title: 'Много правок' });
    await t.database.db.insert(entryVersions).values(
      Array.from({ length: HISTORY_PAGE + 4 }, (_, i) => ({
        entryId: e.id,
        authorId: id,
        title: `Правка ${i}`,
        blocks: [],
      })),
    );
    const first = await historyOf(v, e.id);
    expect(first.items).toHaveLength(HISTORY_PAGE);
    expect(first.is_finished).toBe(false);
    const second = await historyOf(v, e.id, `?last_id=${first.last_id}`);
    expect(second.is_finished).toBe(true);
    expect(second.items.map((i) => i.title)).toEqual(['Правка 3', 'Правка 2', 'Правка 1', 'Правка 0', 'Много правок']);
    const ids = [...first.items, ...second.items].map((i: HistoryItem) => i.id);
    expect(new Set(ids).size).toBe(HISTORY_PAGE + 5);
  });

  it('answers 401 to anonymous visitors, 403 to others on a published entry and 404 on a draft or an unknown id', async () => {
    const author = await signedIn();
    const other = await signedIn('Чужой Человек');
    const published = await edited(author.v);
    const draft = await save(author.v, { is_published: 0 });
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/writing/${published.id}/history`), 401)).toBe(true);
    const forbidden = await other.v.get(`/v3.0/writing/${published.id}/history`);
    expect(isRussianError(forbidden, 403)).toBe(true);
    expect(forbidden.json().rm).toBe(messages.historyForbidden);
    for (const id of [draft.id, 2_000_000_000]) {
      const res = await other.v.get(`/v3.0/writing/${id}/history`);
      expect(isRussianError(res, 404)).toBe(true);
      expect(res.json().rm).toBe(messages.entryNotFound);
    }
  });
});

describe('GET /v3.0/writing/{id}/history/{historyId}', () => {
  it('answers the version with its blocks and the entry', async () => {
    const { v } = await signedIn();
    const e = await edited(v);
    const [first] = await versionsOf(e.id);
    const res = await v.get(`/v3.0/writing/${e.id}/history/${first.id}`);
    expect(res.json()).toMatchObject({
      rc: 200,
      data: {
        entry: { id: e.id, title: 'Третья' },
        version: { id: first.id, entry_id: e.id, title: 'Первая', blocks: [text('Один')], is_current: false },
      },
    });
    const version: HistoryVersion = res.json().data.version;
    expect(version.author?.id).toBe(e.author.id);
  });

  it('finds nothing (404) for a version of another entry or an unknown one', async () => {
    const { v } = await signedIn();
    const a = await edited(v);
    const b = await edited(v);
    const [ofB] = await versionsOf(b.id);
    for (const hid of [ofB.id, 2_000_000_000]) {
      const res = await v.get(`/v3.0/writing/${a.id}/history/${hid}`);
      expect(isRussianError(res, 404)).toBe(true);
      expect(res.json().rm).toBe(messages.historyVersionNotFound);
    }
  });
});

describe('POST /v3.0/writing/{id}/history/{historyId}/apply', () => {
  it("gives the entry the version's title and blocks and keeps that as a new version, so it can be undone", async () => {
    const { v } = await signedIn();
    const e = await edited(v);
    const [first, second] = await versionsOf(e.id);
    const res = await v.post(`/v3.0/writing/${e.id}/history/${first.id}/apply`, {});
    expect(res.json()).toMatchObject({
      rc: 200,
      rm: messages.historyApplied,
      data: { entry: { id: e.id, title: 'Первая', blocks: [text('Один')], is_published: true } },
    });
    expect(res.json().data.entry.url).toMatch(new RegExp(`/${e.id}-pervaya$`));
    expect((await rowOf(e.id)).title).toBe('Первая');
    const list = await historyOf(v, e.id);
    expect(list.items.map((i) => [i.title, i.is_current])).toEqual([
      ['Первая', true],
      ['Третья', false],
      ['Вторая', false],
      ['Первая', false],
    ]);
    // Undo: the version it replaced is still there.
    const undo = await v.call(`/v3.0/writing/${e.id}/history/${list.items[1].id}/apply`, {
      method: 'POST',
      as: 'form',
      body: { mode: 'raw' },
    });
    expect(undo.json()).toMatchObject({ rc: 200, data: { entry: { title: 'Третья', blocks: [text('Три')] } } });
    // Staff may apply too.
    expect((await staff.post(`/v3.0/writing/${e.id}/history/${second.id}/apply`)).json()).toMatchObject({
      rc: 200,
      data: { entry: { title: 'Вторая' } },
    });
  });

  it('keeps a draft a draft', async () => {
    const { v } = await signedIn();
    const e = await edited(v);
    await save(v, { id: e.id, title: 'Снято', is_published: 0 });
    const [first] = await versionsOf(e.id);
    const res = await v.post(`/v3.0/writing/${e.id}/history/${first.id}/apply`);
    expect(res.json()).toMatchObject({ rc: 200, data: { entry: { title: 'Первая', is_published: false } } });
    expect(await versionsOf(e.id)).toHaveLength(3);
  });

  it('refuses anonymous visitors, others, banned authors, a missing CSRF marker, removed entries and foreign versions, changing nothing', async () => {
    const author = await signedIn();
    const other = await signedIn('Чужой Человек');
    const e = await edited(author.v);
    const b = await edited(other.v);
    const [first] = await versionsOf(e.id);
    const [ofB] = await versionsOf(b.id);
    const path = `/v3.0/writing/${e.id}/history/${first.id}/apply`;
    const before = [await rowOf(e.id), (await versionsOf(e.id)).length];
    const cases: [Promise<any>, number, string?][] = [
      [new Visitor(t.app).post(path), 401, messages.authRequired],
      [other.v.post(path), 403, messages.entryEditForbidden],
      [author.v.post(path, {}, { csrf: false }), 403, messages.csrf],
      [author.v.post(`/v3.0/writing/${e.id}/history/${ofB.id}/apply`), 404, messages.historyVersionNotFound],
      [author.v.post(path, { title: 'Взлом' }), 400, messages.unknownField('title')],
    ];
    for (const [call, rc, rm] of cases) {
      const res = await call;
      expect(isRussianError(res, rc), res.body).toBe(true);
      if (rm) expect(res.json().rm).toBe(rm);
    }
    await t.database.db.update(entries).set({ removed: true }).where(eq(entries.id, e.id));
    const removed = await author.v.post(path);
    expect(isRussianError(removed, 400)).toBe(true);
    expect(removed.json().rm).toBe(messages.historyEntryRemoved);
    await t.database.db.update(entries).set({ removed: false }).where(eq(entries.id, e.id));
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, author.id));
    const banned = await author.v.post(path);
    expect(isRussianError(banned, 403)).toBe(true);
    expect(banned.json().rm).toBe(messages.banned);
    expect([await rowOf(e.id), (await versionsOf(e.id)).length]).toEqual(before);
  });
});

describe('POST /v3.0/writing/{id}/remove and /restore', () => {
  it('removes an entry from its page and the feeds for everyone, keeps its history for the author, and restores it', async () => {
    const { v } = await signedIn();
    const e = await edited(v);
    const url = (await t.app.inject({ url: `/v3.0/entry/${e.id}` })).json().data.entry.url;
    const anonymous = new Visitor(t.app);
    const inFeed = async () =>
      ((await anonymous.get('/v3.0/feed?all=1&sorting=date&count=50')).json().data.items as Json[]).some(
        (i) => i.id === e.id,
      );
    expect(await inFeed()).toBe(true);

    const res = await v.post(`/v3.0/writing/${e.id}/remove`);
    expect(res.json()).toEqual({ rc: 200, rm: messages.entryRemoved, data: { id: e.id, removed: true, url } });
    expect((await rowOf(e.id)).removed).toBe(true);
    for (const who of [anonymous, v, staff])
      expect(isRussianError(await who.get(`/v3.0/entry/${e.id}`), 404)).toBe(true);
    expect(await inFeed()).toBe(false);
    // Pressing again answers the same state.
    expect((await v.post(`/v3.0/writing/${e.id}/remove`)).json().data.removed).toBe(true);
    expect((await historyOf(v, e.id)).items).toHaveLength(3);

    const back = await v.post(`/v3.0/writing/${e.id}/restore`);
    expect(back.json()).toEqual({ rc: 200, rm: messages.entryRestored, data: { id: e.id, removed: false, url } });
    expect((await anonymous.get(`/v3.0/entry/${e.id}`)).json().rc).toBe(200);
    expect(await inFeed()).toBe(true);
    expect((await rowOf(e.id)).hotness).toBeGreaterThan(0);
  });

  it("lets staff remove and restore anyone's entry", async () => {
    const author = await signedIn();
    const e = await edited(author.v);
    expect((await staff.post(`/v3.0/writing/${e.id}/remove`)).json().data.removed).toBe(true);
    expect((await staff.post(`/v3.0/writing/${e.id}/restore`)).json().data.removed).toBe(false);
    expect((await author.v.post(`/v3.0/writing/${e.id}/remove`)).json().data.removed).toBe(true);
    expect((await staff.post(`/v3.0/writing/${e.id}/restore`)).json().data.removed).toBe(false);
  });

  it('refuses anonymous visitors (401), other users (403; 404 for drafts and removed entries), a missing CSRF marker and stray fields, changing nothing', async () => {
    const author = await signedIn();
    const other = await signedIn('Чужой Человек');
    const published = await edited(author.v);
    const draft = await save(author.v, { is_published: 0 });
    const gone = await edited(author.v);
    await author.v.post(`/v3.0/writing/${gone.id}/remove`);
    const before = await Promise.all([published.id, draft.id, gone.id].map(rowOf));
    const cases: [Promise<any>, number, string][] = [
      [new Visitor(t.app).post(`/v3.0/writing/${published.id}/remove`), 401, messages.authRequired],
      [other.v.post(`/v3.0/writing/${published.id}/remove`), 403, messages.entryRemoveForbidden],
      [other.v.post(`/v3.0/writing/${published.id}/restore`), 403, messages.entryRestoreForbidden],
      [other.v.post(`/v3.0/writing/${draft.id}/remove`), 404, messages.entryNotFound],
      [other.v.post(`/v3.0/writing/${gone.id}/restore`), 404, messages.entryNotFound],
      [other.v.get(`/v3.0/writing/${gone.id}/history`), 404, messages.entryNotFound],
      [author.v.post(`/v3.0/writing/${published.id}/remove`, {}, { csrf: false }), 403, messages.csrf],
      [author.v.post(`/v3.0/writing/${published.id}/remove`, { removed: 1 }), 400, messages.unknownField('removed')],
      [author.v.post(`/v3.0/writing/${gone.id}/restore`, { id: other.id }), 400, messages.unknownField('id')],
      [author.v.post('/v3.0/writing/2000000000/remove'), 404, messages.entryNotFound],
    ];
    for (const [call, rc, rm] of cases) {
      const res = await call;
      expect(isRussianError(res, rc), res.body).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    expect(await Promise.all([published.id, draft.id, gone.id].map(rowOf))).toEqual(before);
  });
});

describe('bad input', () => {
  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3', '0x10', '%20', 'NaN', '2147483648'])(
    'refuses the id %j with a Russian 400 on every route',
    async (bad) => {
      const { v } = await signedIn();
      const e = await edited(v);
      const [first] = await versionsOf(e.id);
      const calls: [Promise<any>, string][] = [
        [v.get(`/v3.0/writing/${bad}/history`), messages.entryIdInvalid],
        [v.get(`/v3.0/writing/${bad}/history/${first.id}`), messages.entryIdInvalid],
        [v.get(`/v3.0/writing/${e.id}/history/${bad}`), messages.historyIdInvalid],
        [v.post(`/v3.0/writing/${e.id}/history/${bad}/apply`), messages.historyIdInvalid],
        [v.post(`/v3.0/writing/${bad}/remove`), messages.entryIdInvalid],
        [v.post(`/v3.0/writing/${bad}/restore`), messages.entryIdInvalid],
        [v.get(`/v3.0/writing/${e.id}/history?last_id=${bad}`), messages.historyLastIdInvalid],
      ];
      for (const [call, rm] of calls) {
        const res = await call;
        expect(isRussianError(res, 400), res.body).toBe(true);
        expect(res.json().rm).toBe(rm);
      }
      expect((await rowOf(e.id)).removed).toBe(false);
    },
  );

  it('refuses stray query fields, repeated cursors, non-object bodies and huge bodies without a 5xx', async () => {
    const { v } = await signedIn();
    const e = await edited(v);
    const [first] = await versionsOf(e.id);
    const responses = [
      await v.get(`/v3.0/writing/${e.id}/history?x=1`),
      await v.get(`/v3.0/writing/${e.id}/history?last_id=1&last_id=2`),
      await v.get(`/v3.0/writing/${e.id}/history/${first.id}?last_id=1`),
      await v.post(`/v3.0/writing/${e.id}/remove`, '[1,2]'),
      await v.post(`/v3.0/writing/${e.id}/remove`, { mode: 'x'.repeat(10_000) }),
      await v.post(`/v3.0/writing/${e.id}/history/${first.id}/apply`, JSON.stringify({ blocks: 'x'.repeat(200_000) })),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(/[А-Яа-яЁё]/.test(res.json().rm)).toBe(true);
    }
    expect(await rowOf(e.id)).toMatchObject({ removed: false, title: 'Третья' });
  });
});

describe('one action, one transaction', () => {
  it('applying a version keeps neither the text nor a new version when its last step fails', async () => {
    const { v } = await signedIn();
    const e = await edited(v);
    const before = await versionsOf(e.id);
    const res = await withHotnessFailing(t.database.db, e.id, () =>
      v.post(`/v3.0/writing/${e.id}/history/${before[0].id}/apply`),
    );
    expect(res.statusCode).toBe(500);
    expect(await rowOf(e.id)).toMatchObject({ title: 'Третья' });
    expect(await versionsOf(e.id)).toEqual(before);
    expect((await v.post(`/v3.0/writing/${e.id}/history/${before[0].id}/apply`)).json().rc).toBe(200);
    expect(await rowOf(e.id)).toMatchObject({ title: 'Первая' });
  });

  it('restoring keeps the entry removed when its hotness refresh fails', async () => {
    const { v } = await signedIn();
    const e = await edited(v);
    expect((await v.post(`/v3.0/writing/${e.id}/remove`)).json().rc).toBe(200);
    const res = await withHotnessFailing(t.database.db, e.id, () => v.post(`/v3.0/writing/${e.id}/restore`));
    expect(res.statusCode).toBe(500);
    expect((await rowOf(e.id)).removed).toBe(true);
    expect((await v.post(`/v3.0/writing/${e.id}/restore`)).json()).toMatchObject({ rc: 200, data: { removed: false } });
    expect((await rowOf(e.id)).removed).toBe(false);
  });
});
