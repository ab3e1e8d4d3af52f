import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { comments, entries, favorites, subsites, users } from '../../db/schema.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { BOOKMARKS_PAGE_SIZE } from '../../../shared/reactions.ts';
import { pageServices } from '../../http/page-services.ts';
import { findUserById } from '../auth/queries.ts';

// The first account runs the site; useTestApp takes that seat so every test user is an ordinary one.
const { t, signedIn } = useTestApp();

let seq = 0;
async function entry(authorId: number, values: Partial<typeof entries.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title: `Запись о закладках ${seq}`,
      slug: `zapis-${seq}`,
      blocks: [{ type: 'text', data: { text: 'Вступление' } }],
      isPublished: true,
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row;
}

async function comment(entryId: number, authorId: number, values: Partial<typeof comments.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(comments)
    .values({ entryId, authorId, text: `Полезный комментарий ${++seq}`, ...values })
    .returning();
  return row;
}

const change = (v: Visitor, body: unknown) => v.post('/v3.0/favorite/change', body);
const favoritesCount = async (id: number) =>
  (await t.database.db.select({ n: entries.favoritesCount }).from(entries).where(eq(entries.id, id)))[0].n;
const rowsFor = async (type: 'content' | 'comment', id: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(favorites)
      .where(and(eq(favorites.targetType, type), eq(favorites.targetId, id)))
  )[0].n;
const userRows = async (userId: number) =>
  (await t.database.db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId)))[0].n;

