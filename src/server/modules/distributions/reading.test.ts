import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { randomAlphanumerics } from '../../../shared/quiz.ts';
import { col, rows } from '../../db/rows.ts';
import { analyticsDaily, subsiteRoles, subsites } from '../../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { flushAnalytics } from './analytics.ts';
import { moscowDay } from './analytics-queries.ts';
import { maintainPartitions, partitionDays, partitionName } from './analytics-partitions.ts';

/** An entry's reading statistics from analytics (issue 30 point 4): the roll-up, who sees it, the partitions. */
const { t, staff, signedIn } = useTestApp();

const send = (v: Visitor, events: unknown[], fingerprint?: string) =>
  v.post(
    '/v3.0/analytics-event',
    { events, device: 'desktop' },
    fingerprint ? { headers: { 'x-device-fingerprint': fingerprint } } : {},
  );
const reading = (v: Visitor, id: number | string) => v.get(`/v3.0/content/stats/${id}/reading`);

async function companyEntry() {
  const slug = `reading-${randomAlphanumerics(6).toLowerCase()}`;
  const [co] = await t.database.db
    .insert(subsites)
    .values({ type: 'company', slug, name: 'ООО Чтение', posting: 'everyone' })
    .returning({ id: subsites.id });
  const author = await signedIn('Автор Чтения');
  const manager = await signedIn('Менеджер Чтения');
  await t.database.db.insert(subsiteRoles).values([
    { subsiteId: co.id, userId: manager.id, role: 'owner' },
    { subsiteId: co.id, userId: author.id, role: 'author' },
  ]);
  const entry = await savedEntry(author.v, {
    title: 'Запись для чтения',
    entry: [text('Длинный текст')],
    is_published: 1,
    subsite_id: co.id,
  });
  return { author, manager, entry };
}

