/**
 * `npm run bench:search`: full-text search over a large data set. Generates entries with SQL (generate_series, words
 * drawn from the seed texts' vocabulary with a skewed frequency, as real text has), starts the real server on it
 * (src/server/main.ts, SEED=0) and drives `GET /v3.0/search_ajax/v2/…` from a second process (bench/load.ts) at
 * concurrency 50, beside a constant-JSON Fastify route measured in the same run as the machine's ceiling.
 * Results: docs/BENCHMARKS.md.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench:search          # 1 000 000 entries
 *   npm run bench:search -- --entries 20000                                           # PGlite, a quick look
 *
 * With DATABASE_URL the bench creates a fresh database next to the one named (and drops it unless --keep).
 * `--reuse <name>` keeps the generated database under that name and, on a later run, skips the generation when
 * the database already holds a finished set of the same size (generating 1 000 000 entries takes ~25 min):
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench:search -- --reuse bench_search_1m
 *
 * `--only <text>` measures only the scenarios whose name contains the text (and the ceiling), e.g. `--only never`.
 * BENCH_SERVER_NODE_ARGS: extra Node flags for the server (e.g. `--cpu-prof`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/server/db/index.ts';
import { refreshRecentHotness } from '../src/server/modules/feed/ranking.ts';
import { ensureBuild, root } from '../scripts/ensure-build.ts';
import { freePort } from '../scripts/free-port.ts';
import type { LoadResult } from './load.ts';
import { cpuMs, load, startBenchServer } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string' },
    users: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    only: { type: 'string' },
  },
});

const PG_BASE = process.env.DATABASE_URL ?? '';
const ENTRIES = Number(args.entries ?? (PG_BASE ? 1_000_000 : 20_000));
const USERS = Number(args.users);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);

const log = (...m: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...m);

interface Target {
  env: Record<string, string>;
  db: Database;
  /** The database already holds a finished data set of this size (--reuse). */
  ready: boolean;
  drop(): Promise<void>;
}

/** The size a finished generation records (its last step), so that a half-made set is never reused. */
const SET_SIZE = `${ENTRIES} entries, ${USERS} people`;

