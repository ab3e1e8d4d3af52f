import { sql } from 'drizzle-orm';
import { getMetricsFromIterator, type PromMetric, type PromMetrics } from 'prom2javascript';
import { describe, expect, it } from 'vitest';
import { jobsOf } from '../jobs/queue.ts';
import { setReplicaLag } from '../lib/metrics.ts';
import { savedEntry, text } from '../modules/entries/testing.ts';
import { buy, SUCCESS } from '../modules/payments/testing.ts';
import { isRussianError, startTestApp, useTestApp, Visitor } from '../testing/harness.ts';
import { metricsPort } from './metrics.ts';

const TOKEN = 'scrape-token-q81Zx';
/** Tests that start an app of their own: a start takes 10–30 s on a loaded machine. */
const APP_START_MS = 180_000;

/**
 * The scrape parsed by a Prometheus text-format parser (prom2javascript; parse-prometheus-text-format folds every
 * labelled series of a histogram into one), by family name. prom-client writes a gauge without samples yet (the
 * event loop's mean lag in the first moments) as `Nan`, which Prometheus reads and this parser does not: those lines go.
 */
function parse(body: string): Promise<PromMetrics> {
  const lines = body.split('\n').filter((line) => !/ Nan$/i.test(line));
  return getMetricsFromIterator(lines.values());
}

type Sample = {
  labels: Record<string, string>;
  value?: number;
  count?: number;
  sum?: number;
  buckets?: Record<string, number>;
};
const labelled = (family: PromMetric | undefined, labels: Record<string, string>): Sample[] =>
  ((family?.data ?? []) as Sample[]).filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));

/** A counter's or gauge's value for these labels (summed; 0 when absent), or a histogram's count. */
const value = (families: PromMetrics, name: string, labels: Record<string, string> = {}) =>
  labelled(families[name], labels).reduce((sum, s) => sum + (s.value ?? s.count ?? 0), 0);

