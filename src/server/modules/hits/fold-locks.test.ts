import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { entries } from '../../db/schema.ts';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { dayNumber, hitCounterOf } from './service.ts';

/**
 * The views fold against a writer that holds an entry's row and then writes the entry's day in `entry_stats` (as the
 * votes fold does, in one transaction): the fold must wait for the entry's row before it touches `entry_stats`, or the
 * two wait on each other and PostgreSQL kills one with 'deadlock detected'. PostgreSQL only: PGlite has one connection.
 */
const pgUrl = process.env.DATABASE_URL ?? '';

describe.skipIf(!pgUrl)('the views fold and a concurrent writer (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No timers of its own: the test folds when it wants to.
    t = await startTestApp({ roles: ['worker'], redisUrl: '' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes the entry row before the day row, so a writer holding the entry is waited for, not deadlocked', async () => {
    const staff = new Visitor(t.app);
    const { user } = await staff.register({ name: 'Хозяин Сайта' });
    const [e] = await t.database.db
      .insert(entries)
      .values({
        subsiteId: user.id,
        authorId: user.id,
        title: 'Очередь',
        slug: 'ochered',
        isPublished: true,
        publishedAt: new Date(),
      })
      .returning();
    expect((await new Visitor(t.app).get(`/v3.0/hit/${e.id}`)).json().data.is_hited).toBe(true);

    const { default: pg } = await import('pg');
    const writer = new pg.Client({ connectionString: t.config.databaseUrl });
    const watcher = new pg.Client({ connectionString: t.config.databaseUrl });
    await writer.connect();
    await watcher.connect();
    try {
      await writer.query('begin');
      await writer.query('update entries set likes_count = likes_count where id = $1', [e.id]);
      const folded = hitCounterOf(t.app.ctx)!
        .fold()
        .then(
          () => null,
          (err: Error) => err,
        );
      // The fold is waiting for the writer's row lock.
      await expect
        .poll(
          async () =>
            (
              await watcher.query(
                `select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      const day = dayNumber(new Date());
      const wrote = writer
        .query(
          `insert into entry_stats (entry_id, day, votes) values ($1, $2, 1)
           on conflict (entry_id, day) do update set votes = entry_stats.votes + 1`,
          [e.id, day],
        )
        .then(
          () => null,
          (err: Error) => err,
        );
      expect((await wrote)?.message ?? null).toBeNull();
      await writer.query('commit');
      expect((await folded)?.message ?? null).toBeNull();
    } finally {
      await writer.end();
      await watcher.end();
    }
    const [row] = await t.database.db.select({ n: entries.hitsCount }).from(entries).where(eq(entries.id, e.id));
    expect(row.n).toBe(1);
  }, 30_000);
});