describe('GET /content/stats/:id/reading', () => {
  it('counts views, unique readers, reads to the end, read time and sources exactly after a flush', async () => {
    const { author, manager, entry } = await companyEntry();
    const id = entry.id as number;
    const path = new URL(entry.url as string, 'http://x').pathname;
    const fpA = randomAlphanumerics(40);
    const a = new Visitor(t.app);
    const b = new Visitor(t.app);
    const c = await signedIn('Читатель Чтения');
    // A (one fingerprint) opens it twice from the feed and reads 20 s; B (another fingerprint, another address)
    // from search; C (an account) from outside, reads to the end in 40 s. An address alone counts D.
    for (let i = 0; i < 2; i++) await send(a, [{ eventType: 'Show', entry_id: id, path, source: 'feed' }], fpA);
    await send(a, [{ eventType: 'Read-Time', entry_id: id, path, seconds: 20 }], fpA);
    await send(b, [{ eventType: 'Show', entry_id: id, path, source: 'search' }], randomAlphanumerics(40));
    await send(c.v, [
      { eventType: 'Show', entry_id: id, path, source: 'outside' },
      { eventType: 'Read-End', entry_id: id, path },
      { eventType: 'Read-Time', entry_id: id, path, seconds: 40 },
    ]);
    await send(new Visitor(t.app), [{ eventType: 'Show', entry_id: id, path }]);
    // The author's own visit is kept raw and counted nowhere.
    await send(author.v, [
      { eventType: 'Show', entry_id: id, path, source: 'feed' },
      { eventType: 'Read-End', entry_id: id, path },
    ]);
    expect(await flushAnalytics(t.app.ctx)).toBe(10);
    // The same reader the same day again (a later batch): a view, not a new reader.
    await send(a, [{ eventType: 'Show', entry_id: id, path, source: 'feed' }], fpA);
    expect(await flushAnalytics(t.app.ctx)).toBe(1);

    const res = await reading(author.v, id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    // Read time per view: 60 seconds over 6 views.
    const expected = { views: 6, readers: 4, read_ends: 1, read_seconds: 10, feed: 3, search: 1, outside: 1 };
    expect(data.totals).toEqual(expected);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toEqual({ day: moscowDay(t.clock.now), ...expected });
    expect(data.days[0]).toMatchObject({ views: 0, readers: 0 });
    expect(data).toMatchObject({ id, title: 'Запись для чтения', url: entry.url });
    const today = await t.database.db
      .select()
      .from(analyticsDaily)
      .where(sql`kind = 'entry' and target_id = ${id} and event_type = 'Readers'`);
    expect(today.map((r) => r.count)).toEqual([4]);

    // The subsite's manager and staff see it too.
    expect((await reading(manager.v, id)).json().data.totals).toEqual(expected);
    expect((await reading(staff, id)).json().data.totals).toEqual(expected);
  });

  it('refuses others in Russian: another reader 403, a guest 401, a missing entry 404, a bad id 400', async () => {
    const { entry } = await companyEntry();
    const other = await signedIn('Чужой Читатель');
    const refused = await reading(other.v, entry.id as number);
    expect(isRussianError(refused, 403)).toBe(true);
    expect(refused.json().rm).toBe(messages.entryStatsNotYours);
    expect(isRussianError(await reading(new Visitor(t.app), entry.id as number), 401)).toBe(true);
    expect(isRussianError(await reading(other.v, 2_000_000_000), 404)).toBe(true);
    for (const bad of ['abc', '0', '-5', '99999999999999', '1.5'])
      expect(isRussianError(await reading(other.v, bad), 400), bad).toBe(true);
  });

  it('refuses bad reading events and a bad fingerprint in Russian, queueing nothing', async () => {
    const v = new Visitor(t.app);
    for (const events of [
      [{ eventType: 'Read-End' }],
      [{ eventType: 'Read-Time', entry_id: 5 }],
      [{ eventType: 'Read-Time', entry_id: 5, seconds: 3601 }],
      [{ eventType: 'Read-Time', entry_id: 5, seconds: -1 }],
      [{ eventType: 'Read-Time', entry_id: 5, seconds: 'долго' }],
      [{ eventType: 'Show', entry_id: 5, seconds: 10 }],
      [{ eventType: 'Click', source: 'feed' }],
      [{ eventType: 'Show', source: 'tv' }],
      [{ eventType: 'Read-End', entry_id: -3 }],
    ]) {
      const res = await send(v, events);
      expect(isRussianError(res, 400), JSON.stringify(events)).toBe(true);
    }
    for (const fp of ['короткий', 'a'.repeat(41), 'a'.repeat(39)])
      expect(isRussianError(await send(v, [{ eventType: 'Show' }], fp), 400), fp).toBe(true);
    expect(await flushAnalytics(t.app.ctx)).toBe(0);
  });
});

describe('the raw events’ day partitions', () => {
  it('makes a week ahead, moves rows out of the default partition, drops days past 30', async () => {
    const day = (offset: number) => new Date(t.clock.now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await maintainPartitions(t.app.ctx);
    const have = await partitionDays(t.database.db);
    for (let i = 0; i <= 7; i++) expect(have).toContain(day(i));

    // A time no partition covers lands in the default one; the task makes its day and moves the row there.
    const was = t.clock.now;
    t.clock.now = new Date(was.getTime() + 100 * 86_400_000);
    await send(new Visitor(t.app), [{ eventType: 'Show', path: '/partitions' }]);
    expect(await flushAnalytics(t.app.ctx)).toBe(1);
    const whereIs = async () =>
      (
        await rows(
          t.database.db,
          z.object({ part: col.text }),
          sql`select tableoid::regclass::text as part from analytics_events where path = '/partitions'`,
        )
      ).map((r) => r.part);
    expect(await whereIs()).toEqual(['analytics_events_default']);
    const { made, dropped } = await maintainPartitions(t.app.ctx);
    expect(made).toContain(day(0));
    expect(await whereIs()).toEqual([partitionName(day(0))]);
    // Every day more than 30 days before the clock is gone.
    expect(dropped).toContain(day(-100));
    const after = await partitionDays(t.database.db);
    expect(after.filter((d) => d < day(-30))).toEqual([]);
    t.clock.now = was;
  });
});
