import type { FastifyInstance } from 'fastify';
import type { PageServices } from '../../shared/pages/index.ts';
import type { Role } from '../config.ts';
import type { Ctx } from '../context.ts';
import type { Route } from '../http/route.ts';
import type { JobHandler, JobName } from '../jobs/queue.ts';
import type { ScheduledTaskName } from '../jobs/map.ts';
import type { Access, UserRow } from './auth/index.ts';

/**
 * What a module adds to the app, declared in its `module.ts` and walked from the one list in `modules/index.ts`:
 * the app registers the routes and page services and calls `start`; roles.ts subscribes the listeners; the worker's
 * job table (jobs/handlers.ts) and the schedule (schedule.ts) are the manifests' `jobs` and `tasks` put together.
 */
export interface ModuleManifest {
  /** The module's folder under src/server/modules. */
  name: string;
  /** API routes, under `/v3.0` (http/route.ts); a function when they depend on the setup. */
  routes?: Routes;
  /** Routes at the site's root (aliases of the spec, pages the API answers itself, provider callbacks). */
  rootRoutes?: Routes;
  /** The read side page loaders use (`PageServices`, src/shared/pages), by its key there. */
  pages?: { [K in keyof PageServices]?: PageDecl<K> };
  /**
   * Domain-event subscribers (events.ts), on every process whatever its roles: whichever process emits an event
   * runs its listeners (most queue a job).
   */
  listeners?: (ctx: Ctx) => void;
  /**
   * What the module runs beside its routes from the app's start: a socket hub, in-memory counters, an endpoint with
   * its own body parser. What it returns, if anything, stops them when the app closes.
   */
  start?: (app: FastifyInstance) => void | (() => unknown);
  /** The module's job handlers: each name of the job map (jobs/map.ts) has its handler in exactly one module. */
  jobs?: (ctx: Ctx) => ModuleJobs;
  /** The module's periodic tasks (schedule.ts says how cluster and node tasks run). */
  tasks?: readonly PeriodicTask[];
}

export type Routes = readonly Route[] | ((ctx: Ctx) => readonly Route[]);

export type ModuleJobs = { [K in JobName]?: JobHandler<K> };

type PageFn = (...args: never[]) => unknown;

/**
 * A module's page services under one key of `PageServices`. By default (`anyone`) the services get the request's
 * user or null and each read answers its own refusals as a page wants them (`found`, http/page-status.ts). A single
 * read may instead declare its access, as a route does: the user is checked first and the read gets them for sure.
 */
export type PageDecl<K extends keyof PageServices> =
  | {
      access?: 'anyone';
      services(ctx: Ctx, user: UserRow | null): PageServices[K];
      /** Reads kept with the session row for a visit (http/reader-shell.ts): the read's name → its key there. */
      kept?: PageServices[K] extends PageFn ? string : { [M in keyof PageServices[K]]?: string };
    }
  | (PageServices[K] extends PageFn
      ? { access: Exclude<Access, 'anyone'>; services(ctx: Ctx, user: UserRow): PageServices[K]; kept?: undefined }
      : never);

/**
 * A periodic task. `cluster` tasks run once per period across all nodes (on a worker); `node` tasks run in every
 * process whose roles include `role` (worker by default), on its own state, and once more when it stops.
 */
export interface PeriodicTask {
  name: ScheduledTaskName;
  everyMs: number;
  scope: 'cluster' | 'node';
  /** Node tasks: the role (or roles) whose processes run it, fixed or by the app's setup. Cluster tasks run on workers. */
  role?: Role | readonly Role[] | ((ctx: Ctx) => Role | readonly Role[]);
  /** Cluster tasks: also queue the current period's run when a worker starts, not only at the next boundary. */
  atStart?: boolean;
  run(ctx: Ctx): Promise<unknown>;
}

export const HOUR_MS = 3_600_000;

/** Counter buffers: in the memory of the web process that took them; with Redis also there, for workers to fold. */
export const heldOrShared = (ctx: Ctx): readonly Role[] => (ctx.redis ? ['web', 'worker'] : ['web']);

/** A module's manifest, checked against the type without widening it. */
export const defineModule = <M extends ModuleManifest>(m: M): M => m;

/** The routes of a declaration, given the app's context. */
export const routesOf = (routes: Routes | undefined, ctx: Ctx): readonly Route[] =>
  typeof routes === 'function' ? routes(ctx) : (routes ?? []);