async function target(): Promise<Target> {
  if (PG_BASE) {
    const { default: pg } = await import('pg');
    const name = args.reuse ?? `sreda_bench_search_${process.pid}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--reuse: ${name} is not a plain database name`);
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    let ready = false;
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (args.reuse && exists.rowCount) {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      const done = await c
        .query<{ size: string }>('select size from bench_search_done')
        .catch(() => ({ rows: [] as { size: string }[] }));
      await c.end();
      ready = done.rows[0]?.size === SET_SIZE;
    }
    if (!ready) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
    await admin.end();
    const db = await openDatabase({ url: url.toString(), dataDir: '' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-bench-'));
    return {
      db,
      ready,
      env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
        if (args.keep || args.reuse) return;
        const c = new pg.Client({ connectionString: PG_BASE });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-bench-search-'));
  const db = await openDatabase({ url: '', dataDir: path.join(dir, 'db') });
  return {
    db,
    ready: false,
    env: { DATABASE_URL: '', DATA_DIR: dir },
    async drop() {
      if (!args.keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The vocabulary: the distinct words of four letters or more in the seed texts, in a fixed order. */
function vocabulary(): string[] {
  const text = fs.readFileSync(path.join(root, 'src', 'server', 'db', 'seed-data.ts'), 'utf8');
  return [...new Set((text.match(/[а-яё]{4,}/giu) ?? []).map((w) => w.toLowerCase()))].sort();
}

/**
 * Word k of a sentence is vocabulary[floor(n · r²)] for a uniform r: the first words are common, the last rare
 * (a word at rank 300 of 3 000 turns up in about 3 % of entries, as a topical word does on a news site).
 * An entry is a title sentence and six text sentences picked from SENTENCES made once: picking every word per row
 * would cost more than the million rows' search vectors themselves.
 */
const SENTENCES = 20_000;
const SENTENCE_WORDS = 10;
const TEXT_SENTENCES = 6;

async function generate(db: Database['db'], words: string[]) {
  const t0 = Date.now();
  const n = words.length;
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  // An array literal as one parameter (the words are letters only).
  const vocab = `{${words.join(',')}}`;
  await exec(
    sql`create table bench_words as select i::int, w from unnest(${vocab}::text[]) with ordinality as x(w, i)`,
  );
  await exec(sql`alter table bench_words add primary key (i)`);
  await exec(sql`select setseed(0.42)`);
  await exec(sql`create table bench_sentences as
    select g as i, (select string_agg(b.w, ' ' order by x.k)
                      from (select k, 1 + floor(${n} * power(random(), 2))::int + 0 * g as r
                              from generate_series(1, ${SENTENCE_WORDS}) k) x
                      join bench_words b on b.i = x.r) as s
      from generate_series(0, ${SENTENCES - 1}) g`);
  await exec(sql`alter table bench_sentences add primary key (i)`);
  log(`vocabulary and ${SENTENCES} sentences (${since()})`);

  await exec(sql`insert into subsites (type, slug, name, description, avatar_color, created_at)
    select 'user', 'user-' || g, initcap(a.w) || ' ' || initcap(b.w), '', '#6b7cff', now() - interval '2 years'
      from generate_series(1::bigint, ${USERS}) g
      join bench_words a on a.i = 1 + (g * 7919) % ${n}
      join bench_words b on b.i = 1 + (g * 104729) % ${n}`);
  await exec(sql`insert into users (id, email, password_hash, created_at)
    select id, 'bench-' || id || '@example.ru', 'no-login', created_at from subsites where type = 'user'`);
  const [ids] = await queryRows<{ u0: number; u1: number }>(
    db,
    sql`select min(id)::int as u0, max(id)::int as u1 from subsites where type = 'user'`,
  );
  log(`users: ${USERS} (${since()})`);
  const primes = [104729, 15485863, 32452843, 49979687, 67867967, 86028121];
  const textExpr = sql.join(
    primes
      .slice(0, TEXT_SENTENCES)
      .map((p) => sql.raw(`(select s from bench_sentences where i = (g * ${p}) % ${SENTENCES})`)),
    sql` || ' ' || `,
  );
  // A bulk load builds the GIN index once at the end instead of growing it row by row (the SQL of the latest migration
  // that made it, `entry_search_windows`: on the words and the week, or searches lose their windows);
  // the entries' trigger writes their search rows (entry_search) as the server's writes do.
  await exec(sql`drop index entry_search_vector`);
  // In chunks: one statement per 100 000 rows keeps memory flat and shows progress.
  const CHUNK = 100_000;
  for (let from = 1; from <= ENTRIES; from += CHUNK) {
    const to = Math.min(ENTRIES, from + CHUNK - 1);
    await exec(sql`insert into entries (subsite_id, author_id, title, slug, blocks, is_published, published_at, created_at, updated_at,
                                        likes_count, likes_summ, hits_count)
      select a, a, t, 'zapis-' || g, jsonb_build_array(jsonb_build_object('type', 'text', 'data', jsonb_build_object('text', x))),
             true, p, p, p, (g * 13) % 300, (g * 7) % 200 - 20, (g * 31) % 5000
        from (select g, ${ids.u0} + (g * 31) % ${ids.u1 - ids.u0 + 1} as a,
                     now() - ((${ENTRIES} - g)::float8 / ${ENTRIES}) * interval '365 days' as p,
                     initcap((select s from bench_sentences where i = (g * 7919) % ${SENTENCES})) as t,
                     ${textExpr} as x
                from generate_series(${from}::bigint, ${to}) g) s`);
    log(`entries: ${to} (${since()})`);
  }
  await exec(
    sql`create index entry_search_vector on entry_search using gin (vector, week) with (gin_pending_list_limit = 256)`,
  );
  log(`search index (${since()})`);
  await exec(sql`drop table bench_sentences`);
  await exec(sql`drop table bench_words`);
  await exec(sql`analyze`);
  await exec(sql`create table bench_search_done as select ${SET_SIZE}::text as size`);
  log(`statistics (${since()})`);
  return (Date.now() - t0) / 1000;
}

/**
 * The state a running site is in, not the one a bulk load leaves: the server's periodic hotness refresh rewrites the
 * last week's entries once (the generated rows have none; it leaves their search rows alone), and VACUUM sets the
 * visibility map and merges any GIN pending list into the index (every search reads the list through: 480 pages
 * made the match scan 0.3 → 8–23 ms at 100 000 entries when the vectors were on `entries`), as autovacuum would.
 */
async function settle(db: Database['db']) {
  const t0 = Date.now();
  const changed = await refreshRecentHotness({ db, now: () => new Date() });
  await db.execute(sql`vacuum analyze entries, entry_search`);
  log(`hotness of ${changed} recent entries, vacuum (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/** A signed-in reader (the first person) with a fresh session: its cookie. */
async function signIn(db: Database['db']) {
  const token = crypto.randomBytes(24).toString('base64url');
  await db.execute(sql`insert into sessions (token_hash, user_id, expires_at)
    select ${crypto.createHash('sha256').update(token).digest('hex')}, min(id), now() + interval '1 day'
      from subsites where type = 'user'`);
  return `sreda_session=${token}`;
}

interface Row extends LoadResult {
  scenario: string;
  matches: string;
  /** CPU time per answered request, ms: the server process, and the database's backends (PostgreSQL only). */
  serverCpu: number;
  dbCpu: number;
}
const rows: Row[] = [];

/** Whose CPU time a scenario is charged: the server's pid, and a way to list the bench database's backends. */
const cpuOf: { server: number | null; backends: () => Promise<number[]> } = {
  server: null,
  backends: async () => [],
};

/** CPU time of these processes, ms (one that ended meanwhile counts as 0). */
function cpuOfPids(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      out.set(pid, cpuMs(pid));
    } catch {
      out.set(pid, 0);
    }
  }
  return out;
}

async function measure(
  scenario: string,
  url: string,
  matches = '—',
  headers: Record<string, string> = {},
  paths: string[] = [],
) {
  if (args.only && !scenario.includes(args.only) && !scenario.startsWith('constant')) return;
  // A wrong answer is not a benchmark: check the route (and that it finds something) before loading it.
  const probe = await fetch(url, { headers });
  const body = await probe.text();
  if (!probe.ok || (matches !== '0' && matches !== '—' && !body.includes('"id"')))
    throw new Error(`${scenario}: ${url} answered ${probe.status} ${body.slice(0, 300)}`);
  // The ceiling runs in this process: no server or database to charge.
  const charged = !scenario.startsWith('constant');
  const server0 = charged && cpuOf.server ? cpuMs(cpuOf.server) : NaN;
  const db0 = cpuOfPids(charged ? await cpuOf.backends() : []);
  const result = await load({ url, paths, connections: CONNECTIONS, duration: DURATION, headers });
  const serverCpu = cpuOf.server ? (cpuMs(cpuOf.server) - server0) / result.answered : NaN;
  // The pool's backends (a backend opened during the run started from 0).
  const db1 = cpuOfPids(charged ? await cpuOf.backends() : []);
  const dbMs = [...db1].reduce((sum, [pid, ms]) => sum + ms - (db0.get(pid) ?? 0), 0);
  const dbCpu = db1.size ? dbMs / result.answered : NaN;
  rows.push({ scenario, matches, ...result, serverCpu, dbCpu });
  log(
    `${scenario}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, CPU ${serverCpu.toFixed(1)} ms server + ${dbCpu.toFixed(1)} ms database a request${result.errors ? `, ${result.errors} errors` : ''}`,
  );
}

async function ceiling() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ rc: 200, rm: '', data: { status: 'ok' } }));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  await measure('constant JSON (Fastify, the ceiling)', `http://127.0.0.1:${port}/`);
  await app.close();
}

/** How many published entries a query string matches, counted the way the search matches them. */
async function matchCount(db: Database['db'], a: string, b: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from entry_search e
         where e.vector @@ (to_tsquery('russian', ${a}) && to_tsquery('russian', ${b}))`,
  );
  return row.n;
}

// The bench calls the API only: a web build already there will do (pages are not measured here).
if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) ensureBuild();
const started = Date.now();
const words = vocabulary();
log(`${ENTRIES} entries, ${USERS} people, ${words.length} words of vocabulary on ${PG_BASE ? 'PostgreSQL' : 'PGlite'}`);
await ceiling();
const db = await target();
if (db.ready) log(`reusing the data set in ${db.env.DATABASE_URL}`);
const seconds = db.ready ? NaN : await generate(db.db.db, words);
const cookie = await signIn(db.db.db);
// Two topical words (ranks ~300 and ~420 of the vocabulary: each in a few per cent of the entries) and two
// common ones (ranks 20 and 30), typed in another form than the text has them where the stemmer allows.
const [topicalA, topicalB, commonA, commonB] = [words[300], words[420], words[20], words[30]];
const topical = `${topicalA} ${topicalB}`;
const common = `${commonA} ${commonB}`;
const topicalMatches = await matchCount(db.db.db, topicalA, topicalB);
const commonMatches = await matchCount(db.db.db, commonA, commonB);
// Pages no cache holds: a different pair of topical words each request (ranks 200–449 with 450–469: 5 000 pairs,
// more than the requests of one cache lifetime), their match counts sampled.
const pairs = Array.from({ length: 5000 }, (_, i) => [words[200 + (i % 250)], words[450 + Math.floor(i / 250)]]);
const sampled = await Promise.all(pairs.filter((_, i) => i % 250 === 17).map(([a, b]) => matchCount(db.db.db, a, b)));
const pairMatches = `${Math.min(...sampled)}–${Math.max(...sampled)}`;
const [person] = await queryRows<{ name: string }>(
  db.db.db,
  sql`select name from subsites where type = 'user' order by id limit 1 offset 777`,
);
// A typo: the second letter of the surname dropped.
const surname = person.name.split(' ')[1];
const typo = surname[0] + surname.slice(2);
await settle(db.db.db);
await db.db.close();

// BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
const server = await startBenchServer(
  { ...db.env, SEED: '0', REDIS_URL: '' },
  { nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) },
);
cpuOf.server = server.pid;
if (PG_BASE) {
  const { default: pg } = await import('pg');
  const name = new URL(db.env.DATABASE_URL).pathname.slice(1);
  cpuOf.backends = async () => {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    const found = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await c.end();
    return found.rows.map((r) => r.pid);
  };
}
try {
  const api = (entity: string, order: string, query: string) =>
    `${server.url}/v3.0/search_ajax/v2/${entity}/${order}/1?query=${encodeURIComponent(query)}`;
  const signedIn = { cookie };
  const two = api('entries', 'relevant', topical);
  const pathOf = (url: string) => url.slice(server.url.length);
  await measure(`entries, two words «${topical}», by relevance, anonymous`, two, String(topicalMatches));
  await measure(`entries, two words «${topical}», by relevance, signed in`, two, String(topicalMatches), signedIn);
  for (const order of ['relevant', 'date']) {
    const [first, ...rest] = pairs.map(([a, b]) => api('entries', order, `${a} ${b}`));
    await measure(
      `entries, two words, a different pair each request (never cached), by ${order === 'date' ? 'date' : 'relevance'}, signed in`,
      first,
      pairMatches,
      signedIn,
      rest.map(pathOf),
    );
  }
  await measure(
    `entries, two words «${topical}», by date, signed in`,
    api('entries', 'date', topical),
    String(topicalMatches),
    signedIn,
  );
  await measure(
    `entries, two common words «${common}», by relevance, signed in`,
    api('entries', 'relevant', common),
    String(commonMatches),
    signedIn,
  );
  await measure(`people, a typo «${typo}» for «${surname}», signed in`, api('users', 'relevant', typo), '—', signedIn);
  await ceiling();
} finally {
  await server.stop();
  await db.drop();
}

const fmt = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '—');
console.log(
  `\n${PG_BASE ? 'PostgreSQL' : 'PGlite'}, ${ENTRIES.toLocaleString('en-US').replace(/,/g, ' ')} entries, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, concurrency ${CONNECTIONS}, ${DURATION} s per scenario; ${db.ready ? 'the data set reused' : `generating took ${fmt(seconds, 0)} s`}, the whole run ${fmt((Date.now() - started) / 1000, 0)} s\n`,
);
console.log(
  '| scenario | matching entries | req/s | p50, ms | p99, ms | CPU server, ms/req | CPU database, ms/req | errors |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.scenario} | ${r.matches} | ${fmt(r.rps, 0)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.serverCpu)} | ${fmt(r.dbCpu)} | ${r.errors} |`,
  );
