import type * as Prom from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), off unless METRICS_TOKEN or METRICS_PORT is set (http/metrics.ts
 * serves them). One registry per app (per `ctx.root`): every node, web or worker, answers for itself and Prometheus
 * adds the `instance` label. prom-client is imported only when metrics are on; with them off `metricsOf` answers
 * null and every hook below is a WeakMap look-up that does nothing.
 *
 * Labels are bounded sets only: a route's declared pattern (never the raw URL), a method, a status, a job, task or
 * cache name, a replica's name. No id, address, token or query text is ever a label.
 */
type Root = { root: object };

export interface Metrics {
  registry: Prom.Registry;
  /** The text Prometheus scrapes (runs the scrape-time collectors first). */
  scrape(): Promise<string>;
  contentType: string;
  httpDuration: Prom.Histogram<'method' | 'route' | 'status'>;
  jobRuns: Prom.Counter<'job' | 'outcome'>;
  jobDuration: Prom.Histogram<'job'>;
  jobsQueued: Prom.Gauge<'job'>;
  jobsOldestAge: Prom.Gauge<'job'>;
  taskRuns: Prom.Counter<'task'>;
  taskFailures: Prom.Counter<'task'>;
  taskDuration: Prom.Histogram<'task'>;
  socketsConnected: Prom.Gauge;
  socketChannels: Prom.Gauge;
  dbPool: Prom.Gauge<'state'>;
  replicaLag: Prom.Gauge<'replica'>;
  cacheRequests: Prom.Counter<'cache' | 'result'>;
  cacheHitRatio: Prom.Gauge<'cache'>;
  redisUp: Prom.Gauge<'client'>;
  signups: Prom.Counter;
  entriesPublished: Prom.Counter;
  comments: Prom.Counter;
  paymentsSucceeded: Prom.Counter<'kind'>;
}

/** Seconds: from a cached page (~1 ms) to a slow export. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WORK_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300];

const byApp = new WeakMap<object, Metrics>();
/** What fills gauges at scrape time (the socket hub, the queue's depth…), registered whether metrics are on or not. */
const collectors = new WeakMap<object, Set<(m: Metrics) => unknown>>();
/** Replica lag set before metrics started (or while off): kept so a later start shows it. */
const lags = new WeakMap<object, Map<string, number>>();

/** The app's metrics, or null when they are off. */
export const metricsOf = (ctx: Root): Metrics | null => byApp.get(ctx.root) ?? null;

/**
 * Adds what fills gauges on each scrape (a socket count, the queue's depth); a failing one is skipped for that
 * scrape. The answer stops it.
 */
export function onScrape(ctx: Root, collect: (m: Metrics) => unknown): () => void {
  let set = collectors.get(ctx.root);
  if (!set) collectors.set(ctx.root, (set = new Set()));
  set.add(collect);
  return () => set.delete(collect);
}

/**
 * `sreda_db_replica_lag_seconds{replica}`: the replica code calls it with each check of a replica's lag (`null`: the
 * replica is gone from the list). `replica` is the replica's name or host:port, never its URL with a password.
 */
export function setReplicaLag(ctx: Root, replica: string, seconds: number | null): void {
  let map = lags.get(ctx.root);
  if (!map) lags.set(ctx.root, (map = new Map()));
  if (seconds === null) map.delete(replica);
  else map.set(replica, seconds);
  const m = metricsOf(ctx);
  if (!m) return;
  if (seconds === null) m.replicaLag.remove({ replica });
  else m.replicaLag.set({ replica }, seconds);
}

/** Creates the app's registry (once per app): the Node process metrics and every `sreda_*` metric. */
export async function startMetrics(ctx: Root, info: { roles: readonly string[] }): Promise<Metrics> {
  const existing = metricsOf(ctx);
  if (existing) return existing;
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new prom.Counter<L>({ name, help, labelNames, registers });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new prom.Gauge<L>({ name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new prom.Histogram<L>({ name, help, labelNames, buckets, registers });

  gauge('sreda_node_info', 'This process: 1, with its roles (ROLES)', ['roles']).set(
    { roles: info.roles.join(',') },
    1,
  );
  const m: Metrics = {
    registry,
    contentType: registry.contentType,
    async scrape() {
      await Promise.all(
        [...(collectors.get(ctx.root) ?? [])].map(async (collect) => {
          try {
            await collect(m);
          } catch {
            // A collector that fails (the database away, say) leaves its gauges as they were.
          }
        }),
      );
      return registry.metrics();
    },
    httpDuration: histogram(
      'sreda_http_request_duration_seconds',
      'Time to answer an HTTP request, by method, declared route pattern and status',
      ['method', 'route', 'status'],
      HTTP_BUCKETS,
    ),
    jobRuns: counter('sreda_job_runs_total', 'Job runs by job name and outcome (done, retry, failed)', [
      'job',
      'outcome',
    ]),
    jobDuration: histogram('sreda_job_duration_seconds', 'Time a job run took, by job name', ['job'], WORK_BUCKETS),
    jobsQueued: gauge('sreda_jobs_queued', 'Jobs due and waiting for a worker, by job name (the whole queue)', ['job']),
    jobsOldestAge: gauge('sreda_jobs_oldest_age_seconds', 'How long the oldest due job has waited, by job name', [
      'job',
    ]),
    taskRuns: counter('sreda_task_runs_total', 'Periodic task runs on this process, by task', ['task']),
    taskFailures: counter('sreda_task_failures_total', 'Periodic task runs that failed, by task', ['task']),
    taskDuration: histogram('sreda_task_duration_seconds', 'Time a periodic task run took', ['task'], WORK_BUCKETS),
    socketsConnected: gauge('sreda_sockets_connected', 'Sockets connected to this node'),
    socketChannels: gauge('sreda_socket_channels', 'Channels with a subscriber on this node'),
    dbPool: gauge('sreda_db_pool_connections', 'PostgreSQL pool connections by state (total, idle, waiting)', [
      'state',
    ]),
    replicaLag: gauge('sreda_db_replica_lag_seconds', 'Replication lag of each read replica, in seconds', ['replica']),
    cacheRequests: counter('sreda_cache_requests_total', 'Shared cache reads by cache and result (hit, miss)', [
      'cache',
      'result',
    ]),
    cacheHitRatio: gauge('sreda_cache_hit_ratio', 'Hits over reads of each shared cache since the start', ['cache']),
    redisUp: gauge('sreda_redis_up', 'Redis connection state: 1 connected, 0 not (absent without REDIS_URL)', [
      'client',
    ]),
    signups: counter('sreda_signups_total', 'Accounts created'),
    entriesPublished: counter('sreda_entries_published_total', 'Entries published'),
    comments: counter('sreda_comments_total', 'Comments written'),
    paymentsSucceeded: counter('sreda_payments_succeeded_total', 'Orders paid, by order kind', ['kind']),
  };
  for (const [replica, seconds] of lags.get(ctx.root) ?? []) m.replicaLag.set({ replica }, seconds);
  byApp.set(ctx.root, m);
  return m;
}
