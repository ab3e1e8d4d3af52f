import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { FEED_MAX_EXCLUDE, FEED_PAGE_SIZE } from '../../../shared/feed.ts';
import { entryHides, mutes, subscriptions, users } from '../../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { feedFixtures, feedPage, walkFeed } from './testing.ts';

// The first account runs the site; useTestApp takes that seat so every test user is an ordinary one.
const { t } = useTestApp();
let f: ReturnType<typeof feedFixtures>;
let author: { v: Visitor; id: number };

beforeAll(async () => {
  f = feedFixtures(t);
  author = await f.reader();
});

const anon = () => new Visitor(t.app);
const ids = (page: { items: { id: number }[] }) => page.items.map((e) => e.id);

describe('GET /v3.0/feed: what each feed holds', () => {
  it('answers cards with a cursor, 20 to a page by default', async () => {
    const c = await f.community();
    for (let i = 0; i < FEED_PAGE_SIZE + 3; i++)
      await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(i) });
    const page = await feedPage(anon(), `subsite_id=${c.id}&sorting=date`);
    expect(page.items).toHaveLength(FEED_PAGE_SIZE);
    expect(page.is_finished).toBe(false);
    expect(page.last_id).toBe(page.items.at(-1)!.id);
    expect(typeof page.last_sorting_value).toBe('number');
    expect(page.items[0]).toMatchObject({
      url: expect.stringMatching(new RegExp(`^/s/${c.slug}/\\d+-zapis-\\d+$`)),
      title: expect.stringMatching(/^Запись/),
      intro: expect.stringMatching(/^Вступление/),
      author: { id: author.id },
      subsite: { id: c.id, type: 'community', name: c.name },
      likes: { count: 0, summ: 0, is_liked: 0 },
      counters: { comments: 0, favorites: 0, hits: 0 },
      is_favorited: false,
    });
    const rest = await feedPage(
      anon(),
      `subsite_id=${c.id}&sorting=date&last_id=${page.last_id}&last_sorting_value=${page.last_sorting_value}`,
    );
    expect(rest.items).toHaveLength(3);
    expect(rest.is_finished).toBe(true);
  });

  it('the main feed leaves out entries hidden from main and voted down to −5; /all keeps the voted-down ones', async () => {
    const c = await f.community();
    const fine = await f.entry({ subsiteId: c.id, authorId: author.id });
    const hidden = await f.entry({ subsiteId: c.id, authorId: author.id, isHiddenFromMain: true });
    const buried = await f.entry({ subsiteId: c.id, authorId: author.id, likesSumm: -5 });
    const disliked = await f.entry({ subsiteId: c.id, authorId: author.id, likesSumm: -4 });
    const draft = await f.entry({ subsiteId: c.id, authorId: author.id, isPublished: false });
    const removed = await f.entry({ subsiteId: c.id, authorId: author.id, removed: true });
    const main = await walkFeed(anon(), 'sorting=date');
    const all = await walkFeed(anon(), 'sorting=date&all=1');
    const own = await walkFeed(anon(), `sorting=date&subsite_id=${c.id}`);
    expect(main).toEqual(expect.arrayContaining([fine, disliked]));
    expect(main).not.toContain(hidden);
    expect(main).not.toContain(buried);
    expect(all).toEqual(expect.arrayContaining([fine, disliked, buried]));
    expect(all).not.toContain(hidden);
    expect(own.sort()).toEqual([fine, hidden, buried, disliked].sort());
    for (const list of [main, all, own]) {
      expect(list).not.toContain(draft);
      expect(list).not.toContain(removed);
    }
    // all=0 is the main feed.
    expect(await walkFeed(anon(), 'sorting=date&all=0')).toEqual(main);
  });

  it("a person's blog feed shows what they wrote anywhere; a community's only its own entries", async () => {
    const writer = await f.reader();
    const c = await f.community();
    const inBlog = await f.entry({ subsiteId: writer.id, authorId: writer.id });
    const inCommunity = await f.entry({ subsiteId: c.id, authorId: writer.id });
    const other = await f.entry({ subsiteId: c.id, authorId: author.id });
    expect((await walkFeed(anon(), `subsite_id=${writer.id}`)).sort()).toEqual([inBlog, inCommunity].sort());
    expect((await walkFeed(anon(), `subsite_id=${c.id}`)).sort()).toEqual([inCommunity, other].sort());
  });

  it("my=1 is the reader's subscriptions: subsites, and people followed wherever they write", async () => {
    const reader = await f.reader();
    const writer = await f.reader();
    const followed = await f.community();
    const notFollowed = await f.community();
    const a = await f.entry({ subsiteId: followed.id, authorId: author.id });
    const b = await f.entry({ subsiteId: notFollowed.id, authorId: author.id });
    const byWriter = await f.entry({ subsiteId: notFollowed.id, authorId: writer.id });
    const hiddenFromMain = await f.entry({ subsiteId: followed.id, authorId: author.id, isHiddenFromMain: true });
    expect(await walkFeed(reader.v, 'my=1')).toEqual([]);
    await reader.v.post(`/v3.0/subscribe/to/subsite/${followed.id}`);
    await reader.v.post(`/v3.0/subscribe/to/subsite/${writer.id}`);
    const mine = await walkFeed(reader.v, 'my=1&sorting=date');
    expect(mine.sort()).toEqual([a, byWriter, hiddenFromMain].sort());
    expect(mine).not.toContain(b);
    await reader.v.post(`/v3.0/unsubscribe/to/subsite/${followed.id}`);
    expect(await walkFeed(reader.v, 'my=1&sorting=hotness')).toEqual([byWriter]);
  });

  it('my=1 asks an anonymous visitor to sign in (rc 401)', async () => {
    const res = await anon().get('/v3.0/feed?my=1');
    expect(isRussianError(res, 401)).toBe(true);
    expect(res.json().rm).toBe(messages.authRequired);
  });

  it('an unknown subsite is a Russian 404', async () => {
    const res = await anon().get('/v3.0/feed?subsite_id=2000000000');
    expect(isRussianError(res, 404)).toBe(true);
    expect(res.json().rm).toBe(messages.subsiteNotFound);
  });
});

