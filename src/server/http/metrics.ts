import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/catalogue.ts';
import { metrics as metricsContract } from '../../shared/api/health.ts';
import { sharedCachesOf } from '../lib/cache.ts';
import { ApiError } from '../lib/errors.ts';
import { metricsOf, onScrape, startMetrics, type Metrics } from '../lib/metrics.ts';
import { redisUp } from '../lib/redis.ts';
import { queueDepth } from '../jobs/queries.ts';
import { route } from './route.ts';

/**
 * The metrics' wiring (lib/metrics.ts holds the registry): off unless METRICS_TOKEN or METRICS_PORT is set. With
 * METRICS_PORT the text is served on that port alone (METRICS_HOST, 127.0.0.1 by default; a worker-only node has no
 * other port), with METRICS_TOKEN alone at `/metrics` on the main port. Either way a set token must come as a Bearer.
 *
 * What is counted where: HTTP answers in one `onResponse` hook (a histogram child per method, route pattern and
 * status, looked up in a Map), jobs and periodic tasks where they run (jobs/queue.ts, schedule.ts), the business
 * counters from the domain events that already tell of them, the rest (queue depth, pool, Redis, caches, sockets) read
 * at scrape time, so they cost nothing between scrapes.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const settings = ctx.config.metrics;
  if (!settings) return;
  const m = await startMetrics(ctx, { roles: ctx.config.roles });
  observeRequests(app, m);
  countEvents(app, m);
  collectState(app);

  if (settings.port === null) return;
  const server = http.createServer((req, res) => void answerScrape(m, settings.token, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, settings.host, () => resolve());
  });
  app.log.info({ port: (server.address() as { port: number }).port }, 'metrics served on their own port');
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  metricsServers.set(app, server);
}

/** `/metrics` on the main port (METRICS_TOKEN without METRICS_PORT); none otherwise. */
export function metricsRoutes(app: FastifyInstance) {
  const settings = app.ctx.config.metrics;
  const m = metricsOf(app.ctx);
  if (!settings || settings.port !== null || !m) return [];
  return [
    route.implement(metricsContract, {
      // No limit: the scraper's own schedule; a wrong token costs one comparison.
      rateLimit: 'none',
      handler: async ({ req, reply }) => {
        if (!tokenMatches(settings.token, req.headers.authorization)) throw new ApiError(401, messages.metricsToken);
        reply.header('cache-control', 'no-store').type(m.contentType);
        return m.scrape();
      },
    }),
  ];
}

/** The own-port server of an app (tests read its port). */
const metricsServers = new WeakMap<FastifyInstance, http.Server>();
export const metricsPort = (app: FastifyInstance) =>
  (metricsServers.get(app)?.address() as { port: number } | null)?.port ?? null;

async function answerScrape(m: Metrics, token: string, req: http.IncomingMessage, res: http.ServerResponse) {
  const path = (req.url ?? '').split('?', 1)[0];
  if (req.method !== 'GET' || path !== '/metrics') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(messages.notFound);
    return;
  }
  if (token && !tokenMatches(token, req.headers.authorization)) {
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' }).end(messages.metricsToken);
    return;
  }
  try {
    const text = await m.scrape();
    res.writeHead(200, { 'content-type': m.contentType, 'cache-control': 'no-store' }).end(text);
  } catch {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(messages.internal);
  }
}

/** `Bearer <token>` compared in constant time (hashes of equal length). */
function tokenMatches(token: string, header: string | undefined): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token || !given) return false;
  const hash = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(hash(token), hash(given));
}

/** One histogram child per method, declared route and status: the request pays a Map look-up and an observe. */
function observeRequests(app: FastifyInstance, m: Metrics) {
  const children = new Map<string, { observe(v: number): void }>();
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // The declared pattern (`/v3.0/entry/:id`, the pages' `/*`); a path no route took is `unmatched`, never its URL.
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = m.httpDuration.labels({ method: req.method, route, status: String(reply.statusCode) });
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}

/** The business counters, from the events the modules emit already (each counted on the node where it happened). */
function countEvents(app: FastifyInstance, m: Metrics) {
  const { events } = app.ctx;
  const stops = [
    events.on('user.created', () => m.signups.inc()),
    events.on('entry.published', () => m.entriesPublished.inc()),
    events.on('comment.created', () => m.comments.inc()),
    events.on('payment.succeeded', (p) => m.paymentsSucceeded.inc({ kind: p.kind })),
  ];
  app.addHook('onClose', async () => stops.forEach((stop) => stop()));
}

/** What is read at scrape time: the job queue, the database pool, Redis and the shared caches. */
function collectState(app: FastifyInstance) {
  const ctx = app.ctx;
  const stops = [
    onScrape(ctx, async (m) => {
      const now = ctx.now();
      const depth = await queueDepth(ctx.db, now);
      m.jobsQueued.reset();
      m.jobsOldestAge.reset();
      for (const row of depth) {
        m.jobsQueued.set({ job: row.kind }, row.n);
        m.jobsOldestAge.set({ job: row.kind }, Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000));
      }
    }),
    onScrape(ctx, (m) => {
      // node-postgres's pool (drizzle keeps it as `$client`); the embedded database has none.
      const pool = (
        ctx.db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number } }
      ).$client;
      if (typeof pool?.totalCount !== 'number') return;
      m.dbPool.set({ state: 'total' }, pool.totalCount);
      m.dbPool.set({ state: 'idle' }, pool.idleCount ?? 0);
      m.dbPool.set({ state: 'waiting' }, pool.waitingCount ?? 0);
    }),
    onScrape(ctx, (m) => {
      if (ctx.redis) m.redisUp.set({ client: 'main' }, redisUp(ctx.redis) ? 1 : 0);
      m.cacheRequests.reset();
      for (const [name, cache] of sharedCachesOf(ctx)) {
        m.cacheRequests.inc({ cache: name, result: 'hit' }, cache.hits);
        m.cacheRequests.inc({ cache: name, result: 'miss' }, cache.misses);
        const reads = cache.hits + cache.misses;
        if (reads) m.cacheHitRatio.set({ cache: name }, cache.hits / reads);
      }
    }),
  ];
  app.addHook('onClose', async () => stops.forEach((stop) => stop()));
}
