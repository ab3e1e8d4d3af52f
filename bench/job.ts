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
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/server/db/index.ts';
import { SPECIALISATIONS, EXPERIENCES, EMPLOYMENTS } from '../src/shared/vacancies.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { engine, fmt, freshDatabase, insertAuthors, insertEntries, mb, scenarios } from './dataset.ts';
import { peakRss, rss, startBenchServer } from './processes.ts';

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
const { log, measure, ceiling, print } = scenarios('bench:job', Number(args.connections), Number(args.duration));
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);

const list = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

const WORDS = ['React', 'Python', 'Figma', 'SQL', 'Excel', 'SEO', '1С', 'Kotlin', 'Go', 'Photoshop'];

/**
 * Companies with an owner each, 100 000 vacancies (towns by a skewed spread over the first 300 of the list, every
 * tenth remote, salaries from 30 000 to 500 000 ₽ with either end sometimes open), nine in ten published over the
 * last 30 days; entries for the feed's list.
 */
async function generate(db: Database['db']) {
  const t0 = Date.now();
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  const u0 = await insertAuthors(db, COMPANIES, 'hr');
  await exec(sql`insert into subsites (type, slug, name, description, avatar_color, created_at)
    select 'company', 'company-' || g, 'Компания ' || g, 'Компания для нагрузочного теста', '#2f6fed', now() - interval '1 year'
      from generate_series(1, ${COMPANIES}) g`);
  const [company] = await queryRows<{ c0: number }>(
    db,
    sql`select min(id)::int as c0 from subsites where type = 'company'`,
  );
  const ids = { u0, c0: company.c0 };
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
  await insertEntries(db, ids.u0, COMPANIES, ENTRIES);
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

ensureBuild();
const started = Date.now();
const loads = [os.loadavg()[0]];
await ceiling();
log(`generating ${VACANCIES} vacancies on ${engine()}`);
const t = await freshDatabase('job');
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
  `\n${engine()}, ${VACANCIES} vacancies, ${os.cpus().length} CPU, Node ${process.version}, concurrency ${CONNECTIONS}, ${DURATION} s per scenario; generating took ${fmt(genSeconds, 0)} s, the whole run ${fmt((Date.now() - started) / 1000, 0)} s; load average ${loads.map((l) => l.toFixed(1)).join(' → ')}\n`,
);
print();
console.log(`\nserver resident memory: idle ${mb(memory.idle)} MB, peak ${mb(memory.peak)} MB`);