describe('sortings', () => {
  it('date: newest first, ties broken by id', async () => {
    const c = await f.community();
    const at = f.hoursAgo(3);
    const old = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(10) });
    const twin1 = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: at });
    const twin2 = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: at });
    const fresh = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(1) });
    expect(await walkFeed(anon(), `subsite_id=${c.id}&sorting=date`, { count: 1 })).toEqual([fresh, twin2, twin1, old]);
  });

  it('hotness: the stored score, highest first', async () => {
    const c = await f.community();
    const quiet = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(2) });
    const liked = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(5), likesSumm: 40 });
    const disliked = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(1), likesSumm: -3 });
    expect(await walkFeed(anon(), `subsite_id=${c.id}&sorting=hotness`)).toEqual([liked, quiet, disliked]);
    // Without a sorting the feed is by hotness too.
    expect(ids(await feedPage(anon(), `subsite_id=${c.id}`))).toEqual([liked, quiet, disliked]);
  });

  it.each([
    ['day', 24],
    ['week', 7 * 24],
    ['month', 30 * 24],
    ['year', 365 * 24],
  ])('top %s: votes within the period, most first', async (period, hours) => {
    const c = await f.community();
    const inside = await f.entry({
      subsiteId: c.id,
      authorId: author.id,
      publishedAt: f.hoursAgo(hours - 1),
      likesSumm: 3,
    });
    const best = await f.entry({
      subsiteId: c.id,
      authorId: author.id,
      publishedAt: f.hoursAgo(hours / 2),
      likesSumm: 9,
    });
    const zero = await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(0.5) });
    await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(hours + 1), likesSumm: 100 });
    expect(await walkFeed(anon(), `subsite_id=${c.id}&sorting=${period}`, { count: 1 })).toEqual([best, inside, zero]);
  });

  it('top all: every entry by votes, whatever its age', async () => {
    const c = await f.community();
    const ancient = await f.entry({
      subsiteId: c.id,
      authorId: author.id,
      publishedAt: f.hoursAgo(5 * 365 * 24),
      likesSumm: 50,
    });
    const fresh = await f.entry({ subsiteId: c.id, authorId: author.id, likesSumm: 2 });
    expect(await walkFeed(anon(), `subsite_id=${c.id}&sorting=all`)).toEqual([ancient, fresh]);
  });

  it('the main page opens with the sorting the reader saved', async () => {
    const reader = await f.reader();
    const c = await f.community();
    await f.entry({ subsiteId: c.id, authorId: author.id, likesSumm: 30, publishedAt: f.hoursAgo(20) });
    const hot = await feedPage(reader.v, 'count=50');
    const res = await reader.v.post('/v3.0/subsite/save_default_sorting_for_feed/date');
    expect(res.json()).toEqual({ rc: 200, rm: messages.sortingSaved, data: { sorting: 'date' } });
    const byDate = await feedPage(reader.v, 'count=50');
    expect(ids(byDate)).toEqual(ids(await feedPage(reader.v, 'count=50&sorting=date')));
    expect(ids(byDate)).not.toEqual(ids(hot));
    // Only the main feed follows it, and an explicit sorting wins.
    expect(ids(await feedPage(reader.v, 'count=50&sorting=hotness'))).toEqual(ids(hot));
    expect(ids(await feedPage(anon(), 'count=50'))).toEqual(ids(hot));
  });
});

