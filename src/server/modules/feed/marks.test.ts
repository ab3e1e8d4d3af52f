import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { sql } from 'drizzle-orm';
import { entries, entryHides, likes } from '../../db/schema.ts';
import { buildApp } from '../../http/app.ts';
import { SESSION_CACHE_MS } from '../auth/service.ts';
import { ANONYMOUS_CACHE_MS, READER_STATE_MS, WINDOW_SIZE } from './service.ts';
import { feedFixtures, feedPage } from './testing.ts';

/**
 * In production the cards are shared among readers for a few seconds and each reader's marks are laid over them:
 * a reader sees their own vote and bookmark, never another's, and their hides and mutes at once.
 */
describe("a signed-in reader's feed over shared cards (production)", () => {
  let t: TestApp;
  let f: ReturnType<typeof feedFixtures>;
  beforeAll(async () => {
    t = await startTestApp({ sharedCaches: true });
    f = feedFixtures(t);
    await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows each reader their own votes and bookmarks, and leaves out what they hid or muted', async () => {
    const author = await f.reader();
    const [reader, other] = [await f.reader(), await f.reader()];
    const c = await f.community();
    const muted = await f.community();
    const ids = [];
    for (let i = 0; i < 4; i++)
      ids.push(await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(i) }));
    const inMuted = await f.entry({ subsiteId: muted.id, authorId: author.id, publishedAt: f.hoursAgo(5) });
    const [liked, disliked, bookmarked, hidden] = ids;
    const query = 'sorting=date&all=1';
    const marks = async (v: Visitor) =>
      Object.fromEntries(
        (await feedPage(v, query)).items.map((e) => [e.id, { vote: e.likes.is_liked, bookmark: e.is_favorited }]),
      );

    // Everyone reads the page once: the cards are now shared.
    expect(Object.keys(await marks(reader.v))).toHaveLength(5);
    expect(Object.keys(await marks(other.v))).toHaveLength(5);

    for (const [v, body] of [
      [reader.v, { id: liked, type: 'content', sign: 1 }],
      [reader.v, { id: disliked, type: 'content', sign: -1 }],
      [other.v, { id: bookmarked, type: 'content', sign: -1 }],
    ] as const)
      expect((await v.post('/v3.0/like', body)).json().rc).toBe(200);
    expect(
      (await reader.v.post('/v3.0/favorite/change', { id: bookmarked, type: 'content', state: 1 })).json().rc,
    ).toBe(200);
    expect((await reader.v.post(`/v3.0/content/hide/${hidden}`)).json().rc).toBe(200);
    expect((await reader.v.post(`/v3.0/mute/subsite/${muted.id}`)).json().rc).toBe(200);

    expect(await marks(reader.v)).toEqual({
      [liked]: { vote: 1, bookmark: false },
      [disliked]: { vote: -1, bookmark: false },
      [bookmarked]: { vote: 0, bookmark: true },
    });
    expect(await marks(other.v)).toEqual({
      [liked]: { vote: 0, bookmark: false },
      [disliked]: { vote: 0, bookmark: false },
      [bookmarked]: { vote: -1, bookmark: false },
      [hidden]: { vote: 0, bookmark: false },
      [inMuted]: { vote: 0, bookmark: false },
    });
    // Anonymous readers get plain cards.
    const anonymous = await feedPage(new Visitor(t.app), query);
    expect(anonymous.items.every((e) => e.likes.is_liked === 0 && !e.is_favorited)).toBe(true);

    // Undone marks are gone at once.
    expect((await reader.v.post('/v3.0/like', { id: liked, type: 'content', sign: 0 })).json().rc).toBe(200);
    expect((await reader.v.post(`/v3.0/content/unhide/${hidden}`)).json().rc).toBe(200);
    expect((await marks(reader.v))[liked]).toEqual({ vote: 0, bookmark: false });
    expect((await marks(reader.v))[hidden]).toEqual({ vote: 0, bookmark: false });
  });

  it("keeps a reader's own pages a few seconds, and shows the reader's own writes at once", async () => {
    const author = await f.reader();
    const reader = await f.reader();
    const [c1, c2] = [await f.community(), await f.community()];
    const first = await f.entry({ subsiteId: c1.id, authorId: author.id, publishedAt: f.hoursAgo(3) });
    const inC2 = await f.entry({ subsiteId: c2.id, authorId: author.id, publishedAt: f.hoursAgo(4) });
    const myNew = async () => (await feedPage(reader.v, 'my=1&sorting=date')).items.map((e) => e.id);
    const popular = async () => (await feedPage(reader.v, 'sorting=date&all=1')).items;

    expect((await reader.v.post(`/v3.0/subscribe/to/subsite/${c1.id}`)).json().rc).toBe(200);
    expect(await myNew()).toEqual([first]);
    // Written around the server (as another node would): the reader's page stays as it was for a few seconds ...
    const around = await f.entry({ subsiteId: c1.id, authorId: author.id, publishedAt: f.hoursAgo(1) });
    expect(await myNew()).toEqual([first]);
    // ... and their own subscription, vote and bookmark through this node show on the very next page.
    expect((await reader.v.post(`/v3.0/subscribe/to/subsite/${c2.id}`)).json().rc).toBe(200);
    expect(await myNew()).toEqual([around, first, inC2]);
    expect((await popular()).find((e) => e.id === first)?.likes.is_liked).toBe(0);
    expect((await reader.v.post('/v3.0/like', { id: first, type: 'content', sign: 1 })).json().rc).toBe(200);
    expect((await popular()).find((e) => e.id === first)?.likes.is_liked).toBe(1);
    expect((await reader.v.post('/v3.0/favorite/change', { id: inC2, type: 'content', state: 1 })).json().rc).toBe(200);
    expect((await popular()).find((e) => e.id === inC2)?.is_favorited).toBe(true);
    expect((await reader.v.post(`/v3.0/unsubscribe/to/subsite/${c1.id}`)).json().rc).toBe(200);
    expect(await myNew()).toEqual([inC2]);

    // Without writes, a page lives ANONYMOUS_CACHE_MS and no longer.
    const later = await f.entry({ subsiteId: c2.id, authorId: author.id, publishedAt: f.hoursAgo(2) });
    expect(await myNew()).toEqual([inC2]);
    t.clock.now = new Date(t.clock.now.getTime() + ANONYMOUS_CACHE_MS);
    expect(await myNew()).toEqual([later, inC2]);
  });

  it("a reader's own mutes, hides and subscriptions show on their very next first page; others' kept state stays", async () => {
    const author = await f.reader();
    const [reader, other] = [await f.reader(), await f.reader()];
    const [c1, c2] = [await f.community(), await f.community()];
    const a = await f.entry({ subsiteId: c1.id, authorId: author.id, publishedAt: f.hoursAgo(1) });
    const b = await f.entry({ subsiteId: c2.id, authorId: author.id, publishedAt: f.hoursAgo(2) });
    const tagged = await f.entry({ subsiteId: c1.id, authorId: author.id, publishedAt: f.hoursAgo(3) });
    await t.database.db.execute(sql`insert into entry_hashtags (entry_id, tag) values (${tagged}, 'проверка')`);
    const mine = new Set([a, b, tagged]);
    const ids = async (v: Visitor, query: string) =>
      (await feedPage(v, `${query}&count=50`)).items.map((e) => e.id).filter((id) => mine.has(id));
    const popular = (v = reader.v) => ids(v, 'sorting=hotness');
    const myNew = () => ids(reader.v, 'my=1&sorting=date');
    const write = async (v: Visitor, path: string, body?: object) =>
      expect((await v.post(path, body)).json().rc).toBe(200);

    expect((await popular()).sort()).toEqual([a, b, tagged].sort());
    expect(await myNew()).toEqual([]);
    await write(reader.v, `/v3.0/subscribe/to/subsite/${c1.id}`);
    expect(await myNew()).toEqual([a, tagged]);

    // A mute holds on every later request, the reader's kept state and the shared ordering long expired or not.
    await write(reader.v, `/v3.0/mute/subsite/${c2.id}`);
    for (let i = 0; i < 3; i++) {
      expect(await popular()).not.toContain(b);
      t.clock.now = new Date(t.clock.now.getTime() + ANONYMOUS_CACHE_MS / 2);
    }
    await write(reader.v, '/v3.0/hashtags/mute', { hashtags: ['проверка'] });
    expect(await popular()).not.toContain(tagged);
    expect(await myNew()).toEqual([a]);
    await write(reader.v, `/v3.0/content/hide/${a}`);
    expect(await popular()).toEqual([]);
    expect(await myNew()).toEqual([]);
    await write(reader.v, `/v3.0/content/unhide/${a}`);
    await write(reader.v, '/v3.0/hashtags/unmute', { hashtags: ['проверка'] });
    await write(reader.v, `/v3.0/unmute/subsite/${c2.id}`);
    await write(reader.v, `/v3.0/subscribe/to/subsite/${c2.id}`);
    expect(await myNew()).toEqual([a, b, tagged]);
    await write(reader.v, `/v3.0/unsubscribe/to/subsite/${c1.id}`);
    expect(await myNew()).toEqual([b]);

    // Another reader's state is kept through this reader's writes: a hide written around the server (as another
    // node would) shows only after their own write.
    expect(await popular(other.v)).toContain(b);
    await t.database.db.insert(entryHides).values({ userId: other.id, entryId: b });
    await write(reader.v, `/v3.0/mute/subsite/${c2.id}`);
    expect(await popular(other.v)).toContain(b);
    await write(other.v, '/v3.0/like', { id: a, type: 'content', sign: 1 });
    expect(await popular(other.v)).not.toContain(b);
  });

  it('a first page the shared ordering holds too few of is read whole from the database', async () => {
    const author = await f.reader();
    const reader = await f.reader();
    const [old, busy] = [await f.community(), await f.community()];
    const oldest = await f.entry({ subsiteId: old.id, authorId: author.id, publishedAt: f.hoursAgo(30 * 24) });
    const older = await f.entry({ subsiteId: old.id, authorId: author.id, publishedAt: f.hoursAgo(20 * 24) });
    // More newer entries elsewhere than the ordering keeps.
    await t.database.db.insert(entries).values(
      Array.from({ length: WINDOW_SIZE }, (_, i) => ({
        subsiteId: busy.id,
        authorId: author.id,
        title: `Новая запись ${i}`,
        slug: `novaya-${i}`,
        isPublished: true,
        blocks: [],
        publishedAt: f.hoursAgo(i / 100),
      })),
    );
    expect((await reader.v.post(`/v3.0/subscribe/to/subsite/${old.id}`)).json().rc).toBe(200);
    const page = await feedPage(reader.v, 'my=1&sorting=date');
    expect(page.items.map((e) => e.id)).toEqual([older, oldest]);
    expect(page.is_finished).toBe(true);
    // A page the ordering does hold goes on from its last position.
    expect((await reader.v.post(`/v3.0/subscribe/to/subsite/${busy.id}`)).json().rc).toBe(200);
    const first = await feedPage(reader.v, 'my=1&sorting=date&count=3');
    expect(first.items).toHaveLength(3);
    expect(first.is_finished).toBe(false);
    const next = await feedPage(
      reader.v,
      `my=1&sorting=date&count=50&last_id=${first.last_id}&last_sorting_value=${first.last_sorting_value}`,
    );
    expect(next.items.map((e) => e.id)).not.toContain(first.items[0]!.id);
    expect(next.items).toHaveLength(50);
  });

  it("a reader's mute through another node shows here once this node reads their session again, long before their kept state expires", async () => {
    // A second node: its own caches over the same database.
    const other = await buildApp({ config: t.config, db: t.database.db, logger: false, now: () => t.clock.now });
    try {
      await other.ready();
      const author = await f.reader();
      const reader = await f.reader();
      const c = await f.community();
      const a = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(1) });
      const popular = async () => (await feedPage(reader.v, 'sorting=hotness&count=50')).items.map((e) => e.id);
      expect((await reader.v.post(`/v3.0/subscribe/to/subsite/${c.id}`)).json().rc).toBe(200);
      expect(await popular()).toContain(a);
      const there = new Visitor(other);
      there.cookies = reader.v.cookies;
      expect((await there.post(`/v3.0/mute/subsite/${c.id}`)).json().rc).toBe(200);
      // This node's copy of the session is a few seconds old at most; after it the mute shows, though the reader's
      // state here was read well within its own time.
      expect(SESSION_CACHE_MS).toBeLessThan(READER_STATE_MS);
      t.clock.now = new Date(t.clock.now.getTime() + SESSION_CACHE_MS);
      expect(await popular()).not.toContain(a);
      expect((await feedPage(there, 'sorting=hotness&count=50')).items.map((e) => e.id)).not.toContain(a);
    } finally {
      await other.close();
    }
  });

  it('a first page picked from the shared ordering is the page the database reads for the reader', async () => {
    // The same database read live (as in development), without the shared ordering or any kept state.
    const live = await buildApp({
      config: { ...t.config, sharedCaches: false },
      db: t.database.db,
      logger: false,
      now: () => t.clock.now,
    });
    try {
      await live.ready();
      const [a1, a2, reader] = [await f.reader(), await f.reader(), await f.reader()];
      const [c1, c2, c3] = [await f.community(), await f.community(), await f.community()];
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) {
        const id = await f.entry({
          subsiteId: [c1, c2, c3][i % 3]!.id,
          authorId: i % 4 ? a1.id : a2.id,
          publishedAt: f.hoursAgo(i / 2),
          isHiddenFromMain: i % 7 === 0,
          isHiddenForPlus: i % 5 === 0,
        });
        await f.setCounters(id, { likesSumm: (i * 7) % 23, commentsCount: i % 4 });
        if (i % 6 === 0)
          await t.database.db.execute(sql`insert into entry_hashtags (entry_id, tag) values (${id}, 'шум')`);
        ids.push(id);
      }
      const ok = async (path: string, body?: object) => expect((await reader.v.post(path, body)).json().rc).toBe(200);
      await ok(`/v3.0/subscribe/to/subsite/${c1.id}`);
      await ok(`/v3.0/subscribe/to/subsite/${a2.id}`);
      await ok(`/v3.0/mute/subsite/${c3.id}`);
      await ok('/v3.0/hashtags/mute', { hashtags: ['шум'] });
      await ok(`/v3.0/content/hide/${ids[4]}`);
      // The reader's votes written as rows: a vote through the API moves the entry's rating when its counters are
      // folded (a job), which the shared ordering sees within its 5 s and the live read at once.
      await t.database.db.insert(likes).values([
        { userId: reader.id, targetType: 'content', targetId: ids[1]!, sign: 1 },
        { userId: reader.id, targetType: 'content', targetId: ids[3]!, sign: -1 },
      ]);
      await ok('/v3.0/favorite/change', { id: ids[7], type: 'content', state: 1 });
      const there = new Visitor(live);
      there.cookies = reader.v.cookies;
      const shape = (page: Awaited<ReturnType<typeof feedPage>>) => ({
        ...page,
        items: page.items.map((e) => [e.id, e.likes.is_liked, e.is_favorited]),
      });
      for (const query of [
        'sorting=hotness',
        'sorting=date&count=7',
        'all=1&sorting=hotness&count=9',
        'all=1&sorting=date',
        'my=1&sorting=date&count=4',
        'my=1',
        `sorting=hotness&count=5&exclude_ids=${ids.slice(25).join(',')}`,
      ])
        expect(shape(await feedPage(reader.v, query)), query).toEqual(shape(await feedPage(there, query)));
    } finally {
      await live.close();
    }
  });

  it('drops a card that was removed since it was shared', async () => {
    const author = await f.reader();
    const c = await f.community();
    const id = await f.entry({ subsiteId: c.id, authorId: author.id });
    const before = await feedPage(author.v, `subsite_id=${c.id}`);
    expect(before.items.map((e) => e.id)).toEqual([id]);
    expect((await author.v.post(`/v3.0/writing/${id}/remove`)).json().rc).toBe(200);
    const after = await feedPage(author.v, `subsite_id=${c.id}`);
    expect(after.items.map((e) => e.id)).toEqual([]);
  });
});