describe('metrics at /metrics behind METRICS_TOKEN', () => {
  const { t, signedIn } = useTestApp({ metrics: { token: TOKEN, port: null, host: '127.0.0.1' } });
  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, families: await parse(res.body) };
  };

  it('refuses a missing, wrong or non-Bearer token with a Russian 401 and no metrics', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer x${TOKEN}`, `Basic ${TOKEN}`, TOKEN, '']) {
      const res = await t.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(isRussianError(res, 401), `${authorization}: ${res.body}`).toBe(true);
      expect(res.json().error).toBe('metrics_token');
      expect(res.body).not.toContain('sreda_');
    }
    // Query tokens are not a way in either.
    const res = await t.app.inject({ url: `/metrics?token=${TOKEN}` });
    expect(res.statusCode).toBe(400);
  });

  it('moves the route histogram, the job metrics and the business counters after real actions', async () => {
    const before = (await scrape()).families;
    const writer = await signedIn('Автор Метрик');
    const entry = await savedEntry(writer.v, { title: 'Запись для метрик', entry: [text('текст')], is_published: 1 });
    const reader = await signedIn('Читатель Метрик');
    const comment = await reader.v.post('/v3.0/comment/add', { id: entry.id, text: 'Комментарий для метрик' });
    expect(comment.json().rc, comment.body).toBe(200);
    expect((await reader.v.get(`/v3.0/entry/${entry.id}`)).statusCode).toBe(200);
    const { res: paid } = await buy(reader.v, 1, SUCCESS);
    expect(paid.json().data.status, paid.body).toBe('success');
    await t.app.ctx.events.settled();
    await jobsOf(t.app.ctx).drain();
    // A due job no worker here takes (no handler of its kind), a minute old: the queue's depth and age show it.
    await t.database.db.execute(
      sql`insert into jobs (kind, payload, run_at) values ('metrics.unclaimed', '{}'::jsonb, ${new Date(t.clock.now.getTime() - 60_000)})`,
    );
    setReplicaLag(t.app.ctx, 'replica-a', 0.25);

    const { text: body, families } = await scrape();
    const diff = (name: string, labels: Record<string, string> = {}) =>
      value(families, name, labels) - value(before, name, labels);

    // Route histogram: by the declared pattern, never the URL (the id and the query are not in any label).
    const hist = families.sreda_http_request_duration_seconds;
    expect(hist.type).toBe('histogram');
    const read = labelled(hist, { method: 'GET', route: '/v3.0/entry/:id', status: '200' });
    expect(read).toHaveLength(1);
    expect(read[0].count).toBeGreaterThanOrEqual(1);
    expect(read[0].buckets!['+Inf']).toBe(read[0].count);
    expect(read[0].sum).toBeGreaterThan(0);
    expect(diff('sreda_http_request_duration_seconds', { method: 'POST', route: '/v3.0/writing/save' })).toBe(1);
    expect(diff('sreda_http_request_duration_seconds', { route: '/v3.0/comment/add', status: '200' })).toBe(1);
    for (const s of labelled(hist, {})) {
      expect(s.labels.route).not.toMatch(/\?|\/\d+(\/|$)/);
      expect(s.labels.status).toMatch(/^\d{3}$/);
    }

    // Business counters, from the domain events.
    expect(diff('sreda_signups_total')).toBe(2);
    expect(diff('sreda_entries_published_total')).toBe(1);
    expect(diff('sreda_comments_total')).toBe(1);
    expect(diff('sreda_payments_succeeded_total', { kind: 'plus' })).toBe(1);

    // Jobs: runs by name and outcome, their time, and the queue's depth and age by name.
    expect(diff('sreda_job_runs_total', { outcome: 'done' })).toBeGreaterThanOrEqual(1);
    expect(value(families, 'sreda_job_duration_seconds')).toBeGreaterThanOrEqual(1);
    expect(value(families, 'sreda_jobs_queued', { job: 'metrics.unclaimed' })).toBe(1);
    expect(value(families, 'sreda_jobs_oldest_age_seconds', { job: 'metrics.unclaimed' })).toBe(60);

    // The rest is there: sockets, replica lag, the process.
    expect(families.sreda_sockets_connected?.type).toBe('gauge');
    expect(families.sreda_socket_channels?.type).toBe('gauge');
    expect(value(families, 'sreda_db_replica_lag_seconds', { replica: 'replica-a' })).toBe(0.25);
    expect(families.process_cpu_user_seconds_total?.type).toBe('counter');
    expect(labelled(families.sreda_node_info, { roles: 'web,worker' })).toHaveLength(1);

    // No secret and nothing personal in any label or value: the token, e-mails, names, cookies, ids in paths.
    for (const secret of [TOKEN, 'example.ru', 'Метрик', writer.v.cookies.session ?? 'no-cookie', 'test-secret']) {
      expect(body).not.toContain(secret);
    }
    await t.database.db.execute(sql`delete from jobs where kind = 'metrics.unclaimed'`);
  });

  it(
    'counts the shared caches’ hits and misses by name',
    async () => {
      const sharedOn = await startTestApp({ sharedCaches: true, metrics: { token: TOKEN, port: null, host: '' } });
      try {
        const v = new Visitor(sharedOn.app);
        for (let i = 0; i < 3; i++) expect((await v.get('/v3.0/feed')).statusCode).toBe(200);
        const res = await sharedOn.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        const families = await parse(res.body);
        expect(value(families, 'sreda_cache_requests_total', { cache: 'feed.anonymous', result: 'miss' })).toBe(1);
        expect(value(families, 'sreda_cache_requests_total', { cache: 'feed.anonymous', result: 'hit' })).toBe(2);
        expect(value(families, 'sreda_cache_hit_ratio', { cache: 'feed.anonymous' })).toBeCloseTo(2 / 3);
      } finally {
        await sharedOn.close();
      }
    },
    APP_START_MS,
  );
});

describe('metrics switches', () => {
  it(
    'are off by default: /metrics is a 404 and no registry is made',
    async () => {
      const plain = await startTestApp({ metrics: null });
      try {
        const res = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.statusCode).toBe(404);
        expect(metricsPort(plain.app)).toBeNull();
      } finally {
        await plain.close();
      }
    },
    APP_START_MS,
  );

  it(
    'serve on their own port with METRICS_PORT (the token still required when set), not on the main one',
    async () => {
      const own = await startTestApp({ metrics: { token: TOKEN, port: 0, host: '127.0.0.1' } });
      try {
        expect(
          (await own.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
        ).toBe(404);
        const url = `http://127.0.0.1:${metricsPort(own.app)}/metrics`;
        const refused = await fetch(url, { headers: { authorization: 'Bearer wrong' } });
        expect(refused.status).toBe(401);
        expect(await refused.text()).toMatch(/[а-я]/);
        const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.status).toBe(200);
        const families = await parse(await res.text());
        expect(families.sreda_http_request_duration_seconds?.type).toBe('histogram');
        expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
      } finally {
        await own.close();
      }
    },
    APP_START_MS,
  );
});