describe("the reader's filters", () => {
  it('a muted subsite leaves every feed but its own page; unmuting brings it back', async () => {
    const reader = await f.reader();
    const c = await f.community();
    const e = await f.entry({ subsiteId: c.id, authorId: author.id });
    await reader.v.post(`/v3.0/subscribe/to/subsite/${c.id}`);
    expect((await reader.v.post(`/v3.0/mute/subsite/${c.id}`)).json()).toMatchObject({
      rc: 200,
      data: { subsite_id: c.id, is_muted: true },
    });
    for (const q of ['sorting=date', 'all=1&sorting=date', 'my=1'])
      expect(await walkFeed(reader.v, q)).not.toContain(e);
    expect(await walkFeed(reader.v, `subsite_id=${c.id}`)).toEqual([e]);
    expect(await walkFeed(anon(), 'all=1&sorting=date')).toContain(e);
    await reader.v.post(`/v3.0/unmute/subsite/${c.id}`);
    for (const q of ['sorting=date', 'all=1&sorting=date', 'my=1']) expect(await walkFeed(reader.v, q)).toContain(e);
  });

  it("muting a person's blog ignores that author everywhere, their community entries too", async () => {
    const reader = await f.reader();
    const writer = await f.reader();
    const c = await f.community();
    const inBlog = await f.entry({ subsiteId: writer.id, authorId: writer.id });
    const inCommunity = await f.entry({ subsiteId: c.id, authorId: writer.id });
    const neighbour = await f.entry({ subsiteId: c.id, authorId: author.id });
    await reader.v.post(`/v3.0/mute/subsite/${writer.id}`);
    const all = await walkFeed(reader.v, 'all=1&sorting=date');
    expect(all).not.toContain(inBlog);
    expect(all).not.toContain(inCommunity);
    expect(all).toContain(neighbour);
    expect(await walkFeed(reader.v, `subsite_id=${c.id}`)).toEqual([neighbour]);
    expect((await walkFeed(reader.v, `subsite_id=${writer.id}`)).sort()).toEqual([inBlog, inCommunity].sort());
  });

  it('a hidden entry leaves every feed of that reader only; unhiding brings it back', async () => {
    const reader = await f.reader();
    const c = await f.community();
    const e = await f.entry({ subsiteId: c.id, authorId: author.id });
    const res = await reader.v.post(`/v3.0/content/hide/${e}`);
    expect(res.json()).toEqual({ rc: 200, rm: messages.entryHidden, data: { content_id: e, is_hidden: true } });
    expect((await reader.v.post(`/v3.0/content/hide/${e}`)).json().rc).toBe(200);
    for (const q of ['sorting=date', 'all=1&sorting=date', `subsite_id=${c.id}`])
      expect(await walkFeed(reader.v, q)).not.toContain(e);
    expect(await walkFeed(anon(), `subsite_id=${c.id}`)).toEqual([e]);
    const undo = await reader.v.post(`/v3.0/content/unhide/${e}`);
    expect(undo.json()).toEqual({ rc: 200, rm: messages.entryUnhidden, data: { content_id: e, is_hidden: false } });
    expect(await walkFeed(reader.v, `subsite_id=${c.id}`)).toEqual([e]);
  });
});

