/**
 * `npm run bench:messenger`: delivery latency of a messenger message to every connected member, through each
 * member's private channel `user-{id}` (issue 13).
 *
 * It starts the real server (src/server/main.ts, production mode) on a fresh PostgreSQL database, makes a subsite
 * with N subscribers (default 1 000; seeded with SQL, no sign-up per member) and its channel (the chat kind that
 * holds more than a group's 200 people: the managers post, the subscribers read), opens one protocol-level socket
 * client per member from forked worker processes (bench/messenger-clients.ts), each subscribed to its own signed
 * private channel, and sends 20 messages through `POST /v3.0/messenger/chats/{id}/send`, 500 ms apart. Latency =
 * arrival − the moment the POST was sent, so it includes the write, the recipients query and the one broadcast to
 * the members' rooms.
 *
 * One node: one server process (in-memory socket.io adapter). Two nodes: two server processes on the same database
 * and Redis (socket.io Redis adapter), members split between them, messages sent through the first.
 *
 *   npm run bench:messenger
 *   npm run bench:messenger -- --members 1000 --messages 20 --workers 2 --nodes 1,2
 *   BENCH_PG_URL=postgres://… BENCH_REDIS_URL=redis://… npm run bench:messenger
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { root } from '../scripts/ensure-build.ts';
import { percentile, privateBuild, request, startBenchServer, type BenchServer } from './processes.ts';
import { freshPostgres, unreachable } from '../src/server/testing/postgres.ts';
import { channelAuth } from '../src/server/lib/channels.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '20' },
    workers: { type: 'string', default: '2' },
    nodes: { type: 'string', default: '1,2' },
    gap: { type: 'string', default: '500' },
  },
});
const SIZES = args.members.split(',').map(Number);
const MESSAGES = Number(args.messages);
const WORKERS = Number(args.workers);
const NODE_COUNTS = args.nodes.split(',').map(Number);
const GAP_MS = Number(args.gap);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'bench-messenger-secret';

const log = (...m: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

const benchDir = privateBuild('msg');

async function startSite(count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-bench-msg-'));
  // The signing secret lives in the data directory: the bench writes it first, so it can sign the members' channels.
  fs.writeFileSync(path.join(dataDir, 'secret'), SECRET, { mode: 0o600 });
  const db = await freshPostgres(PG_URL, 'sreda_bench_msg');
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    REDIS_URL: count > 1 ? REDIS_URL : '',
    REDIS_NAMESPACE: `bench:${db.name}:`,
  };
  const opts = { cwd: benchDir };
  const first = await startBenchServer(env, opts);
  const rest = await Promise.all(Array.from({ length: count - 1 }, () => startBenchServer(env, opts)));
  const nodes: BenchServer[] = [first, ...rest];
  return {
    nodes,
    dbUrl: db.url,
    stop: async () => {
      await Promise.all(nodes.map((n) => n.stop()));
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Result {
  nodes: number;
  members: number;
  opened: number;
  deliveries: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  postP50: number;
  load: number;
}

async function run(nodeCount: number, members: number): Promise<Result> {
  const site = await startSite(nodeCount);
  const client = new pg.Client({ connectionString: site.dbUrl });
  await client.connect();
  try {
    const base = site.nodes[0].url;
    const reg = await fetch(`${base}/v3.0/auth/simple/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
      body: JSON.stringify({
        values: { name: 'Автор Канала', email: `bench-${Date.now()}@example.ru`, password: 'нагрузочный пароль' },
      }),
    });
    const cookie = reg.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const senderId = ((await reg.json()) as { data: { user: { id: number } } }).data.user.id;
    const call = async (url: string, body: unknown) => {
      const res = await fetch(`${base}/v3.0/${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { rc: number; data: { id: number } };
    };

    // The subsite, its manager and N subscribers, straight into the database.
    const { rows: sub } = await client.query(
      `insert into subsites (type, slug, name) values ('community', $1, 'Канал для замера') returning id`,
      [`bench-${Date.now()}`],
    );
    const subsiteId = sub[0].id as number;
    await client.query(`insert into subsite_roles (subsite_id, user_id, role) values ($1, $2, 'admin')`, [
      subsiteId,
      senderId,
    ]);
    const { rows: people } = await client.query(
      `with s as (
         insert into subsites (type, slug, name)
         select 'user', 'member-' || g, 'Участник ' || g from generate_series(1, $1::int) g returning id)
       insert into users (id, email, password_hash) select id, 'member-' || id || '@bench.example', 'x' from s
       returning id`,
      [members],
    );
    const memberIds = people.map((r) => r.id as number);
    await client.query(`insert into subscriptions (user_id, subsite_id) select unnest($1::int[]), $2`, [
      memberIds,
      subsiteId,
    ]);
    const chat = await call('messenger/chats/create', { type: 'channel', subsite_id: subsiteId });
    if (chat.rc !== 200) throw new Error(`channel not created: ${JSON.stringify(chat)}`);
    const send = (text: string) => call(`messenger/chats/${chat.data.id}/send`, { text });
    await send('разогрев');
    await sleep(1000);

    const workers = Array.from({ length: WORKERS }, () =>
      fork(path.join(root, 'bench', 'messenger-clients.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    const at = new Date();
    const signed = memberIds.map((id, i) => ({
      url: site.nodes[i % site.nodes.length].url,
      ...channelAuth(SECRET, `user-${id}`, at),
    }));
    const per = Math.ceil(signed.length / WORKERS);
    const opened = await Promise.all(
      workers.map((w, i) =>
        request<{ opened: number; failed: number }>(
          w,
          { cmd: 'open', members: signed.slice(i * per, (i + 1) * per) },
          'opened',
        ),
      ),
    );
    const total = opened.reduce((s, o) => s + o.opened, 0);
    log(`${nodeCount} node(s): ${total} of ${members} members subscribed to their private channels`);
    await sleep(1500);

    const answers: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const sent = now();
      const res = await send(`Сообщение bench-${sent}`);
      if (res.rc !== 200) throw new Error(`send answered ${res.rc}`);
      answers.push(now() - sent);
      await sleep(GAP_MS);
    }
    answers.sort((a, b) => a - b);
    await sleep(3000);
    const all = (
      await Promise.all(workers.map((w) => request<{ values: number[] }>(w, { cmd: 'collect' }, 'latencies')))
    ).flatMap((r) => r.values);
    workers.forEach((w) => w.send({ cmd: 'close' }));
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.on('exit', r)))));
    all.sort((a, b) => a - b);
    const result: Result = {
      nodes: nodeCount,
      members,
      opened: total,
      deliveries: all.length,
      expected: total * MESSAGES,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      max: all[all.length - 1],
      postP50: percentile(answers, 50),
      load: os.loadavg()[0],
    };
    log(
      `  deliveries ${result.deliveries}/${result.expected}, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms (send answered in ${result.postP50.toFixed(1)} ms), load average ${result.load.toFixed(1)}`,
    );
    return result;
  } finally {
    await client.end();
    await site.stop();
  }
}

const missing = await unreachable(PG_URL, REDIS_URL);
const results: Result[] = [];
if (missing) log(`skipped, not reachable: ${missing}`);
else for (const nodes of NODE_COUNTS) for (const members of SIZES) results.push(await run(nodes, members));

console.log(
  [
    '| nodes | members | delivered | p50, ms | p99, ms | max, ms | send answered (p50), ms | load average |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.nodes === 1 ? '1 (PostgreSQL, in-memory adapter)' : `${r.nodes} (PostgreSQL, Redis adapter)`} | ${r.opened} | ${r.deliveries}/${r.expected} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.postP50.toFixed(1)} | ${r.load.toFixed(1)} |`,
    ),
  ].join('\n'),
);
fs.rmSync(benchDir, { recursive: true, force: true });
