import type { Ctx } from '../context.ts';
import { withLogContext } from '../lib/log-context.ts';
import { metricsOf } from '../lib/metrics.ts';
import { inSpan } from '../lib/tracing.ts';
import type { JobMap, JobName } from './map.ts';
import * as q from './queries.ts';

export type { JobMap, JobName } from './map.ts';

/**
 * The durable job queue (`jobs` table). Any node may enqueue; a node with the worker role (ROLES) runs a worker that
 * claims due rows with `FOR UPDATE SKIP LOCKED`, so two nodes never run one job at once, and a node without it never
 * claims any. A claim holds the row for `LOCK_MS`; a node that dies mid-job leaves it to be claimed again when the lock
 * runs out. Failures retry with exponential backoff until `max_attempts`, then the row stays as 'failed' with its
 * last error for staff to read. Job names and payloads are typed by `JobMap` (jobs/map.ts).
 */
export interface JobInfo {
  id: number;
  kind: JobName;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler<K extends JobName> = (payload: JobMap[K], job: JobInfo) => Promise<unknown>;
/** One handler per job name: the compiler checks that none is missing (jobs/handlers.ts). */
export type JobHandlers = { [K in JobName]: JobHandler<K> };
/** How the queue keeps a handler: the payload comes back from the database as whatever was stored. */
type StoredHandler = (payload: unknown, job: JobInfo) => Promise<unknown>;

export interface EnqueueOptions {
  /** While a job with this key waits (or runs), another with the same key is not queued. */
  dedupeKey?: string;
  /** With `dedupeKey`: never queue the key again once it ran (schedules: one digest per day across nodes). */
  once?: boolean;
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobQueue {
  register<K extends JobName>(kind: K, handler: JobHandler<K>): void;
  /** Starts the worker: polls for due jobs and runs them (processes with the worker role only). */
  start(): void;
  stop(): Promise<void>;
  /** A job became due: a started worker looks now instead of at its next poll; a stopped one does nothing. */
  kick(): void;
  /** A job on this node falls due at `at` (a delayed job, a retry): a started worker looks then, if before its poll. */
  wake(at: Date): void;
  /** Runs every due job (and what they enqueue, and what domain events start) until nothing is left; for tests. */
  drain(): Promise<void>;
  /** Jobs this node has claimed since it started (tests: a web-only node claims none). */
  claimed(): number;
}

export const POLL_MS = 500;
/**
 * With the embedded database only this process can queue a job, and every job it queues wakes its worker (`kick`,
 * `wake`): the poll is a safety net, not the way jobs are found, and an idle site should not query twice a second.
 */
export const EMBEDDED_POLL_MS = 10_000;
const LOCK_MS = 5 * 60_000;
const BATCH = 10;
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 60 * 60_000;
/** Finished rows are kept a week: staff can see what ran, and `once` keys stay claimed for a day at least. */
export const KEEP_DONE_MS = 7 * 86_400_000;

/** 2 s, 4 s, 8 s … after the 1st, 2nd, 3rd failure, capped at an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

const queues = new WeakMap<Ctx, JobQueue>();

/** The app's queue: one per app (per `ctx.root`), created on first use. */
export function jobsOf(ctx: Ctx): JobQueue {
  let queue = queues.get(ctx.root);
  if (!queue) {
    queue = createQueue(ctx.root);
    queues.set(ctx.root, queue);
  }
  return queue;
}

/**
 * Queues a job through `ctx.db`: inside `transaction(ctx, …)` the row commits or rolls back with the change, and the
 * nudge that runs a due job at once on this node waits for the commit. The new job's id, or null when its dedupe
 * key already waits (or, with `once`, ever ran).
 */
export async function enqueue<K extends JobName>(
  ctx: Ctx,
  kind: K,
  payload: JobMap[K],
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const runAt = opts.runAt ?? ctx.now();
  const id = await q.insertJob(ctx.db, {
    kind,
    payload,
    dedupeKey: opts.dedupeKey ?? null,
    runAt,
    maxAttempts: opts.maxAttempts ?? 5,
    once: Boolean(opts.once),
  });
  if (id === undefined) return null;
  // Due now: a worker on this node runs it without waiting for the next poll (once the row is visible).
  if (runAt <= ctx.now()) ctx.afterCommit(() => jobsOf(ctx).kick());
  else ctx.afterCommit(() => jobsOf(ctx).wake(runAt));
  return id;
}

/** Deletes finished and failed rows older than a week (a scheduled cluster task, schedule.ts). */
export async function purgeJobs(ctx: Ctx): Promise<void> {
  await q.deleteFinishedJobs(ctx.db, new Date(ctx.now().getTime() - KEEP_DONE_MS));
}

function createQueue(ctx: Ctx): JobQueue {
  const pollMs = ctx.config.jobsPollMs ?? (ctx.config.databaseUrl ? POLL_MS : EMBEDDED_POLL_MS);
  const handlers = new Map<JobName, StoredHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = true;
  let claimedCount = 0;

  async function claim(): Promise<q.ClaimedRow[]> {
    const now = ctx.now();
    if (!handlers.size) return [];
    const rows = await q.claimJobs(ctx.db, [...handlers.keys()], now, new Date(now.getTime() + LOCK_MS), BATCH);
    claimedCount += rows.length;
    return rows;
  }

  /** Runs one claimed job; its log lines (the handler's too) carry its id, name and attempt; a span with tracing on. */
  function runOne(row: q.ClaimedRow) {
    return withLogContext({ jobId: row.id, job: row.kind, attempt: row.attempts }, () =>
      inSpan(`job ${row.kind}`, { 'job.id': row.id, 'job.name': row.kind, 'job.attempt': row.attempts }, () =>
        attempt(row),
      ),
    );
  }

  async function attempt(row: q.ClaimedRow) {
    const kind = row.kind as JobName;
    const handler = handlers.get(kind);
    const metrics = metricsOf(ctx);
    const started = performance.now();
    let outcome: 'done' | 'retry' | 'failed' = 'done';
    try {
      // Only kinds with a handler are claimed; a miss would fail the job as any handler's error does.
      if (!handler) throw new Error(`no handler for job kind ${kind}`);
      await handler(row.payload, { id: row.id, kind, attempts: row.attempts, maxAttempts: row.max_attempts });
      await q.markJobDone(ctx.db, row.id);
      ctx.log.debug({ ms: Math.round(performance.now() - started) }, 'job done');
    } catch (err) {
      const message = String((err as Error)?.message ?? err).slice(0, 1000);
      const final = row.attempts >= row.max_attempts;
      outcome = final ? 'failed' : 'retry';
      const ids = { jobId: row.id, job: row.kind, attempt: row.attempts, err: message };
      if (final) ctx.log.error(ids, 'job failed for good');
      else ctx.log.warn(ids, 'job failed, will retry');
      const retryAt = new Date(ctx.now().getTime() + backoffMs(row.attempts));
      await q.markJobFailed(ctx.db, row.id, final, message, retryAt);
      if (!final) wake(retryAt);
    } finally {
      metrics?.jobRuns.inc({ job: kind, outcome });
      metrics?.jobDuration.observe({ job: kind }, (performance.now() - started) / 1000);
    }
  }

  /** One pass: claim a batch, run it; the count of jobs run. Passes never overlap on one node. */
  function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        for (;;) {
          again = false;
          const rows = await claim();
          await Promise.all(rows.map(runOne));
          total += rows.length;
          if (rows.length < BATCH && !again) break;
        }
      } catch (err) {
        ctx.log.error({ err }, 'job queue pass failed');
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await tick();
      schedule();
    }, pollMs);
    timer.unref?.();
  }

  /** Wake-ups before the next poll; those later are the poll's to find (a day's delay needs no timer). */
  const wakeups = new Set<NodeJS.Timeout>();
  function wake(at: Date) {
    const delay = at.getTime() - ctx.now().getTime();
    if (stopped || delay >= pollMs) return;
    const wakeup = setTimeout(
      () => {
        wakeups.delete(wakeup);
        if (!stopped) void tick();
      },
      Math.max(0, delay),
    );
    wakeup.unref?.();
    wakeups.add(wakeup);
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler as StoredHandler);
    },

    kick() {
      if (!stopped) setImmediate(() => void tick());
    },

    wake,

    claimed: () => claimedCount,

    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const wakeup of wakeups) clearTimeout(wakeup);
      wakeups.clear();
      // A pass in flight finishes its jobs; the database closes after.
      await running;
    },

    async drain() {
      for (;;) {
        await ctx.events.settled();
        const ran = await tick();
        await ctx.events.settled();
        if (ran === 0 && !running) {
          // A last look: a listener may have enqueued while the pass was finishing.
          if (!handlers.size) return;
          if ((await q.countDueJobs(ctx.db, [...handlers.keys()], ctx.now())) === 0) return;
        }
        // Let timers and I/O run: the embedded database answers in microtasks, and handlers may wait on timers.
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}
