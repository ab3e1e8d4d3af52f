/**
 * `npm run bench`: generates a data set with SQL, starts the real server on it (src/server/main.ts, SEED=0)
 * and drives it from a second process (bench/load.ts) at concurrency 50, beside a constant-JSON Fastify route
 * measured in the same run as the machine's ceiling. Then it repeats the feed on a 10 000-entry data set to
 * show how the cost grows. Results: docs/BENCHMARKS.md.
 *
 *   npm run bench                                   # 20 000 entries on PGlite (or PostgreSQL with DATABASE_URL)
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench -- \
 *     --entries 1000000 --comments 5000000 --users 100000 --subsites 2000
 *
 * With DATABASE_URL the bench creates fresh databases next to the one named (and drops them unless --keep).
 * `--reuse <name>` keeps the big data set's database under that name and, on a later run, skips the generation when
 * it holds a finished set of the same sizes (1 000 000 entries and 5 000 000 comments take ~16 min to generate).
 * A quick run at a smaller scale: BENCH_ENTRIES=20000 BENCH_COMMENTS=100000 (the --entries/--comments defaults),
 * BENCH_SETTLE=seconds to wait after the load before reading the server's memory again (60), --small-entries 0
 * to skip the second data set, --only <regexp> to run only the matching scenarios. BENCH_SERVER_NODE_ARGS: extra Node flags for the server (e.g. `--cpu-prof`).
 *
 * Every scenario sends a browser's headers (bench/load.ts `BROWSER_HEADERS`: compressed answers, keep-alive, the
 * session cookie when signed in); on the big data set each is also run plain (no compression asked for), and
 * `--plain false` skips those. One scenario has half its clients give up after 100 ms and close their connections, then
 * times the pages that follow. The compression settings are measured on the home page and the long discussion
 * (bench/compression.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/server/db/index.ts';
import { hotnessOf } from '../src/server/modules/feed/ranking.ts';
import { entryUrl } from '../src/server/modules/entries/service.ts';
import { subsiteUrl } from '../src/shared/slug.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import type { LoadResult } from './load.ts';
import { compressionTable } from './compression.ts';
import { cpuMs, load, peakRss, rss, startBenchServer } from './processes.ts';
import { freePort } from '../scripts/free-port.ts';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: process.env.BENCH_ENTRIES ?? '20000' },
    comments: { type: 'string', default: process.env.BENCH_COMMENTS },
    users: { type: 'string' },
    subsites: { type: 'string' },
    'small-entries': { type: 'string', default: '10000' },
    subscriptions: { type: 'string', default: '300' },
    /** Signed-in readers taken in turn by the '…readers in turn' scenarios, each with the subscriptions above. */
    readers: { type: 'string', default: '2000' },
    'hot-comments': { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    /** Only the scenarios whose name matches this regular expression (the ceiling always runs). */
    only: { type: 'string', default: '' },
    /** Each big-set scenario once more without a browser's headers. */
    plain: { type: 'string', default: 'true' },
  },
});

const ENTRIES = Number(args.entries);
const sizes = {
  entries: ENTRIES,
  comments: Number(args.comments ?? ENTRIES * 5),
  users: Number(args.users ?? Math.max(1000, Math.round(ENTRIES / 10))),
  subsites: Number(args.subsites ?? Math.max(100, Math.round(ENTRIES / 500))),
};
const SUBSCRIPTIONS = Number(args.subscriptions);
const READERS = Number(args.readers);
const HOT_COMMENTS = Number(args['hot-comments']);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const PG_BASE = process.env.DATABASE_URL ?? '';
const SETTLE = Number(process.env.BENCH_SETTLE ?? 60);

const log = (...m: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...m);

// ---------------------------------------------------------------- data

type Sizes = typeof sizes;
interface Target {
  /** Where the server finds the data: a PostgreSQL URL, or a PGlite data dir (DATA_DIR). */
  env: Record<string, string>;
  drop(): Promise<void>;
  db: Database;
  /** What a finished generation of these sizes made, when the database already holds one (--reuse). */
  made: Made | null;
}