describe('POST /v3.0/content/hide|unhide/{id}: refused requests change nothing', () => {
  const hides = async () => (await t.database.db.select({ n: count() }).from(entryHides))[0].n;
  let e: number;
  beforeAll(async () => {
    const c = await f.community();
    e = await f.entry({ subsiteId: c.id, authorId: author.id });
  });

  it.each(['hide', 'unhide'])('%s: anonymous → 401', async (action) => {
    const before = await hides();
    expect(isRussianError(await anon().post(`/v3.0/content/${action}/${e}`), 401)).toBe(true);
    expect(await hides()).toBe(before);
  });

  it.each(['hide', 'unhide'])('%s: no CSRF marker → 403', async (action) => {
    const reader = await f.reader();
    const before = await hides();
    expect(isRussianError(await reader.v.post(`/v3.0/content/${action}/${e}`, {}, { csrf: false }), 403)).toBe(true);
    expect(await hides()).toBe(before);
  });

  it('unknown, unpublished and removed entries are a Russian 404 to hide', async () => {
    const reader = await f.reader();
    const c = await f.community();
    const draft = await f.entry({ subsiteId: c.id, authorId: author.id, isPublished: false });
    const gone = await f.entry({ subsiteId: c.id, authorId: author.id, removed: true });
    const before = await hides();
    for (const id of [2_000_000_000, draft, gone]) {
      const res = await reader.v.post(`/v3.0/content/hide/${id}`);
      expect(isRussianError(res, 404)).toBe(true);
      expect(res.json().rm).toBe(messages.feedEntryNotFound);
    }
    expect(isRussianError(await reader.v.post('/v3.0/content/unhide/2000000000'), 404)).toBe(true);
    expect(await hides()).toBe(before);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e400', '1e3', '0x10', '%20', 'NaN'])(
    'the id %j is a Russian 400',
    async (id) => {
      const reader = await f.reader();
      const res = await reader.v.post(`/v3.0/content/hide/${id}`);
      expect(isRussianError(res, 400)).toBe(true);
      expect(res.json().rm).toBe(messages.feedEntryIdInvalid);
    },
  );

  it('a stray field in the body is named in a Russian 400', async () => {
    const reader = await f.reader();
    const before = await hides();
    const res = await reader.v.post(`/v3.0/content/hide/${e}`, { user_id: 1 });
    expect(res.json()).toMatchObject({ rc: 400, rm: messages.unknownField('user_id') });
    expect(await hides()).toBe(before);
    // A form body with only mode=raw is fine.
    expect(
      (await reader.v.call(`/v3.0/content/hide/${e}`, { method: 'POST', as: 'form', body: { mode: 'raw' } })).json().rc,
    ).toBe(200);
  });

  it('a banned reader gets a Russian 403', async () => {
    const reader = await f.reader();
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now.getTime() + 3600_000) })
      .where(eq(users.id, reader.id));
    const before = await hides();
    const res = await reader.v.post(`/v3.0/content/hide/${e}`);
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.banned);
    expect(await hides()).toBe(before);
  });

  it("one reader's unhide never touches another's hide", async () => {
    const a = await f.reader();
    const b = await f.reader();
    await a.v.post(`/v3.0/content/hide/${e}`);
    await b.v.post(`/v3.0/content/unhide/${e}`);
    expect(
      await t.database.db
        .select()
        .from(entryHides)
        .where(sql`${entryHides.userId} = ${a.id}`),
    ).toHaveLength(1);
  });
});

