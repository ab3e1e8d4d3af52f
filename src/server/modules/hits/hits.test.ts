import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { isRussianError, startTestApp, useTestApp, Visitor } from '../../testing/harness.ts';
import { entries, hitMarks } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { dayNumber, deleteOldHitMarks, hitCounterOf } from './service.ts';
import { HIT_COOKIE } from './routes.ts';

const { t } = useTestApp();
let authorId: number;
beforeAll(async () => {
  authorId = (await new Visitor(t.app).register()).user.id;
});

const DAY = 86_400_000;
let seq = 0;
async function entry(values: Partial<typeof entries.$inferInsert> = {}, db = t.database.db, author = authorId) {
  seq += 1;
  const [row] = await db
    .insert(entries)
    .values({
      subsiteId: author,
      authorId: author,
      title: `Просмотры ${seq}`,
      slug: `prosmotry-${seq}`,
      isPublished: true,
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row;
}

const hit = (v: Visitor, id: number | string) => v.get(`/v3.0/hit/${id}`);
const fold = () => hitCounterOf(t.app.ctx)!.fold();
const hitsCount = async (id: number, db = t.database.db) =>
  (await db.select({ n: entries.hitsCount }).from(entries).where(eq(entries.id, id)))[0].n;
const marksOf = async (id: number, db = t.database.db) =>
  (await db.select({ n: count() }).from(hitMarks).where(eq(hitMarks.entryId, id)))[0].n;

describe('GET /v3.0/hit/{contentId}', () => {
  it('counts an anonymous reader once a day by a long HttpOnly cookie of a year', async () => {
    const e = await entry();
    const v = new Visitor(t.app);
    const first = await hit(v, e.id);
    expect(first.json()).toEqual({
      rc: 200,
      rm: '',
      data: { details: { content_id: e.id, compact: '1' }, value: 1, is_hited: true },
    });
    const cookie = first.cookies.find((c) => c.name === HIT_COOKIE)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.maxAge).toBe(365 * 86_400);
    expect(cookie.path).toBe('/');
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await hit(v, e.id);
    expect(again.json().data).toMatchObject({ value: 1, is_hited: false });
    expect(again.cookies.find((c) => c.name === HIT_COOKIE)).toBeUndefined();
    // Another reader counts.
    expect((await hit(new Visitor(t.app), e.id)).json().data).toMatchObject({ value: 2, is_hited: true });

    await fold();
    expect(await hitsCount(e.id)).toBe(2);
    expect(await marksOf(e.id)).toBe(2);
    // After the fold the stored mark still dedupes.
    expect((await hit(v, e.id)).json().data).toMatchObject({ value: 2, is_hited: false });
  });

  it('counts a signed-in reader by id, whatever cookie they carry, and again the next day', async () => {
    const e = await entry();
    const v = new Visitor(t.app);
    await v.register();
    expect((await hit(v, e.id)).json().data.is_hited).toBe(true);
    v.cookies[HIT_COOKIE] = 'x'.repeat(43);
    expect((await hit(v, e.id)).json().data.is_hited).toBe(false);
    await fold();
    const saved = t.clock.now;
    try {
      t.clock.now = new Date(saved.getTime() + DAY);
      expect((await hit(v, e.id)).json().data).toMatchObject({ value: 2, is_hited: true });
      await fold();
      expect(await hitsCount(e.id)).toBe(2);
    } finally {
      t.clock.now = saved;
    }
  });

  it('replaces a forged or short cookie with a fresh one', async () => {
    const e = await entry();
    const v = new Visitor(t.app);
    v.cookies[HIT_COOKIE] = 'abc';
    const res = await hit(v, e.id);
    expect(res.json().data.is_hited).toBe(true);
    expect(res.cookies.find((c) => c.name === HIT_COOKIE)!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('counts many readers at once exactly, one mark each', async () => {
    const e = await entry();
    // Returning readers (their cookie already set) each open the entry twice at the same moment.
    const readers = Array.from({ length: 40 }, (_, i) => {
      const v = new Visitor(t.app);
      v.cookies[HIT_COOKIE] = `reader${String(i).padStart(37, '0')}`;
      return v;
    });
    const answers = await Promise.all(readers.flatMap((v) => [hit(v, e.id), hit(v, e.id)]));
    expect(answers.every((r) => r.json().rc === 200)).toBe(true);
    await Promise.all(readers.map((v) => hit(v, e.id)));
    await fold();
    expect(await hitsCount(e.id)).toBe(40);
    expect(await marksOf(e.id)).toBe(40);
  });

  it('folds by itself every few seconds', async () => {
    const e = await entry();
    await hit(new Visitor(t.app), e.id);
    expect(await hitsCount(e.id)).toBe(0);
    const started = Date.now();
    while (Date.now() - started < 8000 && (await hitsCount(e.id)) === 0) await new Promise((r) => setTimeout(r, 100));
    expect(await hitsCount(e.id)).toBe(1);
  }, 15_000);

  it('the hourly cleanup deletes marks older than two days', async () => {
    const e = await entry();
    const today = dayNumber(t.clock.now);
    await t.database.db.insert(hitMarks).values([
      { entryId: e.id, visitor: 'aold', day: today - 3 },
      { entryId: e.id, visitor: 'aold', day: today - 2 },
      { entryId: e.id, visitor: 'aold', day: today - 1 },
    ]);
    const saved = t.clock.now;
    try {
      // A cluster task of the schedule (hits.cleanup), apart from the folds.
      t.clock.now = new Date(saved.getTime() + DAY);
      await hit(new Visitor(t.app), e.id);
      await fold();
      await deleteOldHitMarks(t.app.ctx);
      expect(
        (await t.database.db.select({ day: hitMarks.day }).from(hitMarks).where(eq(hitMarks.entryId, e.id)))
          .map((r) => r.day)
          .sort(),
      ).toEqual([today - 1, today + 1]);
    } finally {
      t.clock.now = saved;
    }
  });

  it('shows compact numbers in details', async () => {
    const e = await entry({ hitsCount: 12_344 });
    expect((await hit(new Visitor(t.app), e.id)).json().data).toMatchObject({
      value: 12_345,
      details: { compact: '12K' },
    });
  });

  it.each([
    ['a draft', { isPublished: false, publishedAt: null }],
    ['a removed entry', { removed: true }],
  ])('counts nothing for %s (404)', async (_l, values) => {
    const e = await entry(values);
    const res = await hit(new Visitor(t.app), e.id);
    expect(isRussianError(res, 404)).toBe(true);
    expect(res.json().rm).toBe(messages.reactionEntryNotFound);
    await fold();
    expect(await marksOf(e.id)).toBe(0);
  });

  it('answers 404 for an unknown entry', async () => {
    expect(isRussianError(await hit(new Visitor(t.app), 2 ** 31 - 1), 404)).toBe(true);
  });

  it.each(['abc', '0', '-1', '1.5', String(2 ** 31), '1e3', '0x10', '%20'])(
    'refuses id %j with a Russian 400',
    async (id) => {
      const res = await hit(new Visitor(t.app), id);
      expect(isRussianError(res, 400)).toBe(true);
      expect(res.json().rm).toBe(messages.reactionIdInvalid);
    },
  );

  it('answers the mobile spelling /hit/{id}/mobile the same way', async () => {
    const e = await entry();
    const v = new Visitor(t.app);
    expect((await v.get(`/v3.0/hit/${e.id}/mobile`)).json().data).toMatchObject({ value: 1, is_hited: true });
    expect((await hit(v, e.id)).json().data).toMatchObject({ value: 1, is_hited: false });
  });

  it('accepts mode=raw and refuses unknown query fields', async () => {
    const e = await entry();
    expect((await new Visitor(t.app).get(`/v3.0/hit/${e.id}?mode=raw`)).json().rc).toBe(200);
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/hit/${e.id}?visitor=u1`), 400)).toBe(true);
  });
});

describe('shutdown', () => {
  it('folds every waiting view when the app closes', async () => {
    const t2 = await startTestApp();
    try {
      const owner = (await new Visitor(t2.app).register({ name: 'Хозяин Сайта' })).user.id;
      const e = await entry({}, t2.database.db, owner);
      for (let i = 0; i < 7; i++) expect((await hit(new Visitor(t2.app), e.id)).json().data.is_hited).toBe(true);
      expect(await hitsCount(e.id, t2.database.db)).toBe(0);
      await t2.app.close();
      expect(await hitsCount(e.id, t2.database.db)).toBe(7);
      expect(await marksOf(e.id, t2.database.db)).toBe(7);
    } finally {
      await t2.close();
    }
  });
});
