/**
 * `npm run bench:job`: the job board (issue 29) on 100 000 vacancies. As bench/run.ts: a data set generated with SQL
 * (generate_series), the real server on it (src/server/main.ts, SEED=0), the load from a second process
 * (bench/load.ts) at concurrency 50, beside a constant-JSON Fastify route measured in the same run (the ceiling).
 * Scenarios: /job as HTML and the API's list, the list's filters (town, salary "from", remote, specialisation, all
 * four), the list's words (`q`), search's vacancies, and the feed's list for comparison; the server's CPU per request
 * and resident memory. Results: docs/BENCHMARKS.md, "The job board".
 *
 *   npm run bench:job                               # PGlite in a temporary directory
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench:job   # a fresh database beside that one
 *   npm run bench:job -- --vacancies 20000 --duration 5 --explain
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/server/db/index.ts';
import { SPECIALISATIONS, EXPERIENCES, EMPLOYMENTS } from '../src/shared/vacancies.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { freePort } from '../scripts/free-port.ts';
import type { LoadResult } from './load.ts';
import { cpuMs, load, peakRss, rss, startBenchServer } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    vacancies: { type: 'string', default: '100000' },
    companies: { type: 'string', default: '3000' },
    entries: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    /** Print the plans of the list's queries (EXPLAIN ANALYZE) before the load. */
    explain: { type: 'boolean', default: false },
  },
});
const VACANCIES = Number(args.vacancies);
const COMPANIES = Number(args.companies);
const ENTRIES = Number(args.entries);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const PG_BASE = process.env.DATABASE_URL ?? '';

const log = (...m: unknown[]) => console.error(`[bench:job ${new Date().toISOString().slice(11, 19)}]`, ...m);
const list = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

