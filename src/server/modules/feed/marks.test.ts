import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { ANONYMOUS_CACHE_MS } from './service.ts';
import { feedFixtures, feedPage } from './testing.ts';

/**
 * In production the cards are shared among readers for a few seconds and each reader's marks are laid over them:
 * a reader sees their own vote and bookmark, never another's, and their hides and mutes at once.
 */
describe("a signed-in reader's feed over shared cards (production)", () => {
  let t: TestApp;
  let f: ReturnType<typeof feedFixtures>;
  beforeAll(async () => {
    t = await startTestApp({ isProduction: true });
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