type Made = Awaited<ReturnType<typeof generate>>;
const sizesText = (s: Sizes) => JSON.stringify(s);

/** Recorded as a generation's last step, so that a half-made set is never reused. */
async function recordMade(db: Database['db'], s: Sizes, made: Made) {
  await db.execute(sql`create table bench_run_done (sizes text not null, made jsonb not null)`);
  await db.execute(sql`insert into bench_run_done values (${sizesText(s)}, ${JSON.stringify(made)}::jsonb)`);
}

async function madeBefore(db: Database, s: Sizes): Promise<Made | null> {
  const rows = await queryRows<{ sizes: string; made: Made }>(db.db, sql`select sizes, made from bench_run_done`).catch(
    () => [],
  );
  if (rows[0]?.sizes !== sizesText(s)) return null;
  // The sessions were made for a day.
  await db.db.execute(sql`update sessions set expires_at = now() + interval '1 day'`);
  return rows[0].made;
}

async function freshTarget(label: string, s: Sizes, reuse?: string): Promise<Target> {
  if (PG_BASE) {
    const { default: pg } = await import('pg');
    const name = reuse ?? `sreda_bench_${label}_${process.pid}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--reuse: ${name} is not a plain database name`);
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    const exists = reuse ? (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount : 0;
    let db = exists ? await openDatabase({ url: url.toString(), dataDir: '' }) : null;
    const made = db ? await madeBefore(db, s) : null;
    if (!made) {
      await db?.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      db = await openDatabase({ url: url.toString(), dataDir: '' });
    }
    await admin.end();
    // The server keeps only its secret in DATA_DIR when the data is in PostgreSQL.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-bench-'));
    return {
      db: db!,
      made,
      env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
        if (args.keep || reuse) return;
        const c = new pg.Client({ connectionString: PG_BASE });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sreda-bench-${label}-`));
  const db = await openDatabase({ url: '', dataDir: path.join(dir, 'db') });
  return {
    db,
    made: null,
    env: { DATABASE_URL: '', DATA_DIR: dir },
    async drop() {
      if (!args.keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const INTRO =
  'Это вступление записи для нагрузочного теста: два-три предложения, как у настоящих записей в ленте. ' +
  'Оно показывается в карточке под заголовком, поэтому длина близка к обычной — около трёхсот символов текста, ' +
  'без разметки и без картинок, чтобы мерить работу сервера, а не размер ответа.';
const BLOCKS = JSON.stringify([
  { type: 'text', data: { text: INTRO } },
  { type: 'header', data: { text: 'Подзаголовок', level: 2 } },
  { type: 'text', data: { text: 'Второй абзац записи, который видно только на её странице.' } },
]);

/** Everything with INSERT … SELECT over generate_series: minutes for millions of rows, no client round trips. */
async function generate(db: Database['db'], s: Sizes) {
  const t0 = Date.now();
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  await exec(sql`insert into subsites (type, slug, name, description, avatar_color, created_at)
    select 'user', 'user-' || g, 'Пользователь ' || g, '', '#6b7cff', now() - interval '2 years' from generate_series(1, ${s.users}) g`);
  await exec(sql`insert into users (id, email, password_hash, created_at)
    select id, 'bench-' || id || '@example.ru', 'no-login', created_at from subsites where type = 'user'`);
  await exec(
    sql`insert into subsite_roles (subsite_id, user_id, role) select id, id, 'owner' from subsites where type = 'user'`,
  );
  await exec(sql`insert into subsites (type, slug, name, description, avatar_color, subscribers_count, created_at)
    select 'community', 'community-' || g, 'Сообщество ' || g, 'Сообщество для нагрузочного теста', '#2f6fed', (g * 37) % 5000, now() - interval '2 years'
      from generate_series(1, ${s.subsites}) g`);
  const [ids] = await queryRows<{ u0: number; u1: number; c0: number; c1: number }>(
    db,
    sql`
    select min(id) filter (where type = 'user')::int as u0, max(id) filter (where type = 'user')::int as u1,
           min(id) filter (where type = 'community')::int as c0, max(id) filter (where type = 'community')::int as c1 from subsites`,
  );
  const users = ids.u1 - ids.u0 + 1;
  const communities = ids.c1 - ids.c0 + 1;
  log(`subsites: ${users} blogs, ${communities} communities (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  // 70 % of entries go to communities, the rest to their authors' blogs; a year of history, votes skewed low.
  await exec(sql`insert into entries (subsite_id, author_id, title, slug, blocks, is_published, published_at, created_at, updated_at,
                                      likes_count, likes_summ, hits_count, is_hidden_from_main)
    select case when g % 10 < 7 then ${ids.c0} + (g * 7919) % ${communities} else a end, a,
           'Запись номер ' || g || ': что мы узнали, пока готовили нагрузочный тест', 'zapis-nomer-' || g, ${BLOCKS}::jsonb, true,
           p, p, p, v + 2, v, (g * 13) % 5000, g % 50 = 0
      from (select g, ${ids.u0} + (g * 31) % ${users} as a,
                   now() - ((${s.entries} - g)::float8 / ${s.entries}) * interval '365 days' - (g % 97) * interval '1 minute' as p,
                   case when g % 100 = 0 then -10 else floor(power(((g * 2654435761) % 1000) / 1000.0, 3) * 300)::int - 2 end as v
              from generate_series(1::bigint, ${s.entries}) g) x`);
  log(`entries: ${s.entries} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  const [e] = await queryRows<{ e0: number; e1: number }>(
    db,
    sql`select min(id)::int as e0, max(id)::int as e1 from entries`,
  );
  const bulk = Math.max(0, s.comments - HOT_COMMENTS);
  // In chunks, so PGlite's single WASM heap never holds one giant statement's work.
  const CHUNK = 500_000;
  for (let from = 1; from <= bulk; from += CHUNK) {
    await exec(sql`insert into comments (entry_id, author_id, text, created_at)
      select ${e.e0} + (g * 104729) % ${e.e1 - e.e0 + 1}, ${ids.u0} + (g * 17) % ${users}, 'Комментарий номер ' || g || ': согласен, но есть нюанс.', now() - (g % 1000) * interval '1 hour'
        from generate_series(${from}::bigint, ${Math.min(bulk, from + CHUNK - 1)}) g`);
  }
  // The discussion under the newest entry: 2 000 comments, two thirds of them replies, some deep.
  const hot = e.e1;
  await exec(sql`insert into comments (entry_id, author_id, text, created_at)
    select ${hot}, ${ids.u0} + (g * 17) % ${users}, 'Ответ в большом обсуждении, номер ' || g, now() - interval '1 day' + g * interval '10 seconds'
      from generate_series(1, ${HOT_COMMENTS}) g`);
  await exec(sql`update comments c set reply_to = c.id - 1 - (c.id % 5)
    where c.entry_id = ${hot} and c.id % 3 <> 0 and c.id - 1 - (c.id % 5) >= (select min(id) from comments where entry_id = ${hot})`);
  await exec(
    sql`update entries e set comments_count = x.n from (select entry_id, count(*)::int as n from comments group by entry_id) x where x.entry_id = e.id`,
  );
  log(`comments: ${s.comments} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  // The signed-in reader: 300 subscriptions, communities first, then people's blogs.
  const reader = ids.u0;
  await exec(sql`insert into subscriptions (user_id, subsite_id)
    select ${reader}, id from (
      (select id from subsites where type = 'community' order by id limit ${SUBSCRIPTIONS})
      union all
      (select id from subsites where type = 'user' and id <> ${reader} order by id limit ${Math.max(0, SUBSCRIPTIONS - communities)})) s`);
  const token = crypto.randomBytes(24).toString('base64url');
  await exec(sql`insert into sessions (token_hash, user_id, expires_at)
    values (${crypto.createHash('sha256').update(token).digest('hex')}, ${reader}, now() + interval '1 day')`);

  // Many readers, each with the same kind of subscriptions and a session: what a feed costs when it is not cached.
  const readers = Math.min(READERS, users);
  const prefix = crypto.randomBytes(12).toString('base64url');
  await exec(sql`insert into subscriptions (user_id, subsite_id)
    select u.id, s.id from (select id from subsites where type = 'user' and id <> ${reader} order by id limit ${readers}) u
      cross join lateral (
        (select id from subsites where type = 'community' order by id limit ${SUBSCRIPTIONS})
        union all
        (select id from subsites where type = 'user' and id <> u.id order by id limit ${Math.max(0, SUBSCRIPTIONS - communities)})) s`);
  const readerTokens = await queryRows<{ token: string }>(
    db,
    sql`insert into sessions (token_hash, user_id, expires_at)
      select encode(sha256(convert_to(${prefix} || '-' || u.id, 'UTF8')), 'hex'), u.id, now() + interval '1 day'
        from (select id from subsites where type = 'user' and id <> ${reader} order by id limit ${readers}) u
      returning ${prefix} || '-' || user_id as token`,
  );

  await exec(sql`update entries e set hotness = ${hotnessOf} where e.is_published`);
  await exec(sql`analyze`);
  log(`hotness and statistics (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  const pages = await queryRows<{
    id: number;
    slug: string;
    subsite_id: number;
    subsite_type: string;
    subsite_slug: string;
  }>(
    db,
    sql`
    select e.id, e.slug, s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug
      from entries e join subsites s on s.id = e.subsite_id where e.id in (${hot - 1}, ${hot}) order by e.id`,
  );
  // The busiest community's page: the one with the most entries.
  const [community] = await queryRows<{ id: number; slug: string; type: string }>(
    db,
    sql`select s.id, s.slug, s.type from subsites s where s.id = (
          select e.subsite_id from entries e join subsites c on c.id = e.subsite_id and c.type = 'community'
           group by e.subsite_id order by count(*) desc limit 1)`,
  );
  return {
    token,
    readerTokens: readerTokens.map((r) => r.token),
    hotEntry: hot,
    entryPage: entryUrl(pages[0]),
    hotPage: entryUrl(pages[1]),
    subsitePage: subsiteUrl(community),
    seconds: (Date.now() - t0) / 1000,
  };
}

// ---------------------------------------------------------------- processes

// ---------------------------------------------------------------- scenarios

interface Row extends LoadResult {
  scenario: string;
  dataset: string;
  /** 'browser' (compressed answers) or 'plain'. */
  headers: string;
  /** Server CPU time (user + system) per answered request, ms; NaN for the ceiling (it runs in this process). */
  cpu: number;
}
const rows: Row[] = [];

/** Loads one URL; with the server's pid, also its CPU time per request (its CPU time delta / requests answered). */
async function measure(
  scenario: string,
  dataset: string,
  url: string,
  {
    headers = {} as Record<string, string>,
    pid = 0,
    headersInTurn = undefined as Record<string, string>[] | undefined,
    plain = false,
    leaveAfterMs = undefined as number | undefined,
  } = {},
) {
  if (dataset !== '—' && !new RegExp(args.only).test(scenario)) return;
  // A wrong answer is not a benchmark: check the route before loading it.
  const probe = await fetch(url, { headers: { ...headers, ...headersInTurn?.[0] } });
  if (!probe.ok) {
    log(`skipped ${scenario}: ${url} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
    return;
  }
  const cpu0 = pid ? cpuMs(pid) : NaN;
  const spec = { url, connections: CONNECTIONS, duration: DURATION, headers, headersInTurn, plain, leaveAfterMs };
  const result = await load(spec);
  const cpu = pid ? (cpuMs(pid) - cpu0) / result.answered : NaN;
  const kind = plain ? 'plain' : 'browser';
  rows.push({ scenario, dataset, headers: kind, cpu, ...result });
  // The server's resident memory now and its high-water mark so far: which scenario makes the peak.
  const memory = pid ? `, resident ${mb(rss(pid))} MB (peak so far ${mb(peakRss(pid))})` : '';
  log(
    `${scenario} [${dataset}, ${kind}]: ${fmt(result.rps, 0)} req/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, ${fmt(cpu, 2)} ms CPU, ${(result.bytes / 1024).toFixed(0)} KB${result.errors ? `, ${result.errors} errors` : ''}${result.left ? `, ${result.left} given up` : ''}${memory}`,
  );
}

/** A scenario with a browser's headers and, on the big data set unless `--plain false`, without them. */
async function measureBoth(full: boolean, ...[scenario, dataset, url, opts = {}]: Parameters<typeof measure>) {
  await measure(scenario, dataset, url, opts);
  if (full && args.plain !== 'false') await measure(scenario, dataset, url, { ...opts, plain: true });
}

/** How long each page takes to answer right after a load (NaN: no answer in 20 s, or not a 200). */
async function answerTimes(base: string, paths: string[]) {
  const times: string[] = [];
  for (const p of paths) {
    const t0 = performance.now();
    const ok = await fetch(base + p, { signal: AbortSignal.timeout(20_000) }).then(
      async (res) => (await res.arrayBuffer(), res.status === 200),
      () => false,
    );
    times.push(`${p} ${ok ? `${(performance.now() - t0).toFixed(0)} ms` : 'no answer in 20 s'}`);
  }
  return times.join(', ');
}

async function ceiling() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ rc: 200, rm: '', data: { status: 'ok' } }));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  await measure('constant JSON (Fastify, the ceiling)', '—', `http://127.0.0.1:${port}/`);
  await app.close();
}

