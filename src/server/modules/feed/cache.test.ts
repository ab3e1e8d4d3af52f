import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { TtlCache } from '../../lib/cache.ts';
import { subsiteRoles } from '../../db/schema.ts';
import { ANONYMOUS_CACHE_MS } from './service.ts';
import { feedFixtures, feedPage } from './testing.ts';
import type { FeedPage } from '../../../shared/feed.ts';

describe('TtlCache', () => {
  it('serves a value until its time runs out, one computation for concurrent misses', async () => {
    const clock = { now: new Date('2026-01-01T00:00:00Z') };
    const cache = new TtlCache<number>(1000, 10, () => clock.now);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute), cache.get('a', compute)])).toEqual([
      1, 1, 1,
    ]);
    clock.now = new Date(clock.now.getTime() + 999);
    expect(await cache.get('a', compute)).toBe(1);
    clock.now = new Date(clock.now.getTime() + 1);
    expect(await cache.get('a', compute)).toBe(2);
  });

  it('keeps at most `max` keys, dropping the oldest, and never keeps a failure', async () => {
    const cache = new TtlCache<string>(60_000, 2, () => new Date());
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
    await expect(
      cache.get('x', async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'x2')).toBe('x2');
  });
});

describe('anonymous feed pages in production', () => {
  let t: TestApp;
  let f: ReturnType<typeof feedFixtures>;
  let staff: Visitor;
  beforeAll(async () => {
    t = await startTestApp({ sharedCaches: true });
    f = feedFixtures(t);
    staff = new Visitor(t.app);
    await staff.register({ name: 'Хозяин Сайта' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`are served again for ${ANONYMOUS_CACHE_MS / 1000} s; signed-in readers always see the live feed`, async () => {
    const reader = await f.reader();
    const c = await f.community();
    const first = await f.entry({ subsiteId: c.id, authorId: reader.id });
    const anon = new Visitor(t.app);
    expect((await feedPage(anon, `subsite_id=${c.id}`)).items.map((e) => e.id)).toEqual([first]);
    const second = await f.entry({ subsiteId: c.id, authorId: reader.id, publishedAt: f.hoursAgo(1) });
    expect((await feedPage(new Visitor(t.app), `subsite_id=${c.id}`)).items.map((e) => e.id)).toEqual([first]);
    expect((await feedPage(reader.v, `subsite_id=${c.id}`)).items.map((e) => e.id).sort()).toEqual(
      [first, second].sort(),
    );
    // Another query is another page.
    expect((await feedPage(anon, `subsite_id=${c.id}&sorting=date`)).items).toHaveLength(2);
    t.clock.now = new Date(t.clock.now.getTime() + ANONYMOUS_CACHE_MS);
    expect((await feedPage(anon, `subsite_id=${c.id}`)).items).toHaveLength(2);
  });

  it('a pin or an unpin on this node shows on the next page at once, though pins are kept a few seconds', async () => {
    const owner = await f.reader();
    const c = await f.community();
    await t.database.db.insert(subsiteRoles).values({ subsiteId: c.id, userId: owner.id, role: 'owner' });
    const older = await f.entry({ subsiteId: c.id, authorId: owner.id, publishedAt: f.hoursAgo(2) });
    const newer = await f.entry({ subsiteId: c.id, authorId: owner.id });
    const ids = async () =>
      (await feedPage(owner.v, `subsite_id=${c.id}&sorting=date`)).items.map((e) =>
        e.is_pinned ? `pin ${e.id}` : e.id,
      );
    expect(await ids()).toEqual([newer, older]);
    const pin = await owner.v.post('/v3.0/admin/content/pin', { content_id: older, subsite_id: c.id });
    expect(pin.json().rc, pin.body).toBe(200);
    expect(await ids()).toEqual([`pin ${older}`, newer]);
    await owner.v.post('/v3.0/admin/content/pin', { content_id: older, subsite_id: c.id, state: 0 });
    expect(await ids()).toEqual([newer, older]);
  });

  it('a signed-in reader’s first page, picked from the shared window, opens with the main feed’s pin by hotness, not by date', async () => {
    const reader = await f.reader();
    const c = await f.community();
    const older = await f.entry({ subsiteId: c.id, authorId: reader.id, publishedAt: f.hoursAgo(3) });
    const newer = await f.entry({ subsiteId: c.id, authorId: reader.id });
    const ids = async (sorting: string) =>
      (await feedPage(reader.v, `sorting=${sorting}`)).items.map((e) => (e.is_pinned ? `pin ${e.id}` : e.id));
    const pin = await staff.post('/v3.0/admin/content/pin', { content_id: older, subsite_id: 0 });
    expect(pin.json().rc, pin.body).toBe(200);
    expect((await ids('hotness'))[0]).toBe(`pin ${older}`);
    const byDate = await ids('date');
    expect(byDate).not.toContain(`pin ${older}`);
    expect(byDate.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(byDate.indexOf(older)).toBeGreaterThan(byDate.indexOf(newer));
  });

  it('answer with the page as JSON put together from the cards encoded once: what serializing it whole gives', async () => {
    const owner = await f.reader();
    const c = await f.community();
    await t.database.db.insert(subsiteRoles).values({ subsiteId: c.id, userId: owner.id, role: 'owner' });
    const [pinned, liked, bookmarked] = [
      await f.entry({ subsiteId: c.id, authorId: owner.id, publishedAt: f.hoursAgo(3) }),
      await f.entry({
        subsiteId: c.id,
        authorId: owner.id,
        publishedAt: f.hoursAgo(2),
        title: 'Кавычки " и \\ </script>',
      }),
      await f.entry({ subsiteId: c.id, authorId: owner.id, publishedAt: f.hoursAgo(1) }),
    ];
    await owner.v.post('/v3.0/admin/content/pin', { content_id: pinned, subsite_id: c.id });
    const reader = await f.reader();
    expect((await reader.v.post('/v3.0/like', { id: liked, type: 'content', sign: 1 })).json().rc).toBe(200);
    const fav = await reader.v.post('/v3.0/favorite/change', { id: bookmarked, type: 'content', state: 1 });
    expect(fav.json().rc).toBe(200);
    for (const v of [new Visitor(t.app), new Visitor(t.app), reader.v, reader.v]) {
      const res = await v.get(`/v3.0/feed?subsite_id=${c.id}&sorting=date&count=2`);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      // Parsing and serializing again gives the same text only if it is JSON.stringify's own.
      expect(JSON.stringify(JSON.parse(res.body))).toBe(res.body);
      const { data } = JSON.parse(res.body) as { data: FeedPage };
      expect(data.items.map((e) => [e.id, e.is_pinned === true, e.likes.is_liked, e.is_favorited])).toEqual([
        [pinned, true, 0, false],
        [bookmarked, false, 0, v === reader.v],
        [liked, false, v === reader.v ? 1 : 0, false],
      ]);
      expect(data).toMatchObject({ last_id: liked, is_finished: true });
    }
  });
});
