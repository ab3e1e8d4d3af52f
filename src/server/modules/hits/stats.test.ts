import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { entryStats } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { voteCountersOf } from '../votes/counters.ts';
import { dayNumber, deleteOldHitMarks, hitCounterOf } from './service.ts';

/** The entry statistics popup: per-day views, readers, votes and comments for the author and staff. */
const { t, staff } = useTestApp();

const DAY = 86_400_000;
type Res = { statusCode: number; json(): any; body: string };
const expectError = async (res: Promise<Res>, rc: number) => {
  const r = await res;
  expect(isRussianError(r, rc), r.body.slice(0, 300)).toBe(true);
};
const folds = async () => {
  await hitCounterOf(t.app.ctx)!.fold();
  await voteCountersOf(t.app.ctx)!.fold();
};

describe('GET /v3.0/content/stats/{id}', () => {
  it('counts views, readers, votes and comments per day, folded by the existing folds, kept after the marks go', async () => {
    const author = await newUser(t.app, 'Автор');
    const e = await savedEntry(author.v, { title: 'Считаем', entry: [text('т')], is_published: 1 });
    const a = new Visitor(t.app);
    const b = new Visitor(t.app);
    const c = await newUser(t.app, 'Читатель');
    for (const v of [a, b, a, c.v]) expect((await v.get(`/v3.0/hit/${e.id}`)).statusCode).toBe(200);
    expect((await c.v.post('/v3.0/like', { id: e.id, type: 'content', sign: 1 })).json().rc).toBe(200);
    expect((await c.v.post('/v3.0/comment/add', { id: e.id, text: 'Отлично' })).json().rc).toBe(200);
    expect((await c.v.post('/v3.0/comment/add', { id: e.id, text: 'И ещё' })).json().rc).toBe(200);
    await folds();
    // A repeated fold counts nothing twice.
    await folds();

    const res = await author.v.get(`/v3.0/content/stats/${e.id}`);
    expect(res.json().rc, res.body).toBe(200);
    const data = res.json().data;
    const today = dayNumber(new Date());
    // A week at least, today last.
    expect(data.days).toEqual(Array.from({ length: 7 }, (_, i) => (today - 6 + i) * 86_400));
    expect(data.totals).toEqual({ views: 4, readers: 3, votes: 1, comments: 2 });
    expect(data.series.map((s: { key: string; values: number[] }) => [s.key, s.values])).toEqual([
      ['views', [0, 0, 0, 0, 0, 0, 4]],
      ['readers', [0, 0, 0, 0, 0, 0, 3]],
      ['votes', [0, 0, 0, 0, 0, 0, 1]],
      ['comments', [0, 0, 0, 0, 0, 0, 2]],
    ]);
    expect(data.series[0].label).toBe('Просмотры');

    // Days later: the marks are dropped, the statistics stay; quiet days are zeros.
    t.clock.now = new Date(Date.now() + 3 * DAY);
    try {
      await deleteOldHitMarks(t.app.ctx);
      expect((await a.get(`/v3.0/hit/${e.id}`)).statusCode).toBe(200);
      await folds();
      const later = (await staff.get(`/v3.0/content/stats/${e.id}?days=7`)).json().data;
      expect(later.days).toHaveLength(7);
      expect(later.series[0].values).toEqual([0, 0, 0, 4, 0, 0, 1]);
      expect(later.totals).toEqual({ views: 5, readers: 4, votes: 1, comments: 2 });
    } finally {
      t.clock.now = new Date();
    }
    const rows = await t.database.db.select().from(entryStats).where(eq(entryStats.entryId, e.id));
    expect(rows).toHaveLength(2);
  });

  it('is the author’s and staff’s; bad input and other ids are 4xx in Russian', async () => {
    const author = await newUser(t.app, 'Автор');
    const other = await newUser(t.app, 'Другой');
    const e = await savedEntry(author.v, { title: 'Моя', entry: [text('т')], is_published: 1 });
    const draft = await savedEntry(author.v, { title: 'Черновик', entry: [text('т')], is_published: 0 });
    expect((await author.v.get(`/v3.0/content/stats/${draft.id}`)).json().data.totals.views).toBe(0);
    expect((await staff.get(`/v3.0/content/stats/${e.id}`)).json().rc).toBe(200);
    const refused = await other.v.get(`/v3.0/content/stats/${e.id}`);
    await expectError(Promise.resolve(refused), 403);
    expect(refused.json().rm).toBe(messages.statsForbidden);
    await expectError(new Visitor(t.app).get(`/v3.0/content/stats/${e.id}`), 401);
    for (const q of ['days=3', 'days=1000', 'days=abc', 'days=-1', 'other=1'])
      await expectError(author.v.get(`/v3.0/content/stats/${e.id}?${q}`), 400);
    for (const id of ['abc', '0', '-1', '1e3', '99999999999'])
      await expectError(author.v.get(`/v3.0/content/stats/${id}`), 400);
    await expectError(author.v.get('/v3.0/content/stats/2000000000'), 404);
  });
});