async function dataset(label: string, s: Sizes, full: boolean) {
  const name = `${s.entries.toLocaleString('en-US').replace(/,/g, ' ')} entries`;
  log(
    `generating ${name} (${s.comments} comments, ${s.users} users, ${s.subsites} communities) on ${PG_BASE ? 'PostgreSQL' : 'PGlite'}`,
  );
  const target = await freshTarget(label, s, full ? args.reuse : undefined);
  if (target.made) log(`reusing the data set in ${target.env.DATABASE_URL}`);
  const made = target.made ?? (await generate(target.db.db, s));
  if (!target.made && args.reuse && full) await recordMade(target.db.db, s, made);
  await target.db.close();
  const server = await startBenchServer(
    { ...target.env, SEED: '0', REDIS_URL: '' },
    { nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) },
  );
  try {
    const pid = server.pid;
    const signedIn = { headers: { cookie: `sreda_session=${made.token}` }, pid };
    const idle = rss(pid);
    // Anonymous pages are micro-cached in production (feed/service.ts); signed-in ones are computed every time.
    await measureBoth(full, 'feed, popular, anonymous (cached 5 s)', name, `${server.url}/v3.0/feed?sorting=hotness`, {
      pid,
    });
    await measureBoth(full, 'feed, popular, signed in', name, `${server.url}/v3.0/feed?sorting=hotness`, signedIn);
    await measureBoth(
      full,
      'feed, my/new, signed in, 300 subscriptions',
      name,
      `${server.url}/v3.0/feed?my=1&sorting=date`,
      signedIn,
    );
    // Readers in turn: each comes back only every readers/throughput seconds, so their own pages are often not kept.
    const inTurn = { pid, headersInTurn: made.readerTokens.map((t) => ({ cookie: `sreda_session=${t}` })) };
    const turnName = `${made.readerTokens.length.toLocaleString('en-US').replace(/,/g, ' ')} readers in turn`;
    await measureBoth(
      full,
      `feed, popular, signed in, ${turnName}`,
      name,
      `${server.url}/v3.0/feed?sorting=hotness`,
      inTurn,
    );
    await measureBoth(
      full,
      `feed, my/new, signed in, ${turnName}`,
      name,
      `${server.url}/v3.0/feed?my=1&sorting=date`,
      inTurn,
    );
    if (full) {
      await measureBoth(full, 'home page `/` HTML, anonymous', name, `${server.url}/`, { pid });
      await measureBoth(full, 'home page `/` HTML, signed in', name, `${server.url}/`, signedIn);
      await measureBoth(full, 'subsite page HTML, anonymous', name, `${server.url}${made.subsitePage}`, { pid });
      await measureBoth(full, 'entry page HTML', name, `${server.url}${made.entryPage}`, { pid });
      await measureBoth(full, 'entry page HTML, signed in', name, `${server.url}${made.entryPage}`, signedIn);
      await measureBoth(full, `entry page HTML, ${HOT_COMMENTS} comments`, name, `${server.url}${made.hotPage}`, {
        pid,
      });
      const comments = `${server.url}/v3.0/comments?content_id=${made.hotEntry}`;
      await measureBoth(full, `comments of an entry with ${HOT_COMMENTS} comments`, name, comments, { pid });
      // Half the clients give up after 100 ms while the page waits for a render place or renders, then the pages after.
      if (new RegExp(args.only).test('leaving')) {
        await measure(
          'rating page `/rating` HTML, anonymous, half the clients leaving after 100 ms',
          name,
          `${server.url}/rating`,
          {
            pid,
            leaveAfterMs: 100,
          },
        );
        afterLeaving.push(`${name}: ${await answerTimes(server.url, ['/', made.entryPage, '/rating', made.hotPage])}`);
        log(`after the clients that left: ${afterLeaving.at(-1)}`);
      }
      const home = Buffer.from(await (await fetch(`${server.url}/`)).arrayBuffer());
      const hot = Buffer.from(await (await fetch(`${server.url}${made.hotPage}`)).arrayBuffer());
      compression.push(
        ...compressionTable([
          { name: '`/`', body: home },
          { name: `entry page, ${HOT_COMMENTS} comments`, body: hot },
        ]),
      );
      const peak = peakRss(pid);
      log(`resident memory: idle ${mb(idle)} MB, peak ${mb(peak)} MB; waiting ${SETTLE} s`);
      await new Promise((r) => setTimeout(r, SETTLE * 1000));
      memory.push({ dataset: name, idle, peak, after: rss(pid) });
    }
  } finally {
    await server.stop();
    await target.drop();
  }
  return target.made ? NaN : made.seconds;
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const afterLeaving: string[] = [];
const compression: string[] = [];
const memory: { dataset: string; idle: number; peak: number; after: number }[] = [];

