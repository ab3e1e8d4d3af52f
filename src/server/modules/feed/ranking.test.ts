import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { entries } from '../../db/schema.ts';
import { queryRows } from '../../db/index.ts';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import {
  COMMENT_WEIGHT,
  HOTNESS_DECAY_SECONDS,
  HOTNESS_EPOCH,
  HOTNESS_REFRESH_DAYS,
  refreshEntryHotness,
  refreshHotness,
  refreshRecentHotness,
} from './ranking.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { SCHEDULE, startSchedule } from '../../schedule.ts';
import { feedFixtures } from './testing.ts';

let t: TestApp;
let f: ReturnType<typeof feedFixtures>;
let authorId: number;
let subsiteId: number;

beforeAll(async () => {
  t = await startTestApp();
  // A fixed clock: ages below are exact.
  t.clock.now = new Date('2026-03-10T12:00:00Z');
  f = feedFixtures(t);
  await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
  authorId = (await f.reader()).id;
  subsiteId = (await f.community()).id;
});
afterAll(async () => {
  await t?.close();
});

const hotnessOf = async (id: number) =>
  (await t.database.db.select({ h: entries.hotness }).from(entries).where(eq(entries.id, id)))[0].h;
const entry = (values: { hours?: number; summ?: number; comments?: number } = {}) =>
  f.entry({
    subsiteId,
    authorId,
    publishedAt: f.hoursAgo(values.hours ?? 0),
    likesSumm: values.summ ?? 0,
    commentsCount: values.comments ?? 0,
  });

/** The formula of docs/modules/feed.md, written out independently of the SQL. */
function expected(summ: number, comments: number, publishedAt: Date) {
  const points = summ + COMMENT_WEIGHT * comments;
  return (
    Math.sign(points) * Math.log10(1 + Math.abs(points)) +
    (publishedAt.getTime() - Date.parse(HOTNESS_EPOCH)) / 1000 / HOTNESS_DECAY_SECONDS
  );
}

describe('the hotness formula', () => {
  it('is log10 of the points plus the publication time in decay periods', async () => {
    for (const [summ, comments, hours] of [
      [0, 0, 0],
      [10, 0, 3],
      [-7, 2, 30],
      [250, 40, 100],
      [3, 1000, 1],
    ]) {
      const id = await entry({ summ, comments, hours });
      expect(await hotnessOf(id)).toBeCloseTo(expected(summ, comments, f.hoursAgo(hours)), 9);
    }
  });

  it('with equal votes the newer entry is hotter', async () => {
    const older = await entry({ summ: 5, hours: 3 });
    const newer = await entry({ summ: 5, hours: 1 });
    expect(await hotnessOf(newer)).toBeGreaterThan(await hotnessOf(older));
  });

  it('ten times the points buy one decay period (12 hours) of freshness', async () => {
    const older = await entry({ summ: 99, hours: HOTNESS_DECAY_SECONDS / 3600 });
    const newer = await entry({ summ: 9 });
    expect(await hotnessOf(older)).toBeCloseTo(await hotnessOf(newer), 9);
    // A little more than ten times wins, a little less loses.
    expect(await hotnessOf(await entry({ summ: 120, hours: 12 }))).toBeGreaterThan(await hotnessOf(newer));
    expect(await hotnessOf(await entry({ summ: 80, hours: 12 }))).toBeLessThan(await hotnessOf(newer));
  });

  it('votes against sink an entry below an unvoted one of the same age', async () => {
    const zero = await entry({ hours: 2 });
    const down = await entry({ summ: -3, hours: 2 });
    expect(await hotnessOf(down)).toBeLessThan(await hotnessOf(zero));
  });

  it('four comments weigh as one vote', async () => {
    const voted = await entry({ summ: 1, hours: 5 });
    const discussed = await entry({ comments: 4, hours: 5 });
    expect(await hotnessOf(discussed)).toBeCloseTo(await hotnessOf(voted), 9);
  });

  it('does not depend on the clock: a score stays put until its counters change', async () => {
    const id = await entry({ summ: 4, hours: 6 });
    const before = await hotnessOf(id);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 3 * 86400_000);
    try {
      await refreshRecentHotness(t.app.ctx);
      expect(await hotnessOf(id)).toBe(before);
    } finally {
      t.clock.now = saved;
    }
  });

  it('leaves drafts alone', async () => {
    const [{ id }] = await t.database.db
      .insert(entries)
      .values({ subsiteId, authorId, title: 'Черновик', likesSumm: 50 })
      .returning({ id: entries.id });
    await refreshEntryHotness(t.app.ctx, id);
    await refreshHotness(t.database.db, null);
    expect(await hotnessOf(id)).toBe(0);
  });
});

