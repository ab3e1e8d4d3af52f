import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, Visitor } from '../../testing/harness.ts';
import { entries, favorites, likes } from '../../db/schema.ts';
import { text } from '../entries/testing.ts';
import { ANONYMOUS_CACHE_MS } from './service.ts';

/**
 * In production a search page is computed once per ANONYMOUS_CACHE_MS for everyone, anonymous or signed in, and
 * each reader's own marks are read live over it.
 */
const { t, signedIn } = useTestApp({ sharedCaches: true });
const anonymous = () => new Visitor(t.app);

type Json = Record<string, any>;
const find = async (v: Visitor, query: string, entity = 'entries') => {
  const res = await v.get(`/v3.0/search_ajax/v2/${entity}/relevant/1?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { body: res.body, items: res.json().data.items as Json[] };
};
const ids = (page: { items: Json[] }) => page.items.map((i) => i.id);

let author: { v: Visitor; id: number };
let reader: { v: Visitor; id: number };
let first: number;

/** Written straight into the database, as another node would: this node's caches are not told. */
async function elsewhere(title: string) {
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: author.id,
      authorId: author.id,
      title,
      slug: 'zapis',
      blocks: [text('Текст о вулканах.')],
      isPublished: true,
      publishedAt: new Date(),
    })
    .returning();
  return row.id;
}

beforeAll(async () => {
  author = await signedIn('Анна Авторова');
  reader = await signedIn('Борис Читателев');
  first = await elsewhere('Вулканы Камчатки');
});

describe('search: the shared page in production', () => {
  it('is one page for everyone, whatever the case and punctuation of the words, until it expires', async () => {
    const before = await find(anonymous(), 'вулканы');
    expect(ids(before)).toEqual([first]);
    const later = await elsewhere('Вулканы Исландии');
    // Served again to everyone, the query written otherwise included: the new entry is not in it yet.
    expect(ids(await find(anonymous(), 'вулканы'))).toEqual([first]);
    expect(ids(await find(anonymous(), '  ВУЛКАНЫ!! '))).toEqual([first]);
    const signed = await find(author.v, 'Вулканы');
    expect(ids(signed)).toEqual([first]);
    // A reader with no marks on the page gets the very answer anonymous readers get.
    expect(signed.body).toBe(before.body);
    t.clock.now = new Date(Date.now() + ANONYMOUS_CACHE_MS + 1);
    try {
      // Expired: served once more while the next page is computed, which then replaces it.
      expect(ids(await find(anonymous(), 'вулканы'))).toEqual([first]);
      await expect.poll(async () => ids(await find(anonymous(), 'вулканы')).sort()).toEqual([first, later].sort());
    } finally {
      t.clock.now = new Date();
    }
  });

  it("shows a reader's own vote and bookmark at once in a page served from the cache", async () => {
    const page = await find(reader.v, 'камчатки');
    expect(page.items[0]).toMatchObject({ id: first, likes: { is_liked: 0 }, is_favorited: false });
    // The page is kept: an entry written meanwhile elsewhere does not show...
    await elsewhere('Камчатки крабы');
    // ...but the reader's own marks, even made on another node, are read with every answer.
    await t.database.db.insert(likes).values({ userId: reader.id, targetType: 'content', targetId: first, sign: 1 });
    await t.database.db.insert(favorites).values({ userId: reader.id, targetType: 'content', targetId: first });
    const marked = await find(reader.v, 'камчатки');
    expect(ids(marked)).toEqual([first]);
    expect(marked.items[0]).toMatchObject({ likes: { is_liked: 1 }, is_favorited: true });
    // Nobody else sees them.
    expect((await find(author.v, 'камчатки')).items[0]).toMatchObject({ likes: { is_liked: 0 }, is_favorited: false });
    expect((await find(anonymous(), 'камчатки')).body).toBe(page.body);
  });

  it('drops the kept pages when this node answers a write, so its author finds it at once', async () => {
    expect(ids(await find(reader.v, 'гейзеры'))).toEqual([]);
    const res = await reader.v.post('/v3.0/bookmarks/nothing', {});
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const id = await elsewhere('Гейзеры долины');
    // A refused write changes nothing and drops nothing...
    expect(ids(await find(reader.v, 'гейзеры'))).toEqual([]);
    // ...an answered one (a vote here) drops every kept page.
    const vote = await reader.v.post('/v3.0/like', { id: first, type: 'content', sign: -1 });
    expect(vote.json().rc, vote.body).toBe(200);
    const after = await find(reader.v, 'гейзеры');
    expect(ids(after)).toEqual([id]);
    const again = await find(reader.v, 'камчатки');
    expect(again.items.find((i) => i.id === first)).toMatchObject({ likes: { is_liked: -1 } });
  });
});