ensureBuild();
const started = Date.now();
await ceiling();
const genBig = await dataset('big', sizes, true);
const small = {
  ...sizes,
  entries: Number(args['small-entries']),
  comments: Math.round((sizes.comments * Number(args['small-entries'])) / sizes.entries),
};
if (small.entries > 0) await dataset('small', small, false);
await ceiling();

console.log(
  `\n${PG_BASE ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, concurrency ${CONNECTIONS}, ${DURATION} s per scenario; ${Number.isNaN(genBig) ? 'the big set reused' : `generating the big set took ${fmt(genBig, 0)} s`}, the whole run ${fmt((Date.now() - started) / 1000, 0)} s\n`,
);
const ceil = Math.max(...rows.filter((r) => r.dataset === '—').map((r) => r.rps));
console.log(
  '| scenario | data set | headers | req/s | of the ceiling | p50, ms | p99, ms | CPU, ms/req | body sent, KB | errors | given up |',
);
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.scenario} | ${r.dataset} | ${r.headers} | ${fmt(r.rps, 0)} | ${fmt(r.rps / ceil, 3)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.cpu, 2)} | ${fmt(r.bytes / 1024, 1)} | ${r.errors} | ${r.left} |`,
  );
console.log();
for (const line of afterLeaving) console.log(`pages right after the clients that left [${line}]`);
console.log();
for (const line of compression) console.log(line);
console.log();
for (const m of memory)
  console.log(
    `server resident memory [${m.dataset}]: idle ${mb(m.idle)} MB, peak ${mb(m.peak)} MB, ${SETTLE} s after the load ${mb(m.after)} MB (${fmt((m.after / m.idle - 1) * 100, 0)} % over idle)`,
  );
console.log();
for (const scenario of new Set(rows.filter((r) => r.scenario.startsWith('feed')).map((r) => r.scenario))) {
  const [big, smallSet] = rows.filter((r) => r.scenario === scenario && r.headers === 'browser');
  if (!big || !smallSet) continue;
  console.log(
    `${scenario}: ${fmt(big.rps / ceil, 2)} of the ceiling at ${big.dataset}; cost ${fmt(smallSet.rps / big.rps, 2)}× (throughput), p99 ${fmt(big.p99 / smallSet.p99, 2)}× of ${smallSet.dataset}`,
  );
}