describe('GET /v3.0/feed: bad input is a Russian 400', () => {
  it.each([
    ['sorting=popular', messages.feedSortingInvalid],
    ['sorting[]=date', messages.feedSortingInvalid],
    ['last_id=5', messages.feedCursorPair],
    ['last_sorting_value=5', messages.feedCursorPair],
    ['last_id=abc&last_sorting_value=1', messages.feedCursorInvalid],
    ['last_id=0&last_sorting_value=1', messages.feedCursorInvalid],
    ['last_id=5&last_sorting_value=abc', messages.feedCursorInvalid],
    ['last_id=5&last_sorting_value=', messages.feedCursorInvalid],
    ['last_id=5&last_sorting_value=1e400', messages.feedCursorInvalid],
    ['last_id=5&last_sorting_value=Infinity', messages.feedCursorInvalid],
    ['sorting=date&last_id=5&last_sorting_value=1.5', messages.feedCursorInvalid],
    ['sorting=week&last_id=5&last_sorting_value=0.5', messages.feedCursorInvalid],
    ['count=0', messages.feedCountInvalid(50)],
    ['count=51', messages.feedCountInvalid(50)],
    ['count=abc', messages.feedCountInvalid(50)],
    ['all=2', messages.feedFlagInvalid],
    ['my=yes', messages.feedFlagInvalid],
    ['subsite_id=abc', messages.subsiteNotFound],
    ['subsite_id=-3', messages.subsiteNotFound],
    ['subsite_id=99999999999', messages.subsiteNotFound],
    ['subsite_id=0x10', messages.subsiteNotFound],
    ['subsite_id=1e3', messages.subsiteNotFound],
    ['subsite_id=1.5', messages.subsiteNotFound],
    ['subsite_id=%20', messages.subsiteNotFound],
    ['last_id=0x10&last_sorting_value=1', messages.feedCursorInvalid],
    ['exclude_ids=1e3', messages.feedExcludeInvalid],
    ['count=0x10', messages.feedCountInvalid(50)],
    ['exclude_ids=1,x', messages.feedExcludeInvalid],
    ['exclude_ids=0', messages.feedExcludeInvalid],
    ['exclude_ids=99999999999', messages.feedExcludeInvalid],
    [
      `exclude_ids=${Array.from({ length: FEED_MAX_EXCLUDE + 1 }, (_, i) => i + 1).join(',')}`,
      messages.feedExcludeTooMany(FEED_MAX_EXCLUDE),
    ],
    ['page=0', messages.feedPageInvalid],
    ['page=2x', messages.feedPageInvalid],
    ['content_id=0x10', messages.feedContentIdInvalid],
    ['pages=2', messages.unknownField('pages')],
  ])('%s', async (query, rm) => {
    const res = await anon().get(`/v3.0/feed?${query}`);
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(rm);
  });

  it('takes exclude_ids as a list in bracket notation too', async () => {
    const c = await f.community();
    const a = await f.entry({ subsiteId: c.id, authorId: author.id });
    const b = await f.entry({ subsiteId: c.id, authorId: author.id });
    expect(ids(await feedPage(anon(), `subsite_id=${c.id}&exclude_ids[]=${a}`))).toEqual([b]);
    expect(ids(await feedPage(anon(), `subsite_id=${c.id}&exclude_ids=${a},${b}`))).toEqual([]);
  });
});