/** A fresh database: PGlite in a temporary directory, or a new PostgreSQL database beside DATABASE_URL's. */
async function target(): Promise<{ db: Database; env: Record<string, string>; drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-bench-job-'));
  if (!PG_BASE) {
    const db = await openDatabase({ url: '', dataDir: path.join(dir, 'db') });
    return { db, env: { DATABASE_URL: '', DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `sreda_bench_job_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    db,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    async drop() {
      fs.rmSync(dir, { recursive: true });
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

const WORDS = ['React', 'Python', 'Figma', 'SQL', 'Excel', 'SEO', '1С', 'Kotlin', 'Go', 'Photoshop'];

/**
 * Companies with an owner each, 100 000 vacancies (towns by a skewed spread over the first 300 of the list, every
 * tenth remote, salaries from 30 000 to 500 000 ₽ with either end sometimes open), nine in ten published over the
 * last 30 days; entries for the feed's list.
 */
async function generate(db: Database['db']) {
  const t0 = Date.now();
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  await exec(sql`insert into subsites (type, slug, name, description, avatar_color, created_at)
    select 'user', 'hr-' || g, 'Рекрутер ' || g, '', '#6b7cff', now() - interval '1 year' from generate_series(1, ${COMPANIES}) g`);
  await exec(sql`insert into users (id, email, password_hash, created_at)
    select id, 'hr-' || id || '@example.ru', 'no-login', created_at from subsites where type = 'user'`);
  await exec(sql`insert into subsites (type, slug, name, description, avatar_color, created_at)
    select 'company', 'company-' || g, 'Компания ' || g, 'Компания для нагрузочного теста', '#2f6fed', now() - interval '1 year'
      from generate_series(1, ${COMPANIES}) g`);
  const [ids] = await queryRows<{ u0: number; c0: number }>(
    db,
    sql`select min(id) filter (where type = 'user')::int as u0, min(id) filter (where type = 'company')::int as c0 from subsites`,
  );
  await exec(sql`insert into subsite_roles (subsite_id, user_id, role)
    select ${ids.c0} + g, ${ids.u0} + g, 'owner' from generate_series(0, ${COMPANIES - 1}) g`);
  const CHUNK = 25_000;
  for (let from = 1; from <= VACANCIES; from += CHUNK) {
    await exec(sql`insert into vacancies (subsite_id, author_id, title, company, description, description_blocks,
        salary_from, salary_to, town_id, is_remote, specialisation, experience, employment, apply_url, state,
        published_at, expires_at, created_at, updated_at)
      select ${ids.c0} + c, ${ids.u0} + c, 'Специалист ' || g || ': ' || w, 'Компания ' || (c + 1), d,
             jsonb_build_array(jsonb_build_object('type', 'text', 'data', jsonb_build_object('text', d))),
             sf, case when g % 4 = 0 then null else sf + 20000 + (g * 7) % 100000 end,
             case when g % 10 = 0 and g % 20 <> 0 then null else 1 + floor(power(((g * 2654435761) % 1000) / 1000.0, 3) * 300)::int end,
             g % 10 = 0,
             (${list(SPECIALISATIONS)})[1 + g % ${SPECIALISATIONS.length}],
             (${list(EXPERIENCES)})[1 + (g / 7) % ${EXPERIENCES.length}],
             (${list(EMPLOYMENTS)})[1 + (g / 3) % ${EMPLOYMENTS.length}],
             'https://example.ru/jobs/' || g,
             case when g % 10 = 9 then 'expired' else 'published' end,
             p, p + interval '30 days', p, p
        from (select g, (g * 31) % ${COMPANIES} as c, (${list(WORDS)})[1 + g % ${WORDS.length}] as w,
                     case when g % 7 = 0 then null else 30000 + (g * 7919) % 470000 end as sf,
                     now() - ((${VACANCIES} - g)::float8 / ${VACANCIES}) * interval '29 days' as p,
                     'Задачи: ' || (${list(WORDS)})[1 + g % ${WORDS.length}] || ', команда из ' || (g % 30 + 2) ||
                       ' человек, офис или удалённо. Условия: официальное оформление, ДМС, обучение.' as d
                from generate_series(${from}::bigint, ${Math.min(VACANCIES, from + CHUNK - 1)}) g) x`);
  }
  log(`vacancies: ${VACANCIES} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await exec(sql`insert into entries (subsite_id, author_id, title, slug, blocks, is_published, published_at, created_at, updated_at)
    select ${ids.u0} + g % ${COMPANIES}, ${ids.u0} + g % ${COMPANIES}, 'Запись номер ' || g, 'zapis-' || g,
           '[{"type":"text","data":{"text":"Вступление записи для нагрузочного теста."}}]'::jsonb, true, p, p, p
      from (select g, now() - ((${ENTRIES} - g)::float8 / ${ENTRIES}) * interval '365 days' as p
              from generate_series(1, ${ENTRIES}) g) x`);
  await exec(sql`analyze`);
  const seconds = (Date.now() - t0) / 1000;
  log(`entries: ${ENTRIES}, statistics (${seconds.toFixed(1)} s)`);
  return seconds;
}

/** The list's filters as the API takes them (Москва is 1; the most common specialisation). */
const FILTERS: [string, string][] = [
  ['town', 'town_id=1'],
  ['salary from 200 000', 'salary_from=200000'],
  ['remote', 'remote=1'],
  ['specialisation', 'specialisation=design'],
  ['all four', 'town_id=1&salary_from=200000&remote=1&specialisation=development'],
  ['words (q)', `q=${encodeURIComponent('Figma')}`],
];

/** The plans of the list's statement for each filter (PostgreSQL's or PGlite's EXPLAIN ANALYZE). */
async function explain(db: Database['db']) {
  const { listPublished } = await import('../src/server/modules/vacancies/queries.ts');
  const { listQuery } = await import('../src/shared/api/vacancies.ts');
  for (const [name, query] of [['none', ''], ...FILTERS]) {
    const filters = listQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    let plan = '';
    const spy = {
      execute: async (q: ReturnType<typeof sql>) => {
        const res = (await db.execute(sql`explain (analyze, costs off) ${q}`)) as unknown as {
          rows: Record<string, string>[];
        };
        plan = res.rows.map((r) => Object.values(r)[0]).join('\n');
        return { rows: [] };
      },
    } as unknown as Database['db'];
    await listPublished(spy, filters, null, 20);
    console.log(`\n--- ${name}\n${plan}`);
  }
}

interface Row extends LoadResult {
  scenario: string;
  cpu: number;
}
const rows: Row[] = [];
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');

async function measure(scenario: string, url: string, pid = 0) {
  const probe = await fetch(url);
  if (!probe.ok) throw new Error(`${scenario}: ${url} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
  const cpu0 = pid ? cpuMs(pid) : NaN;
  const result = await load({ url, connections: CONNECTIONS, duration: DURATION, headers: {} });
  const cpu = pid ? (cpuMs(pid) - cpu0) / result.answered : NaN;
  rows.push({ scenario, cpu, ...result });
  const memory = pid ? `, resident ${mb(rss(pid))} MB` : '';
  log(`${scenario}: ${fmt(result.rps, 0)} req/s, p99 ${fmt(result.p99)} ms, ${fmt(cpu, 2)} ms CPU${memory}`);
}

async function ceiling() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ rc: 200, rm: '', data: { status: 'ok' } }));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  await measure('constant JSON (Fastify, the ceiling)', `http://127.0.0.1:${port}/`);
  await app.close();
}

ensureBuild();
const started = Date.now();
const loads = [os.loadavg()[0]];
await ceiling();
log(`generating ${VACANCIES} vacancies on ${PG_BASE ? 'PostgreSQL' : 'PGlite'}`);
const t = await target();
const genSeconds = await generate(t.db.db);
if (args.explain) await explain(t.db.db);
await t.db.close();
const server = await startBenchServer({ ...t.env, SEED: '0', REDIS_URL: '' });
const memory = { idle: 0, peak: 0 };
try {
  const { pid, url } = server;
  memory.idle = rss(pid);
  await measure('/job HTML', `${url}/job`, pid);
  await measure('list API /v3.0/job', `${url}/v3.0/job`, pid);
  for (const [name, query] of FILTERS) await measure(`list API, ${name}`, `${url}/v3.0/job?${query}`, pid);
  await measure('/job HTML, town + salary + remote', `${url}/job?town_id=1&salary_from=200000&remote=1`, pid);
  loads.push(os.loadavg()[0]);
  await measure(
    'search, vacancies (search_ajax)',
    `${url}/v3.0/search_ajax/v2/vacancies/relevant/1?query=${encodeURIComponent('Figma')}`,
    pid,
  );
  await measure('feed list /v3.0/feed (new), for comparison', `${url}/v3.0/feed?sorting=date`, pid);
  memory.peak = peakRss(pid);
} finally {
  await server.stop();
  await t.drop();
}
await ceiling();
loads.push(os.loadavg()[0]);

console.log(
  `\n${PG_BASE ? 'PostgreSQL' : 'PGlite'}, ${VACANCIES} vacancies, ${os.cpus().length} CPU, Node ${process.version}, concurrency ${CONNECTIONS}, ${DURATION} s per scenario; generating took ${fmt(genSeconds, 0)} s, the whole run ${fmt((Date.now() - started) / 1000, 0)} s; load average ${loads.map((l) => l.toFixed(1)).join(' → ')}\n`,
);
const ceil = Math.max(...rows.filter((r) => Number.isNaN(r.cpu)).map((r) => r.rps));
console.log('| scenario | req/s | of the ceiling | p50, ms | p99, ms | CPU, ms/req | errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.scenario} | ${fmt(r.rps, 0)} | ${fmt(r.rps / ceil, 3)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.cpu, 2)} | ${r.errors} |`,
  );
console.log(`\nserver resident memory: idle ${mb(memory.idle)} MB, peak ${mb(memory.peak)} MB`);