describe('POST /v3.0/favorite/change', () => {
  it('keeps and drops an entry bookmark idempotently, with favorites_count equal to the rows', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const a = await signedIn();
    const b = await signedIn();
    expect((await change(a.v, { id: e.id, type: 'content', state: 1 })).json()).toEqual({
      rc: 200,
      rm: '',
      data: { id: e.id, type: 'content', state: 1, count: 1 },
    });
    expect((await change(a.v, { id: e.id, type: 'content', state: 1 })).json().data.count).toBe(1);
    expect((await change(b.v, { id: e.id, type: 'content', state: 1 })).json().data.count).toBe(2);
    expect(await favoritesCount(e.id)).toBe(2);
    expect((await change(a.v, { id: e.id, type: 'content', state: 0 })).json().data).toEqual({
      id: e.id,
      type: 'content',
      state: 0,
      count: 1,
    });
    expect((await change(a.v, { id: e.id, type: 'content', state: 0 })).json().data.count).toBe(1);
    expect(await favoritesCount(e.id)).toBe(1);
    expect(await rowsFor('content', e.id)).toBe(1);
  });

  it('bookmarks comments (no counter) and accepts a form body', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const c = await comment(e.id, author.id);
    const { v } = await signedIn();
    const res = await v.call('/v3.0/favorite/change', {
      method: 'POST',
      as: 'form',
      body: { id: String(c.id), type: 'comment', state: '1', mode: 'raw' },
    });
    expect(res.json()).toEqual({ rc: 200, rm: '', data: { id: c.id, type: 'comment', state: 1, count: null } });
    expect(await rowsFor('comment', c.id)).toBe(1);
    expect(await favoritesCount(e.id)).toBe(0);
    await change(v, { id: c.id, type: 'comment', state: 0 });
    expect(await rowsFor('comment', c.id)).toBe(0);
  });

  it('lets authors bookmark their own entries', async () => {
    const { v, id } = await signedIn();
    const e = await entry(id);
    expect((await change(v, { id: e.id, type: 'content', state: 1 })).json().data.count).toBe(1);
  });

  it('keeps the counter exact when many readers and repeats race', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const readers = await Promise.all(Array.from({ length: 12 }, () => signedIn()));
    await Promise.all(
      readers.flatMap((r) => [
        change(r.v, { id: e.id, type: 'content', state: 1 }),
        change(r.v, { id: e.id, type: 'content', state: 1 }),
      ]),
    );
    expect(await favoritesCount(e.id)).toBe(12);
    await Promise.all(
      readers
        .slice(0, 5)
        .flatMap((r) => [
          change(r.v, { id: e.id, type: 'content', state: 0 }),
          change(r.v, { id: e.id, type: 'content', state: 0 }),
        ]),
    );
    expect(await favoritesCount(e.id)).toBe(7);
    expect(await rowsFor('content', e.id)).toBe(7);
  });

  it('asks an anonymous visitor to sign in (401) and stores nothing', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const res = await change(new Visitor(t.app), { id: e.id, type: 'content', state: 1 });
    expect(isRussianError(res, 401)).toBe(true);
    expect(res.json().rm).toBe(messages.authRequired);
    expect(await rowsFor('content', e.id)).toBe(0);
  });

  it('refuses a request without the CSRF marker', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v } = await signedIn();
    const res = await v.post('/v3.0/favorite/change', { id: e.id, type: 'content', state: 1 }, { csrf: false });
    expect(isRussianError(res, 403)).toBe(true);
    expect(await rowsFor('content', e.id)).toBe(0);
  });

  it('refuses a banned user (403)', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v, id } = await signedIn();
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now.getTime() + 3_600_000) })
      .where(eq(users.id, id));
    const res = await change(v, { id: e.id, type: 'content', state: 1 });
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.banned);
    expect(await rowsFor('content', e.id)).toBe(0);
  });

  it('finds nothing (404) to bookmark among unknown, draft and removed targets, but lets a bookmark of a removed one go', async () => {
    const author = await signedIn();
    const draft = await entry(author.id, { isPublished: false, publishedAt: null });
    const removed = await entry(author.id, { removed: true });
    const live = await entry(author.id);
    const gone = await comment(live.id, author.id, { removed: true });
    const { v, id } = await signedIn();
    const cases: [unknown, string][] = [
      [{ id: 2 ** 31 - 1, type: 'content', state: 1 }, messages.reactionEntryNotFound],
      [{ id: 2 ** 31 - 1, type: 'content', state: 0 }, messages.reactionEntryNotFound],
      [{ id: draft.id, type: 'content', state: 1 }, messages.reactionEntryNotFound],
      [{ id: removed.id, type: 'content', state: 1 }, messages.reactionEntryNotFound],
      [{ id: 2 ** 31 - 1, type: 'comment', state: 1 }, messages.reactionCommentNotFound],
      [{ id: gone.id, type: 'comment', state: 1 }, messages.reactionCommentNotFound],
    ];
    for (const [body, rm] of cases) {
      const res = await change(v, body);
      expect(isRussianError(res, 404), JSON.stringify(body)).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    expect(await userRows(id)).toBe(0);

    await change(v, { id: live.id, type: 'content', state: 1 });
    await t.database.db.update(entries).set({ removed: true }).where(eq(entries.id, live.id));
    expect((await change(v, { id: live.id, type: 'content', state: 0 })).json().data).toMatchObject({
      state: 0,
      count: 0,
    });
    expect(await userRows(id)).toBe(0);
  });

  const bad: [string, (id: number) => unknown, string][] = [
    ['no fields', () => ({}), messages.fieldRequired],
    ['no state', (id) => ({ id, type: 'content' }), messages.fieldRequired],
    ['no type', (id) => ({ id, state: 1 }), messages.fieldRequired],
    ['id as text', () => ({ id: 'первая', type: 'content', state: 1 }), messages.reactionIdInvalid],
    ['negative id', () => ({ id: -1, type: 'content', state: 1 }), messages.reactionIdInvalid],
    ['huge id', () => ({ id: 2 ** 40, type: 'content', state: 1 }), messages.reactionIdInvalid],
    ['object id', () => ({ id: { x: 1 }, type: 'content', state: 1 }), messages.reactionIdInvalid],
    ...['0x10', '1e3', '1.5', '-1', ' '].map((id): [string, (id: number) => unknown, string] => [
      `id "${id}"`,
      () => ({ id, type: 'content', state: 1 }),
      messages.reactionIdInvalid,
    ]),
    ['unknown type', (id) => ({ id, type: 'user', state: 1 }), messages.reactionTypeInvalid],
    ['state 2', (id) => ({ id, type: 'content', state: 2 }), messages.favoriteStateInvalid],
    ['state -1', (id) => ({ id, type: 'content', state: -1 }), messages.favoriteStateInvalid],
    ['state true', (id) => ({ id, type: 'content', state: true }), messages.favoriteStateInvalid],
    ['state text', (id) => ({ id, type: 'content', state: 'yes' }), messages.favoriteStateInvalid],
    ['an extra field', (id) => ({ id, type: 'content', state: 1, user_id: 5 }), messages.unknownField('user_id')],
  ];
  it.each(bad)('refuses %s with a Russian 400 and stores nothing', async (_l, body, rm) => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v, id } = await signedIn();
    const res = await change(v, body(e.id));
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(rm);
    expect(await userRows(id)).toBe(0);
    expect(await favoritesCount(e.id)).toBe(0);
  });
});