describe('paging: a whole walk sees every entry exactly once while entries arrive', () => {
  it('by date, with new entries published during the walk', async () => {
    const c = await f.community();
    const before: number[] = [];
    for (let i = 0; i < 45; i++)
      before.push(await f.entry({ subsiteId: c.id, authorId: author.id, publishedAt: f.hoursAgo(i % 9) }));
    const arrived: number[] = [];
    const seen = await walkFeed(anon(), `subsite_id=${c.id}&sorting=date`, {
      count: 7,
      between: async () => {
        t.clock.now = new Date(t.clock.now.getTime() + 1000);
        arrived.push(await f.entry({ subsiteId: c.id, authorId: author.id }));
      },
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => !arrived.includes(id)).sort((a, b) => a - b)).toEqual(before.sort((a, b) => a - b));
    // Newer entries sit above the cursor, so the walk never reaches them.
    expect(seen.filter((id) => arrived.includes(id))).toEqual([]);
  });

  it('by date with microsecond timestamps the database wrote itself', async () => {
    const c = await f.community();
    const made: number[] = [];
    for (let i = 0; i < 12; i++) made.push(await f.entry({ subsiteId: c.id, authorId: author.id }));
    // Several rows in one millisecond, apart by microseconds: beyond what a JS Date can carry.
    await t.database.db.execute(sql`update entries set published_at = ${t.clock.now.toISOString()}::timestamptz
      - (id % 2) * interval '1 second' + (id % 5) * interval '1 microsecond' where subsite_id = ${c.id}`);
    const seen = await walkFeed(anon(), `subsite_id=${c.id}&sorting=date`, { count: 5 });
    expect(seen.slice().sort((a, b) => a - b)).toEqual(made);
  });

  it('by hotness with exclude_ids, while votes move entries and new ones arrive', async () => {
    const c = await f.community();
    const before: number[] = [];
    for (let i = 0; i < 40; i++) {
      before.push(
        await f.entry({
          subsiteId: c.id,
          authorId: author.id,
          publishedAt: f.hoursAgo(i % 10),
          likesSumm: (i * 7) % 13,
        }),
      );
    }
    const climbed: number[] = [];
    const seen = await walkFeed(anon(), `subsite_id=${c.id}&sorting=hotness`, {
      count: 6,
      exclude: true,
      between: async (page) => {
        await f.entry({ subsiteId: c.id, authorId: author.id, likesSumm: page });
        // An entry already shown falls below the cursor (exclude_ids keep it from coming back);
        // one not yet shown climbs above the cursor (the walk may miss it: it moved past the reader).
        await f.setCounters(before[page], { likesSumm: -20 });
        climbed.push(before[before.length - 1 - page]);
        await f.setCounters(climbed.at(-1)!, { likesSumm: 1000 });
      },
    });
    expect(climbed.length).toBeGreaterThan(4);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(before.filter((id) => !climbed.includes(id))));
  });

  it('without exclude_ids a hotness walk may repeat an entry that fell; with them it never does', async () => {
    const c = await f.community();
    const made: number[] = [];
    for (let i = 0; i < 10; i++) made.push(await f.entry({ subsiteId: c.id, authorId: author.id, likesSumm: 100 - i }));
    const first = await feedPage(anon(), `subsite_id=${c.id}&sorting=hotness&count=3`);
    await f.setCounters(first.items[0].id, { likesSumm: -50 });
    const cursor = `&last_id=${first.last_id}&last_sorting_value=${first.last_sorting_value}`;
    const plain = await walkFeed(anon(), `subsite_id=${c.id}&sorting=hotness${cursor}`);
    expect(plain).toContain(first.items[0].id);
    const excluded = await walkFeed(
      anon(),
      `subsite_id=${c.id}&sorting=hotness${cursor}&exclude_ids=${ids(first).join(',')}`,
    );
    expect(excluded).not.toContain(first.items[0].id);
    expect(excluded.sort()).toEqual(made.filter((id) => !ids(first).includes(id)).sort());
  });

  it('top sortings page through ties on the vote sum by id', async () => {
    const c = await f.community();
    const made: number[] = [];
    for (let i = 0; i < 9; i++) made.push(await f.entry({ subsiteId: c.id, authorId: author.id, likesSumm: i % 2 }));
    const seen = await walkFeed(anon(), `subsite_id=${c.id}&sorting=week`, { count: 2 });
    expect(seen).toEqual([
      ...made.filter((_, i) => i % 2 === 1).reverse(),
      ...made.filter((_, i) => i % 2 === 0).reverse(),
    ]);
  });
});

describe('GET /v3.0/feed/recent_count: the /new badge', () => {
  it('counts main-feed entries since the time, up to 100', async () => {
    const reader = await f.reader();
    const c = await f.community();
    const since = Math.floor(t.clock.now.getTime() / 1000) + 3600;
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 3600_000);
    await f.entry({ subsiteId: c.id, authorId: author.id });
    await f.entry({ subsiteId: c.id, authorId: author.id });
    await f.entry({ subsiteId: c.id, authorId: author.id, isHiddenFromMain: true });
    const muted = await f.community();
    await f.entry({ subsiteId: muted.id, authorId: author.id });
    expect((await anon().get(`/v3.0/feed/recent_count?since=${since}`)).json()).toEqual({
      rc: 200,
      rm: '',
      data: { count: 3 },
    });
    await reader.v.post(`/v3.0/mute/subsite/${muted.id}`);
    expect((await reader.v.get(`/v3.0/feed/recent_count?since=${since}`)).json().data.count).toBe(2);
    expect((await anon().get('/v3.0/feed/recent_count?since=0')).json().data.count).toBe(100);
  });

  it.each(['since=abc', 'since=-1', 'since=1.5', 'since=99999999999', '', 'since=1&x=1'])(
    'refuses %j with a Russian 400',
    async (q) => {
      expect(isRussianError(await anon().get(`/v3.0/feed/recent_count?${q}`), 400)).toBe(true);
    },
  );
});

describe("the reader's relation rows stay consistent", () => {
  it('mutes and subscriptions are separate: muting keeps the subscription', async () => {
    const reader = await f.reader();
    const c = await f.community();
    await reader.v.post(`/v3.0/subscribe/to/subsite/${c.id}`);
    await reader.v.post(`/v3.0/mute/subsite/${c.id}`);
    expect(
      await t.database.db
        .select()
        .from(subscriptions)
        .where(sql`${subscriptions.userId} = ${reader.id}`),
    ).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(mutes)
        .where(sql`${mutes.userId} = ${reader.id}`),
    ).toHaveLength(1);
  });
});