describe('refreshing', () => {
  /** Counters changed the way a batch fold changes them: no per-entry refresh. */
  const fold = (id: number, summ: number) =>
    t.database.db.update(entries).set({ likesSumm: summ }).where(eq(entries.id, id));

  it('refreshEntryHotness recomputes one entry on demand', async () => {
    const id = await entry({ hours: 1 });
    const other = await entry({ hours: 1 });
    await fold(id, 30);
    await fold(other, 30);
    await refreshEntryHotness(t.app.ctx, id);
    expect(await hotnessOf(id)).toBeCloseTo(expected(30, 0, f.hoursAgo(1)), 9);
    expect(await hotnessOf(other)).toBeCloseTo(expected(0, 0, f.hoursAgo(1)), 9);
  });

  it(`the batch refresh covers the last ${HOTNESS_REFRESH_DAYS} days by the clock, and only rows that moved`, async () => {
    const recent = await entry({ hours: 24 * HOTNESS_REFRESH_DAYS - 1 });
    const old = await entry({ hours: 24 * HOTNESS_REFRESH_DAYS + 1 });
    const oldScore = await hotnessOf(old);
    await refreshRecentHotness(t.app.ctx); // settle what earlier tests left
    await fold(recent, 12);
    await fold(old, 12);
    expect(await refreshRecentHotness(t.app.ctx)).toBe(1);
    expect(await hotnessOf(recent)).toBeCloseTo(expected(12, 0, f.hoursAgo(24 * HOTNESS_REFRESH_DAYS - 1)), 9);
    expect(await hotnessOf(old)).toBe(oldScore);
    // Nothing moved since: a second run writes nothing.
    expect(await refreshRecentHotness(t.app.ctx)).toBe(0);
    // Two days later by the clock, the 'recent' one has aged out of the window.
    await fold(recent, 13);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 2 * 86400_000);
    try {
      expect(await refreshRecentHotness(t.app.ctx)).toBe(0);
    } finally {
      t.clock.now = saved;
    }
    expect(await refreshRecentHotness(t.app.ctx)).toBe(1);
  });

  it('a full refresh walks every published entry in batches', async () => {
    await t.database.db.execute(sql`
      insert into entries (subsite_id, author_id, title, is_published, published_at, likes_summ)
      select ${subsiteId}, ${authorId}, 'Пачка', true, ${f.hoursAgo(5000).toISOString()}::timestamptz + g * interval '1 minute', g % 17
        from generate_series(1, 2500) g`);
    const changed = await refreshHotness(t.database.db, null);
    expect(changed).toBeGreaterThanOrEqual(2500);
    const [wrong] = await queryRows<{ n: number }>(
      t.database.db,
      sql`
      select count(*)::int as n from entries where is_published and not removed and title = 'Пачка' and hotness = 0`,
    );
    expect(Number(wrong.n)).toBe(0);
    expect(await refreshHotness(t.database.db, null)).toBe(0);
  });

  it('the scheduled refresh runs every period and stops cleanly', async () => {
    const id = await entry({ hours: 2 });
    const task = SCHEDULE.find((s) => s.name === 'hotness.refresh')!;
    const schedule = await startSchedule(t.app.ctx, ['worker'], [{ ...task, everyMs: 20 }]);
    try {
      await fold(id, 77);
      await expect.poll(() => hotnessOf(id), { timeout: 5000 }).toBeCloseTo(expected(77, 0, f.hoursAgo(2)), 9);
    } finally {
      await schedule.stop();
    }
    // A period queued just before the stop still runs; none after it.
    await jobsOf(t.app.ctx).drain();
    await fold(id, 78);
    await new Promise((r) => setTimeout(r, 100));
    expect(await hotnessOf(id)).toBeCloseTo(expected(77, 0, f.hoursAgo(2)), 9);
  });
});
