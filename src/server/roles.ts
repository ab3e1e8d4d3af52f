import type { FastifyInstance } from 'fastify';
import { registerJobHandlers } from './jobs/handlers.ts';
import { jobsOf } from './jobs/queue.ts';
import { MODULES } from './modules/index.ts';
import { startSchedule, type Schedule } from './schedule.ts';

/**
 * What this process runs besides its routes, by its roles (ROLES, config.ts):
 *
 * | | web | worker |
 * |---|---|---|
 * | pages, API, sockets, media (main.ts listens) | yes | no port |
 * | domain-event listeners (the modules' `listeners`) that queue jobs | yes | yes (jobs emit too) |
 * | job handlers and the worker that claims jobs | no | yes |
 * | cluster tasks (hotness, digest, cleanups, job purge), once per period across nodes | no | yes |
 * | node tasks: folding the views and vote marks it holds in memory (without Redis, or while it is down) | yes | yes |
 * | node tasks: folding the views and vote marks buffered in Redis | no | yes |
 *
 * The default `web,worker` is everything in one process, as `npm start` always was.
 */
export async function processRoles(app: FastifyInstance) {
  const ctx = app.ctx;
  const roles = ctx.config.roles;
  const worker = roles.includes('worker');
  for (const m of MODULES) m.listeners?.(ctx);
  if (worker) registerJobHandlers(ctx);

  let schedule: Schedule | null = null;
  app.addHook('onReady', async () => {
    if (worker) jobsOf(ctx).start();
    schedule = await startSchedule(ctx, roles);
  });
  app.addHook('onClose', async () => {
    await schedule?.stop();
    await jobsOf(ctx).stop();
  });
}
