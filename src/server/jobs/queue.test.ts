import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../testing/harness.ts';
import { jobs } from '../db/schema.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { buildApp } from '../http/app.ts';
import type { Ctx } from '../context.ts';
import { transaction } from '../db/transaction.ts';
import { backoffMs, enqueue, jobsOf } from './queue.ts';

// Test jobs: any `test.…` name, with an optional number.
declare module './map.ts' {
  interface JobMap {
    [kind: `test.${string}`]: { n?: number };
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rowOf = async (id: number) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
let kindSeq = 0;
const kind = (name: string) => `test.${name}.${++kindSeq}` as const;

describe('job queue', () => {
  it('runs a job soon after enqueue without a drain (the kick), and marks it done', async () => {
    const k = kind('kick');
    const ran: unknown[] = [];
    const queue = jobsOf(t.app.ctx);
    queue.register(k, async (p) => void ran.push(p));
    const id = (await enqueue(t.app.ctx, k, { n: 1 }))!;
    for (let i = 0; i < 50 && !ran.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([{ n: 1 }]);
    for (let i = 0; i < 50 && (await rowOf(id)).status !== 'done'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('runs a delayed job when it falls due without a drain (the wake), not at the next poll', async () => {
    // A site of its own whose worker polls once an hour and runs nothing else: no periodic task queues a job (they
    // belong to the worker role) to kick a pass, so only the wake-ups can run these jobs within the test.
    const w = await startTestApp({ jobsPollMs: 3_600_000, roles: ['web'] });
    jobsOf(w.app.ctx).start();
    // Its clock runs with the real one (the other tests set theirs by hand).
    Object.defineProperty(w.clock, 'now', { get: () => new Date(), configurable: true });
    try {
      const queue = jobsOf(w.app.ctx);
      const ranAt = new Map<string, number>();
      const due = new Map<string, number>();
      for (const [name, delay] of [
        ['soon', 300],
        ['later', 3_000],
      ] as const) {
        const k = kind(name);
        queue.register(k, async () => void ranAt.set(name, Date.now()));
        due.set(name, Date.now() + delay);
        await enqueue(w.app.ctx, k, {}, { runAt: new Date(due.get(name)!) });
      }
      await expect.poll(() => ranAt.size, { timeout: 20_000 }).toBe(2);
      // Not early: a wake-up that fires before the job is due finds nothing and must look again.
      for (const [name, at] of due) expect(ranAt.get(name)!).toBeGreaterThanOrEqual(at - 50);
    } finally {
      await w.close();
    }
  });

  it('retries a failing job with exponential backoff, then gives up at max_attempts', async () => {
    const k = kind('retry');
    const queue = jobsOf(t.app.ctx);
    let calls = 0;
    queue.register(k, async () => {
      calls++;
      throw new Error(`сбой ${calls}`);
    });
    const start = new Date('2030-05-01T10:00:00Z');
    t.clock.now = start;
    try {
      const id = (await enqueue(t.app.ctx, k, {}, { maxAttempts: 3 }))!;
      await queue.drain();
      let row = await rowOf(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'сбой 1' });
      expect(row.runAt.getTime() - start.getTime()).toBe(backoffMs(1));
      // Not due yet: a drain does not run it.
      await queue.drain();
      expect(calls).toBe(1);

      t.clock.now = new Date(start.getTime() + backoffMs(1));
      await queue.drain();
      row = await rowOf(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'сбой 2' });
      expect(row.runAt.getTime() - t.clock.now.getTime()).toBe(backoffMs(2));
      expect(backoffMs(2)).toBe(2 * backoffMs(1));

      t.clock.now = new Date(row.runAt.getTime());
      await queue.drain();
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'сбой 3' });
      t.clock.now = new Date(start.getTime() + 86_400_000);
      await queue.drain();
      expect(calls).toBe(3);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('a job that fails once succeeds on its retry', async () => {
    const k = kind('flaky');
    const queue = jobsOf(t.app.ctx);
    let calls = 0;
    queue.register(k, async () => {
      if (++calls === 1) throw new Error('временный сбой');
    });
    const id = (await enqueue(t.app.ctx, k, {}))!;
    await queue.drain();
    t.clock.now = new Date(Date.now() + backoffMs(1) + 1000);
    try {
      await queue.drain();
    } finally {
      t.clock.now = new Date();
    }
    expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('dedupes by key while waiting; `once` keys are never queued again', async () => {
    const k = kind('dedupe');
    const queue = jobsOf(t.app.ctx);
    const ran: number[] = [];
    queue.register(k, async (p) => void ran.push(p.n!));
    const later = new Date(Date.now() + 3_600_000);
    const first = await enqueue(t.app.ctx, k, { n: 1 }, { dedupeKey: 'd1', runAt: later });
    expect(first).toBeTypeOf('number');
    expect(await enqueue(t.app.ctx, k, { n: 2 }, { dedupeKey: 'd1', runAt: later })).toBeNull();
    expect(await enqueue(t.app.ctx, k, { n: 3 }, { dedupeKey: 'd2' })).toBeTypeOf('number');
    await queue.drain();
    expect(ran).toEqual([3]);
    // After it ran, a plain key may be queued again, a `once` key may not.
    expect(await enqueue(t.app.ctx, k, { n: 4 }, { dedupeKey: 'd2' })).toBeTypeOf('number');
    expect(await enqueue(t.app.ctx, k, { n: 5 }, { dedupeKey: 'o1', once: true })).toBeTypeOf('number');
    await queue.drain();
    expect(await enqueue(t.app.ctx, k, { n: 6 }, { dedupeKey: 'o1', once: true })).toBeNull();
    await queue.drain();
    expect(ran.sort()).toEqual([3, 4, 5]);
  });

  it('a job queued in a transaction that rolls back leaves no row and never runs', async () => {
    const k = kind('rollback');
    const ran: unknown[] = [];
    jobsOf(t.app.ctx).register(k, async (p) => void ran.push(p));
    let queued: number | null = null;
    await expect(
      transaction(t.app.ctx, async (tx) => {
        queued = await enqueue(tx, k, { n: 1 });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(queued).toBeTypeOf('number');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, k))).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    await jobsOf(t.app.ctx).drain();
    expect(ran).toEqual([]);
  });

  it('a job queued in a transaction that commits is stored with it, and runs once committed', async () => {
    const k = kind('commit');
    const ran: unknown[] = [];
    jobsOf(t.app.ctx).register(k, async (p) => void ran.push(p));
    const id = await transaction(t.app.ctx, async (tx) => {
      const queued = (await enqueue(tx, k, { n: 2 }))!;
      // Not visible outside the transaction yet, and not nudged: the worker could not claim it.
      await new Promise((r) => setTimeout(r, 20));
      expect(ran).toEqual([]);
      return queued;
    });
    expect(await rowOf(id)).toMatchObject({ kind: k, payload: { n: 2 } });
    // The nudge after the commit runs it without a drain.
    await expect.poll(() => ran, { timeout: 2000 }).toEqual([{ n: 2 }]);
    await expect.poll(async () => (await rowOf(id)).status, { timeout: 2000 }).toBe('done');
  });

  it('leaves kinds this node has no handler for to other nodes', async () => {
    const queue = jobsOf(t.app.ctx);
    const id = (await enqueue(t.app.ctx, kind('unknown'), {}))!;
    await queue.drain();
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
    await t.database.db.delete(jobs).where(eq(jobs.id, id));
  });
});

describe('two workers on one database', () => {
  let second: { app: FastifyInstance; database: Database } | null = null;
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('never run one job twice', async () => {
    const k = kind('shared');
    // With DATABASE_URL: a second real app (its own pool) on the first one's PostgreSQL database. On PGlite (one
    // connection, one process) a second queue object on the same database stands in for the second node.
    const copy: Ctx = { ...t.app.ctx };
    copy.root = copy;
    let other = copy;
    if (t.config.databaseUrl) {
      const database = await openDatabase({ url: t.config.databaseUrl, dataDir: 'memory://', onError: () => {} });
      const app = await buildApp({ config: t.config, db: database.db, logger: false });
      await app.ready();
      second = { app, database };
      other = app.ctx;
    }
    const runs = new Map<number, number>();
    const byNode = [0, 0];
    const handler = (node: number) => async (p: { n?: number }) => {
      runs.set(p.n!, (runs.get(p.n!) ?? 0) + 1);
      byNode[node]++;
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = jobsOf(t.app.ctx);
    const b = jobsOf(other);
    a.register(k, handler(0));
    b.register(k, handler(1));
    const N = 60;
    // Due on the app's clock (it stands still between tests, however long the machine takes to get here).
    const due = new Date(t.clock.now.getTime() - 1000);
    for (let n = 0; n < N; n++) await t.database.db.insert(jobs).values({ kind: k, payload: { n }, runAt: due });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(runs.size).toBe(N);
    expect([...runs.values()].every((c) => c === 1)).toBe(true);
    expect(byNode[0] + byNode[1]).toBe(N);
    const [{ left }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as left from jobs where kind = ${k} and status <> 'done'`,
      )) as unknown as { rows: { left: number }[] }
    ).rows;
    expect(left).toBe(0);
  });
});
