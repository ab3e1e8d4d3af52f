import type { Role } from './config.ts';
import type { Ctx } from './context.ts';
import { enqueue, purgeJobs } from './jobs/queue.ts';
import type { ScheduledTaskName } from './jobs/map.ts';
import { metricsOf } from './lib/metrics.ts';
import { logContext, withLogContext } from './lib/log-context.ts';
import { MODULES } from './modules/index.ts';
import { HOUR_MS, type PeriodicTask } from './modules/manifest.ts';

/**
 * All periodic work: the modules' `tasks` (each module.ts) and the queue's own purge, started by the process per its
 * roles (roles.ts).
 *
 * - `cluster` tasks run once per period across all nodes. Every worker process wakes at each period boundary and
 *   queues the slot's job (`schedule.run`, dedupe key `schedule:{name}:{slot}` with `once`); the job table lets one
 *   row exist per key, so whichever worker claims it runs the period's work and the others find the slot taken.
 *   The job table rather than an advisory lock: a lock only keeps two runs apart in time, while a slot key also
 *   stops a second worker whose timer fires a minute later from running the same period again, and it works the same
 *   on the embedded database, leaves a row staff can read (done or failed, with the error), and needs no new table.
 * - `node` tasks flush what one process holds in memory: each process whose roles include the task's role runs
 *   it on its own state, on its own timer, and once more when it stops. Views and vote marks are held by the web
 *   process that took them without Redis (or while Redis is down), and by Redis with it, where a worker folds them:
 *   with Redis the folds run on both roles, each process folding its own memory and a worker the Redis buffers.
 */

export type { PeriodicTask };

export const SCHEDULE: readonly PeriodicTask[] = [
  /** Finished and failed jobs older than a week. */
  { name: 'jobs.purge', everyMs: HOUR_MS, scope: 'cluster', run: purgeJobs },
  ...MODULES.flatMap((m) => m.tasks ?? []),
];

/** The tasks a process started (tests may start shorter periods); a slot's job looks its task up here first. */
const started = new WeakMap<Ctx, Map<ScheduledTaskName, PeriodicTask>>();

/** Does this process run the task? */
export function runsHere(ctx: Ctx, roles: readonly Role[], task: PeriodicTask): boolean {
  if (task.scope === 'cluster') return roles.includes('worker');
  const role = typeof task.role === 'function' ? task.role(ctx) : (task.role ?? 'worker');
  return (typeof role === 'string' ? [role] : role).some((r) => roles.includes(r));
}

/** The slot (period number) a moment falls in. Periods follow the wall clock, the same on every node. */
export const slotOf = (task: Pick<PeriodicTask, 'everyMs'>, at = Date.now()) => Math.floor(at / task.everyMs);

/** Queues the period's run of a cluster task; null when another worker (or this one) already did. */
export function queueSlot(ctx: Ctx, task: PeriodicTask, slot = slotOf(task)) {
  return enqueue(
    ctx,
    'schedule.run',
    { task: task.name, slot },
    { dedupeKey: `schedule:${task.name}:${slot}`, once: true, maxAttempts: 1 },
  );
}

/** One run of a task, counted and timed in the metrics (`sreda_task_*`); its log lines carry the task's name. */
async function runTask(ctx: Ctx, task: PeriodicTask): Promise<void> {
  const metrics = metricsOf(ctx);
  const end = metrics?.taskDuration.startTimer({ task: task.name });
  metrics?.taskRuns.inc({ task: task.name });
  try {
    await withLogContext({ ...logContext(), task: task.name }, () => task.run(ctx));
  } catch (err) {
    metrics?.taskFailures.inc({ task: task.name });
    throw err;
  } finally {
    end?.();
  }
}

/** The `schedule.run` job: one period's run of a cluster task. A missed or failed period is covered by the next one. */
export async function runScheduled(ctx: Ctx, p: { task: ScheduledTaskName; slot: number }): Promise<void> {
  const task = started.get(ctx.root)?.get(p.task) ?? SCHEDULE.find((t) => t.name === p.task);
  if (!task) {
    ctx.log.warn({ task: p.task }, 'scheduled task unknown to this version; skipped');
    return;
  }
  await runTask(ctx, task);
}

export interface Schedule {
  /** Clears the timers, waits for runs in flight, then runs each node task once more (flushing what it holds). */
  stop(): Promise<void>;
}

/** Starts the timers of every task this process runs (by `roles`). */
export async function startSchedule(
  ctx: Ctx,
  roles: readonly Role[],
  tasks: readonly PeriodicTask[] = SCHEDULE,
): Promise<Schedule> {
  const mine = tasks.filter((t) => runsHere(ctx, roles, t));
  started.set(ctx.root, new Map([...(started.get(ctx.root) ?? []), ...mine.map((t) => [t.name, t] as const)]));
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const track = (task: PeriodicTask, work: () => Promise<unknown>) => {
    const run: Promise<unknown> = work()
      .catch((err) => ctx.log.error({ err, task: task.name }, 'scheduled task failed'))
      .finally(() => running.delete(run));
    running.add(run);
    return run;
  };
  const later = (ms: number, fn: () => void) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  for (const task of mine) {
    if (task.scope === 'cluster') {
      // Every worker wakes just after each period boundary (a little jitter spreads the inserts).
      const wake = () => {
        later(
          task.everyMs - (Date.now() % task.everyMs) + Math.floor(Math.random() * Math.min(1000, task.everyMs / 10)),
          () => {
            void track(task, () => queueSlot(ctx, task));
            wake();
          },
        );
      };
      if (task.atStart) await track(task, () => queueSlot(ctx, task));
      wake();
    } else {
      // One run at a time: the next one is timed from the end of the last.
      const loop = () => later(task.everyMs, () => void track(task, () => runTask(ctx, task)).then(loop));
      loop();
    }
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (running.size) await Promise.all([...running]);
      for (const task of mine) if (task.scope === 'node') await track(task, () => runTask(ctx, task));
    },
  };
}