describe('GET /v3.0/bookmarks', () => {
  it('walks every bookmarked entry exactly once, newest bookmark first, while new bookmarks arrive', async () => {
    const author = await signedIn();
    const { v } = await signedIn();
    const list = [];
    for (let i = 0; i < BOOKMARKS_PAGE_SIZE + 7; i++) list.push(await entry(author.id));
    for (const e of list) await change(v, { id: e.id, type: 'content', state: 1 });
    // One bookmarked entry is removed later: it disappears from the list without stopping the walk.
    await t.database.db.update(entries).set({ removed: true }).where(eq(entries.id, list[3].id));

    const seen: number[] = [];
    let query = '';
    for (let page = 0; page < 5; page++) {
      const res = await v.get(`/v3.0/bookmarks?type=content${query}`);
      expect(res.json().rc).toBe(200);
      const data = res.json().data;
      seen.push(...data.items.map((x: { id: number }) => x.id));
      if (page === 0) {
        expect(data.items[0]).toMatchObject({
          id: list.at(-1)!.id,
          title: list.at(-1)!.title,
          is_favorited: true,
          intro: 'Вступление',
        });
        // A bookmark made while paging is newer than the cursor: it waits for the next visit.
        await change(v, { id: (await entry(author.id)).id, type: 'content', state: 1 });
      }
      if (data.is_finished) break;
      query = `&last_id=${data.last_id}&last_sorting_value=${encodeURIComponent(data.last_sorting_value)}`;
    }
    const expected = list
      .filter((_, i) => i !== 3)
      .map((e) => e.id)
      .reverse();
    expect(seen).toEqual(expected);
  });

  it('lists bookmarked comments with their entry and a link to the comment', async () => {
    const author = await signedIn();
    const e = await entry(author.id, { title: 'Про кофе' });
    const c1 = await comment(e.id, author.id, { text: 'Первый' });
    const c2 = await comment(e.id, author.id, { text: 'Второй' });
    const { v } = await signedIn();
    await change(v, { id: c1.id, type: 'comment', state: 1 });
    await change(v, { id: c2.id, type: 'comment', state: 1 });
    await change(v, { id: e.id, type: 'content', state: 1 });
    const res = await v.get('/v3.0/bookmarks?type=comment');
    const data = res.json().data;
    expect(data.is_finished).toBe(true);
    expect(data.items.map((x: { id: number }) => x.id)).toEqual([c2.id, c1.id]);
    expect(data.items[0]).toMatchObject({
      id: c2.id,
      text: 'Второй',
      url: `/${e.id}?comment=${c2.id}`,
      entry: { id: e.id, title: 'Про кофе', url: expect.stringMatching(new RegExp(`/u/${author.id}-.*/${e.id}-`)) },
      author: { id: author.id },
      likes: { count: 0, summ: 0, is_liked: 0 },
    });
  });

  it('shows a reader only their own bookmarks', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const a = await signedIn();
    const b = await signedIn();
    await change(a.v, { id: e.id, type: 'content', state: 1 });
    expect((await b.v.get('/v3.0/bookmarks')).json().data).toEqual({
      items: [],
      last_id: null,
      last_sorting_value: null,
      is_finished: true,
    });
    expect((await a.v.get('/v3.0/bookmarks')).json().data.items).toHaveLength(1);
  });

  it('asks an anonymous visitor to sign in (401)', async () => {
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/bookmarks'), 401)).toBe(true);
  });

  it.each([
    'type=post',
    'last_id=5',
    'last_sorting_value=2024-01-01T00:00:00.000000Z',
    'last_id=abc&last_sorting_value=2024-01-01T00:00:00.000000Z',
    'last_id=5&last_sorting_value=yesterday',
    'last_id=5&last_sorting_value=2024-02-30T00:00:00.000000Z',
    'last_id=5&last_sorting_value=2024-01-01',
    'other=1',
  ])('refuses %s with a Russian 400', async (q) => {
    const { v } = await signedIn();
    expect(isRussianError(await v.get(`/v3.0/bookmarks?${q}`), 400)).toBe(true);
  });
});

