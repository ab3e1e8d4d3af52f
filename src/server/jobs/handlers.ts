import type { Ctx } from '../context.ts';
import { MODULES } from '../modules/index.ts';
import type { ModuleJobs } from '../modules/manifest.ts';
import { runScheduled } from '../schedule.ts';
import { jobsOf, type JobHandlers, type JobName } from './queue.ts';

/**
 * Every name of the job map (map.ts), written out so that the list can be walked: the compiler refuses a name
 * missing here or one the map does not have.
 */
export const JOB_NAMES = Object.keys({
  'notify.comment': true,
  'notify.vote': true,
  'notify.subscriber': true,
  'notify.repost': true,
  'notify.unpublished': true,
  'notify.ban': true,
  'notify.system': true,
  'push.notification': true,
  'push.deliver': true,
  'push.user': true,
  'push.forget': true,
  'notify.forget': true,
  'mail.letter': true,
  'mail.notification': true,
  'mail.confirm': true,
  'mail.digest': true,
  'mail.digest.letter': true,
  'messenger.preview': true,
  'messenger.unread': true,
  'schedule.run': true,
  'account.delete': true,
  'account.export': true,
  'media.video': true,
} satisfies Record<JobName, true>) as JobName[];

/** The jobs of no module: one period's run of a cluster task (schedule.ts). */
export const coreJobs = (ctx: Ctx): ModuleJobs => ({
  'schedule.run': (p) => runScheduled(ctx, p),
});

/**
 * Every job's handler: the `jobs` of the modules (each module.ts) put together. A name handled twice, or a name of
 * the map nobody handles, stops the worker from starting. Registered only by processes with the worker role
 * (roles.ts); a web-only node queues jobs and never runs one.
 */
export function jobHandlers(ctx: Ctx): JobHandlers {
  const table: ModuleJobs = {};
  const owner = new Map<string, string>();
  const sources: [string, ModuleJobs][] = [
    ['core', coreJobs(ctx)],
    ...MODULES.map((m) => [m.name, m.jobs?.(ctx) ?? {}] as [string, ModuleJobs]),
  ];
  for (const [name, jobs] of sources) {
    for (const kind of Object.keys(jobs) as JobName[]) {
      if (owner.has(kind)) throw new Error(`job ${kind} is handled by both ${owner.get(kind)} and ${name}`);
      owner.set(kind, name);
      Object.assign(table, { [kind]: jobs[kind] });
    }
  }
  const missing = JOB_NAMES.filter((kind) => !table[kind]);
  if (missing.length) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
  return table as JobHandlers;
}

export function registerJobHandlers(ctx: Ctx) {
  const queue = jobsOf(ctx);
  const handlers = jobHandlers(ctx);
  for (const kind of Object.keys(handlers) as JobName[]) register(kind);
  function register<K extends JobName>(kind: K) {
    queue.register(kind, handlers[kind]);
  }
}
