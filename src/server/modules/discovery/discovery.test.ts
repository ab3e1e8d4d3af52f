import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { col, rows } from '../../db/rows.ts';
import { messages } from '../../../shared/catalogue.ts';
import { companyDetails, likes } from '../../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { feedFixtures } from '../feed/testing.ts';
import { foldReaders } from './service.ts';

const { t } = useTestApp();
let f: ReturnType<typeof feedFixtures>;

beforeAll(() => {
  f = feedFixtures(t);
});
const anon = () => new Visitor(t.app);
const me = async (v: Visitor) => (await v.get('/v3.0/auth/check')).json().data.user;

describe('feed tuning', () => {
  it('a new reader is offered communities, picks some, and is tuned; skipping also counts', async () => {
    const a = await f.community({ subscribersCount: 900 });
    const b = await f.community({ subscribersCount: 800 });
    const reader = await f.reader();
    expect((await me(reader.v)).is_subsites_tuned).toBe(false);
    const offer = (await reader.v.get('/v3.0/subsites/tune-html?mode=popup')).json().data;
    expect(offer.mode).toBe('popup');
    expect(offer.items.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const res = await reader.v.post('/v3.0/subsites/tune', { settings: { [a.id]: 1, [b.id]: 0 } });
    expect(res.json()).toMatchObject({ rc: 200, rm: messages.tuneSaved, data: { is_subsites_tuned: true } });
    expect(res.json().data.subscribed_ids).toContain(a.id);
    expect(res.json().data.subscribed_ids).not.toContain(b.id);
    const user = await me(reader.v);
    expect(user.is_subsites_tuned).toBe(true);
    expect(user.subscribed_ids).toContain(a.id);

    // The site's own client sends a form (`settings[12]=1`): the ids stay keys, not list positions.
    const form = await reader.v.call('/v3.0/subsites/tune', {
      method: 'POST',
      body: { settings: { [a.id]: 0, [b.id]: 1 }, mode: 'raw' },
      as: 'form',
    });
    expect(form.json().data?.subscribed_ids, form.body).toContain(b.id);
    expect(form.json().data?.subscribed_ids).not.toContain(a.id);

    const skipper = await f.reader();
    expect((await skipper.v.post('/v3.0/subsites/tune', {})).json().rc).toBe(200);
    expect((await me(skipper.v)).is_subsites_tuned).toBe(true);
  });

  it('refuses bad settings, personal blogs and strangers, changing nothing', async () => {
    const reader = await f.reader();
    const other = await f.reader();
    const c = await f.community();
    const bad = [
      { settings: { [c.id]: 2 } },
      { settings: { abc: 1 } },
      { settings: { '-1': 1 } },
      { settings: 'x' },
      { settings: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [i + 1, 1])) },
      { settings: { [c.id]: 1 }, extra: 1 },
    ];
    for (const body of bad)
      expect(
        isRussianError(await reader.v.post('/v3.0/subsites/tune', body), 400),
        JSON.stringify(body).slice(0, 60),
      ).toBe(true);
    expect(isRussianError(await reader.v.post('/v3.0/subsites/tune', { settings: { [other.id]: 1 } }), 404)).toBe(true);
    expect(isRussianError(await reader.v.post('/v3.0/subsites/tune', { settings: { 999999: 1 } }), 404)).toBe(true);
    expect(isRussianError(await anon().post('/v3.0/subsites/tune', {}), 401)).toBe(true);
    expect(isRussianError(await anon().get('/v3.0/subsites/tune-html'), 401)).toBe(true);
    expect((await reader.v.get('/v3.0/subsites/tune-html?mode=raw')).json().data.mode).toBe('popup');
    const user = await me(reader.v);
    expect(user.is_subsites_tuned).toBe(false);
    expect(user.subscribed_ids).toEqual([]);
  });
});