describe('page services', () => {
  it('give the bookmarks page both lists, and refuse anonymous readers', async () => {
    const author = await signedIn();
    const e = await entry(author.id);
    const c = await comment(e.id, author.id);
    const { v, id } = await signedIn();
    await change(v, { id: e.id, type: 'content', state: 1 });
    await change(v, { id: c.id, type: 'comment', state: 1 });
    const services = pageServices(t.app.ctx, (await findUserById(t.database.db, id))!);
    expect((await services.reactions.bookmarkedEntries()).items.map((x) => x.id)).toEqual([e.id]);
    expect((await services.reactions.bookmarkedComments()).items.map((x) => x.id)).toEqual([c.id]);
    await expect(pageServices(t.app.ctx, null).reactions.bookmarkedEntries()).rejects.toMatchObject({ rc: 401 });
  });
});

describe('GET /v3.0/content/shares/mobile/{id}', () => {
  it('lists the share services with the entry link and title', async () => {
    const author = await signedIn();
    const e = await entry(author.id, { title: 'Кофе & чай' });
    const res = await new Visitor(t.app).get(`/v3.0/content/shares/mobile/${e.id}`);
    const data = res.json().data;
    const [author_] = await t.database.db.select().from(subsites).where(eq(subsites.id, author.id));
    const link = `${t.config.publicUrl}/u/${author.id}-${author_.slug}/${e.id}-${e.slug}`;
    expect(data.url).toBe(link);
    expect(data.services.map((s: { short_name: string }) => s.short_name)).toEqual([
      'vk',
      'telegram',
      'ok',
      'whatsapp',
      'x',
      'email',
    ]);
    expect(data.services.map((s: { name: string }) => s.name)).toEqual(Object.values(ui.reactions.shareServices));
    const u = encodeURIComponent(link);
    const title = encodeURIComponent('Кофе & чай');
    expect(data.services[0].url).toBe(`https://vk.com/share.php?url=${u}&title=${title}`);
    expect(data.services[1].url).toBe(`https://t.me/share/url?url=${u}&text=${title}`);
    expect(data.services[5].url).toBe(`mailto:?subject=${title}&body=${u}`);
  });

  it.each([
    ['a draft', { isPublished: false, publishedAt: null }],
    ['a removed entry', { removed: true }],
  ])('finds nothing for %s (404)', async (_l, values) => {
    const author = await signedIn();
    const e = await entry(author.id, values);
    const res = await new Visitor(t.app).get(`/v3.0/content/shares/mobile/${e.id}`);
    expect(isRussianError(res, 404)).toBe(true);
    expect(res.json().rm).toBe(messages.reactionEntryNotFound);
  });

  it.each(['abc', '0', '-3', '1.5', String(2 ** 31), '0x10', '1e3', '%20'])(
    'refuses id %s with a Russian 400',
    async (id) => {
      expect(isRussianError(await new Visitor(t.app).get(`/v3.0/content/shares/mobile/${id}`), 400)).toBe(true);
    },
  );

  it('answers 404 for an unknown entry', async () => {
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/content/shares/mobile/${2 ** 31 - 1}`), 404)).toBe(true);
  });
});
