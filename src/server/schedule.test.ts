import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from './db/schema.ts';
import { jobsOf } from './jobs/queue.ts';
import { queueSlot, startSchedule, type PeriodicTask } from './schedule.ts';
import { startTestApp, type TestApp } from './testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the schedule', () => {
  it('a cluster task runs once per period, however many workers queue the period', async () => {
    let runs = 0;
    const task: PeriodicTask = {
      name: 'hits.cleanup',
      everyMs: 3_600_000,
      scope: 'cluster',
      run: async () => void runs++,
    };
    const schedule = await startSchedule(t.app.ctx, ['worker'], [task]);
    try {
      const slot = 1_000_000 + Math.floor(Math.random() * 1_000_000);
      // Three workers wake at the boundary: one row for the period.
      const queued = await Promise.all([
        queueSlot(t.app.ctx, task, slot),
        queueSlot(t.app.ctx, task, slot),
        queueSlot(t.app.ctx, task, slot),
      ]);
      expect(queued.filter((id) => id !== null)).toHaveLength(1);
      await jobsOf(t.app.ctx).drain();
      expect(runs).toBe(1);
      // A worker whose timer fires later in the same period finds it done.
      expect(await queueSlot(t.app.ctx, task, slot)).toBeNull();
      await jobsOf(t.app.ctx).drain();
      expect(runs).toBe(1);
      const rows = await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `schedule:hits.cleanup:${slot}`));
      expect(rows).toMatchObject([{ kind: 'schedule.run', status: 'done', maxAttempts: 1 }]);
      // The next period is a new slot.
      expect(await queueSlot(t.app.ctx, task, slot + 1)).toBeTypeOf('number');
      await jobsOf(t.app.ctx).drain();
      expect(runs).toBe(2);
    } finally {
      await schedule.stop();
    }
  });

  it('a node task runs on its own timer and once more at the stop (flushing what the process holds)', async () => {
    let runs = 0;
    const task: PeriodicTask = {
      name: 'hits.fold',
      everyMs: 30,
      scope: 'node',
      role: 'web',
      run: async () => void runs++,
    };
    const schedule = await startSchedule(t.app.ctx, ['web'], [task]);
    await expect.poll(() => runs, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
    await schedule.stop();
    const atStop = runs;
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(atStop);

    // A worker-only process does not run a web task, not even at the stop.
    let elsewhere = 0;
    const other = await startSchedule(t.app.ctx, ['worker'], [{ ...task, run: async () => void elsewhere++ }]);
    await new Promise((r) => setTimeout(r, 100));
    await other.stop();
    expect(elsewhere).toBe(0);
  });
});
