/**
 * `node bench/discussion.ts`: the page readers open under a long discussion. One entry with 2 000 comments (two thirds
 * of them replies, some deep: the shape of `npm run bench`'s discussion) on a fresh database; the real server in
 * production mode (bench/processes.ts) is loaded at concurrency 50 on the entry page HTML, anonymous and signed in,
 * and on `GET /v3.0/comments` whole and paged, beside a constant-JSON Fastify route as the ceiling. Prints the HTML
 * size (before compression and in brotli), how much of it is the hydration payload, the server's CPU milliseconds per
 * request (from /proc) and each figure's ratio to the ceiling. Results: docs/BENCHMARKS.md.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test node bench/discussion.ts [--comments 2000] [--duration 10]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/index.ts';
import { entryUrl } from '../src/server/modules/entries/service.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { freePort } from '../scripts/free-port.ts';
import { load, startBenchServer } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    comments: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
  },
});
const COMMENTS = Number(args.comments);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const PG_BASE = process.env.DATABASE_URL ?? '';
const log = (...m: unknown[]) => console.error(`[discussion ${new Date().toISOString().slice(11, 19)}]`, ...m);

/** A fresh database: one next to DATABASE_URL's, or a PGlite directory. */
async function freshDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-discussion-'));
  if (!PG_BASE) return { url: '', dir, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  const { default: pg } = await import('pg');
  const name = `sreda_discussion_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dir,
    drop: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** 200 people, one entry in the first one's blog, its discussion, and a session for the signed-in reader. */
async function generate(url: string, dir: string) {
  const database = await openDatabase({ url, dataDir: path.join(dir, 'db') });
  const exec = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await exec(sql`insert into subsites (type, slug, name, description, avatar_color, created_at)
    select 'user', 'user-' || g, 'Пользователь ' || g, '', '#6b7cff', now() - interval '2 years' from generate_series(1, 200) g`);
  await exec(sql`insert into users (id, email, password_hash, created_at)
    select id, 'bench-' || id || '@example.ru', 'no-login', created_at from subsites where type = 'user'`);
  const [{ u0 }] = await queryRows<{ u0: number }>(database.db, sql`select min(id)::int as u0 from subsites`);
  const text = 'Абзац записи с длинным обсуждением: несколько предложений, как у настоящих записей. '.repeat(4);
  const [{ id: entry }] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into entries (subsite_id, author_id, title, slug, blocks, is_published, published_at, created_at, updated_at)
        values (${u0}, ${u0}, 'Запись с двумя тысячами комментариев', 'dve-tysyachi',
                ${JSON.stringify([{ type: 'text', data: { text } }])}::jsonb, true, now(), now(), now())
        returning id`,
  );
  await exec(sql`insert into comments (entry_id, author_id, text, created_at, likes_summ, likes_count)
    select ${entry}, ${u0} + (g * 17) % 200, 'Ответ в большом обсуждении, номер ' || g || '. Согласен, но есть нюанс.',
           now() - interval '1 day' + g * interval '10 seconds', (g * 7) % 11 - 3, (g * 7) % 11
      from generate_series(1, ${COMMENTS}) g`);
  await exec(sql`update comments c set reply_to = c.id - 1 - (c.id % 5)
    where c.id % 3 <> 0 and c.id - 1 - (c.id % 5) >= (select min(id) from comments)`);
  await exec(sql`update entries set comments_count = ${COMMENTS} where id = ${entry}`);
  const token = crypto.randomBytes(24).toString('base64url');
  await exec(sql`insert into sessions (token_hash, user_id, expires_at)
    values (${crypto.createHash('sha256').update(token).digest('hex')}, ${u0 + 1}, now() + interval '1 day')`);
  await exec(sql`analyze`);
  await database.close();
  const page = entryUrl({
    id: entry,
    slug: 'dve-tysyachi',
    subsite_id: u0,
    subsite_type: 'user',
    subsite_slug: 'user-1',
  });
  return { entry, page, cookie: `sreda_session=${token}` };
}

/** The server's user + system CPU time so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Bytes of a page as sent with `encoding` (identity: before compression). */
function size(url: string, headers: Record<string, string>, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
        let n = 0;
        res.on('data', (d: Buffer) => (n += d.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpu: number;
}
const rows: Row[] = [];
async function measure(scenario: string, url: string, headers: Record<string, string>, pid?: number) {
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${scenario}: ${url} answered ${probe.status}`);
  const before = pid ? cpuMs(pid) : 0;
  const r = await load({ url, connections: CONNECTIONS, duration: DURATION, headers });
  // The warm-up's requests are counted in the CPU time too: per request over everything sent.
  const cpu = pid ? (cpuMs(pid) - before) / (r.requests * (1 + 2 / DURATION)) : NaN;
  rows.push({ scenario, ...r, cpu });
  log(`${scenario}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, ${cpu.toFixed(2)} ms CPU/request`);
}

ensureBuild();
const ceilingApp = Fastify({ logger: false });
ceilingApp.get('/', async () => ({ rc: 200, rm: '', data: { status: 'ok' } }));
const ceilingPort = await freePort();
await ceilingApp.listen({ port: ceilingPort, host: '127.0.0.1' });
await measure('constant JSON (the ceiling)', `http://127.0.0.1:${ceilingPort}/`, {});
await ceilingApp.close();

const target = await freshDatabase();
log(`generating ${COMMENTS} comments on ${PG_BASE ? 'PostgreSQL' : 'PGlite'}`);
const made = await generate(target.url, target.dir);
const server = await startBenchServer({ DATABASE_URL: target.url, DATA_DIR: target.dir, SEED: '0', REDIS_URL: '' });
try {
  const page = server.url + made.page;
  const signedIn = { cookie: made.cookie };
  const html = await (await fetch(page)).text();
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (n, m) => n + Buffer.byteLength(m[1]),
    0,
  );
  const sizes = {
    html: await size(page, {}, 'identity'),
    brotli: await size(page, {}, 'br'),
    scripts,
    comments: (html.match(/data-testid="comment"/g) ?? []).length,
  };
  log(
    `entry page: ${sizes.html} B, ${sizes.brotli} B in brotli, ${scripts} B inline scripts, ${sizes.comments} comments`,
  );
  await measure('entry page HTML, anonymous', page, {}, server.pid);
  await measure('entry page HTML, signed in', page, signedIn, server.pid);
  const api = `${server.url}/v3.0/comments?content_id=${made.entry}`;
  await measure(`GET /comments, the whole tree, anonymous`, api, {}, server.pid);
  await measure(`GET /comments?count=15, signed in`, `${api}&count=15`, signedIn, server.pid);

  const ceil = rows[0].rps;
  const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');
  console.log(
    `\n${PG_BASE ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} CPU, Node ${process.version}, concurrency ${CONNECTIONS}, ${DURATION} s each, ${COMMENTS} comments\n`,
  );
  console.log(
    `entry page: ${fmt(sizes.html / 1024)} KB of HTML (${fmt(sizes.brotli / 1024)} KB in brotli), of it ${fmt(sizes.scripts / 1024)} KB inline scripts (the hydration payload); ${sizes.comments} comments rendered\n`,
  );
  console.log('| scenario | req/s | p50, ms | p99, ms | CPU ms / request | of the ceiling | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.scenario} | ${fmt(r.rps, 0)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.cpu, 2)} | ${fmt(r.rps / ceil, 3)} | ${r.errors} |`,
    );
} finally {
  await server.stop();
  await target.drop();
}