describe('initial data and the last-seen time', () => {
  it('counts new entries since the last visit, moves the time on request, names the page', async () => {
    const v = anon();
    const first = (await v.get('/v3.0/initialData?url=/')).json().data;
    expect(first).toMatchObject({
      unread_count: 0,
      defaultFeedType: 2,
      navigation_name: 'main',
      sorting_name: 'hotness',
      is_content: false,
      subsite: null,
      recent_count: 0,
      layout_options: { content_type: 'feed' },
    });
    const seen = first.lastSeenDate;
    expect((await v.get('/v3.0/recent/lastSeen')).json().data.time).toBe(seen);
    const author = await f.reader();
    const c = await f.community();
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    await f.entry({ subsiteId: c.id, authorId: author.id });
    expect((await v.get('/v3.0/initialData?url=/popular')).json().data).toMatchObject({
      recent_count: 1,
      navigation_name: 'popular',
    });
    const onNew = (await v.get('/v3.0/initialData?url=/new&updateRecentLastSeen=1')).json().data;
    expect(onNew).toMatchObject({ navigation_name: 'new', sorting_name: 'date', recent_count: 0 });
    expect((await v.get('/v3.0/recent/lastSeen')).json().data.time).toBeGreaterThan(seen);
    expect((await v.get('/v3.0/initialData')).json().data.recent_count).toBe(0);
    const page = (await v.get(`/v3.0/initialData?url=/s/${c.slug}`)).json().data;
    expect(page).toMatchObject({ navigation_name: 'subsite', subsite: { id: c.id } });
    expect((await v.get(`/v3.0/initialData?url=/s/${c.slug}/1-x`)).json().data.is_content).toBe(true);
  });

  it('answers the action the page address asks for, only with the catalogue’s words', async () => {
    const action = async (v: Visitor, url: string) =>
      (await v.get(`/v3.0/initialData?url=${encodeURIComponent(url)}`)).json().data.action;
    const visitor = new Visitor(t.app);
    expect(await action(visitor, '/popular?authForm=1')).toEqual({ type: 'auth', data: { name: 'login' } });
    expect(await action(visitor, '/s/x/1-y?a=b&authForm=1#c')).toEqual({ type: 'auth', data: { name: 'login' } });
    expect(await action(visitor, '/?notify=signedIn')).toEqual({
      type: 'notify',
      data: { type: 'success', text: messages.actionSignedIn },
    });
    for (const url of ['/', '/?authForm=0', '/?notify=Взломано', '/?notify=toString', '/?notify=__proto__'])
      expect(await action(visitor, url), url).toBeUndefined();
    // A signed-in reader needs no sign-in form.
    const reader = await f.reader();
    expect(await action(reader.v, '/?authForm=1')).toBeUndefined();
  });

  it('keeps a signed-in reader’s time on the server and refuses bad input', async () => {
    const r = await f.reader();
    await r.v.get('/v3.0/initialData?updateRecentLastSeen=1');
    const stored = (await r.v.get('/v3.0/recent/lastSeen')).json().data.time;
    expect(stored).toBeGreaterThan(0);
    for (const q of [
      'updateRecentLastSeen=2',
      'url=http://evil.example',
      'url=//evil',
      `url=/${'x'.repeat(3000)}`,
      'extra=1',
    ])
      expect(isRussianError(await r.v.get(`/v3.0/initialData?${q}`), 400), q).toBe(true);
  });
});

describe('rating, companies, statistics', () => {
  it('ranks people and communities by the votes of the period', async () => {
    const author = await f.reader();
    const c = await f.community();
    const entry = await f.entry({ subsiteId: c.id, authorId: author.id });
    const voter = await f.reader();
    await t.database.db
      .insert(likes)
      .values({ userId: voter.id, targetType: 'content', targetId: entry, sign: 1, createdAt: t.clock.now });
    const week = (await anon().get('/v3.0/rating?kind=users&period=week')).json().data;
    expect(week.items[0]).toMatchObject({ place: 1, subsite: { id: author.id }, rating: 1 });
    const subs = (await anon().get('/v3.0/rating?kind=subsites&period=month')).json().data;
    expect(subs.items.map((i: { subsite: { id: number } }) => i.subsite.id)).toContain(c.id);
    t.clock.now = new Date(t.clock.now.getTime() + 8 * 86400_000);
    const later = (await anon().get('/v3.0/rating?kind=users&period=week')).json().data;
    expect(later.items.map((i: { subsite: { id: number } }) => i.subsite.id)).not.toContain(author.id);
    for (const q of ['kind=x', 'period=year', 'page=0', 'page=1000000000', 'page=-1'])
      expect(isRussianError(await anon().get(`/v3.0/rating?${q}`), 400), q).toBe(true);
  });

  it('lists company blogs with their details', async () => {
    const co = await f.community({ type: 'company', name: 'ООО Ромашка', subscribersCount: 10_000 });
    await t.database.db
      .insert(companyDetails)
      .values({ subsiteId: co.id, industry: 'Цветы', city: 'Казань', employees: 40, foundedYear: 2011 });
    const list = (await anon().get('/v3.0/companies')).json().data;
    expect(list.items[0]).toMatchObject({
      subsite: { id: co.id, type: 'company', name: 'ООО Ромашка' },
      details: { industry: 'Цветы', city: 'Казань', employees: 40, founded_year: 2011 },
      entries_count: 0,
    });
    expect(isRussianError(await anon().get('/v3.0/companies?page=abc'), 400)).toBe(true);
  });

  it('counts per day and keeps readers after their view marks are gone', async () => {
    const author = await f.reader();
    const c = await f.community();
    for (let i = 0; i < 3; i++) await f.entry({ subsiteId: c.id, authorId: author.id });
    const day = Math.floor(t.clock.now.getTime() / 86400_000);
    await t.database.db.execute(sql`insert into hit_marks (entry_id, visitor, day)
      select id, 'v' || id, ${day} from entries limit 3`);
    const [{ n: marked }] = await rows(
      t.database.db,
      z.object({ n: col.int }),
      sql`select count(*)::int as n from hit_marks where day = ${day}`,
    );
    expect(marked).toBeGreaterThan(0);
    await foldReaders(t.app.ctx);
    await t.database.db.execute(sql`delete from hit_marks`);
    const stats = (await anon().get('/v3.0/stats?days=7')).json().data;
    expect(stats.days).toHaveLength(7);
    const readers = stats.series.find((s: { key: string }) => s.key === 'readers');
    expect(readers.values.at(-1)).toBe(marked);
    const entries = stats.series.find((s: { key: string }) => s.key === 'entries');
    expect(entries.values.at(-1)).toBeGreaterThanOrEqual(3);
    expect(stats.series.map((s: { key: string }) => s.key)).toEqual(['entries', 'comments', 'readers', 'accounts']);
    expect(stats.totals.users).toBeGreaterThan(0);
    for (const q of ['days=6', 'days=366', 'days=1e3', 'days=x'])
      expect(isRussianError(await anon().get(`/v3.0/stats?${q}`), 400), q).toBe(true);
  });
});
