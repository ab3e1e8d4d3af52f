/**
 * `npm run bench:realtime`: delivery latency of socket events to many clients, and server memory per connection.
 *
 * For each N (default 1 000, 5 000, 10 000) it starts the real server (src/server/main.ts, seeded), opens N socket.io
 * clients from forked worker processes (bench/realtime-clients.ts), all subscribed to one entry's `comments-{id}`,
 * posts comments through the API one after another and records when each client got each `comment_created` —
 * latency = arrival − the moment the POST was sent, so it includes the write, the presenter query and the fan-out.
 * Memory per connection = (server RSS with the clients − RSS before) / N.
 *
 * Two nodes: the same with two server processes on one PostgreSQL and one Redis (socket.io Redis adapter), clients
 * split between them and the comments posted through the first. Needs PostgreSQL and Redis
 * (BENCH_PG_URL, BENCH_REDIS_URL; defaults below), skipped with a message without them.
 *
 *   npm run bench:realtime
 *   npm run bench:realtime -- --clients 1000,5000,10000 --comments 20 --workers 4 --nodes 1,2 --client light
 *
 * `--client light` (default) opens protocol-level clients on bare WebSockets, cheap enough that the figures show
 * the server; `--client full` opens real socket.io-client instances (their CPU then competes with the server's
 * on a small machine). See bench/realtime-clients.ts.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../scripts/ensure-build.ts';
import { percentile, privateBuild, request, rss, startBenchServer, type BenchServer } from './processes.ts';
import { freshPostgres, unreachable } from '../src/server/testing/postgres.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000,5000,10000' },
    comments: { type: 'string', default: '20' },
    workers: { type: 'string', default: '4' },
    nodes: { type: 'string', default: '1,2' },
    gap: { type: 'string', default: '500' },
    client: { type: 'string', default: 'light' },
  },
});
const SIZES = args.clients.split(',').map(Number);
const COMMENTS = Number(args.comments);
const WORKERS = Number(args.workers);
const NODE_COUNTS = args.nodes.split(',').map(Number);
const GAP_MS = Number(args.gap);
const CLIENT = args.client === 'full' ? 'full' : 'light';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const log = (...m: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

type Node = BenchServer;

// The servers run from a private copy of the web build (processes.ts privateBuild).
const benchDir = privateBuild('rt');

// BENCH_SERVER_NODE_ARGS: extra Node flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
const startNode = (env: Record<string, string>): Promise<Node> =>
  startBenchServer(env, {
    cwd: benchDir,
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });

/** One fresh site: one node on PGlite, or `count` nodes on a fresh PostgreSQL database and Redis. */
async function startSite(count: number): Promise<{ nodes: Node[]; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-bench-rt-'));
  if (count === 1) {
    const node = await startNode({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
    return {
      nodes: [node],
      stop: async () => {
        await node.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const db = await freshPostgres(PG_URL, 'sreda_bench_rt');
  const env = { DATA_DIR: dataDir, DATABASE_URL: db.url, REDIS_URL, REDIS_NAMESPACE: `bench:${db.name}:` };
  const first = await startNode(env);
  const rest = await Promise.all(Array.from({ length: count - 1 }, () => startNode(env)));
  const nodes = [first, ...rest];
  return {
    nodes,
    stop: async () => {
      await Promise.all(nodes.map((n) => n.stop()));
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Result {
  nodes: number;
  clients: number;
  opened: number;
  deliveries: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  postP50: number;
  perConnKb: number;
  load: number;
}

async function run(nodeCount: number, clients: number): Promise<Result> {
  const site = await startSite(nodeCount);
  try {
    const base = site.nodes[0].url;
    const reg = await fetch(`${base}/v3.0/auth/simple/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
      body: JSON.stringify({
        values: { name: 'Нагрузочный Тест', email: `bench-${Date.now()}@example.ru`, password: 'нагрузочный пароль' },
      }),
    });
    const cookie = reg.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const feed = (await (await fetch(`${base}/v3.0/feed?sorting=date`)).json()) as {
      data: { items: { id: number }[] };
    };
    const entryId = feed.data.items[0].id;
    const channel = `comments-${entryId}`;
    const post = (text: string) =>
      fetch(`${base}/v3.0/comment/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
        body: JSON.stringify({ id: entryId, text }),
      });
    // Warm the paths once (JIT, prepared statements) before measuring memory and latency.
    await post('разогрев');
    await sleep(1000);
    const before = site.nodes.reduce((s, n) => s + rss(n.pid), 0);

    const workers = Array.from({ length: WORKERS }, () =>
      fork(path.join(root, 'bench', 'realtime-clients.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    const started = Date.now();
    const per = Math.ceil(clients / WORKERS);
    const opened = await Promise.all(
      workers.map((w, i) =>
        request<{ opened: number; failed: number }>(
          w,
          {
            cmd: 'open',
            urls: site.nodes.map((n) => n.url),
            count: Math.max(0, Math.min(per, clients - i * per)),
            channel,
            offset: i * per,
            kind: CLIENT,
          },
          'opened',
        ),
      ),
    );
    const total = opened.reduce((s, o) => s + o.opened, 0);
    log(
      `${nodeCount} node(s), ${clients} clients: ${total} subscribed in ${((Date.now() - started) / 1000).toFixed(1)} s${opened.some((o) => o.failed) ? `, ${opened.reduce((s, o) => s + o.failed, 0)} failed` : ''}`,
    );
    await sleep(2000);
    const after = site.nodes.reduce((s, n) => s + rss(n.pid), 0);

    const answers: number[] = [];
    for (let i = 0; i < COMMENTS; i++) {
      const sent = now();
      const res = await post(`Комментарий bench-${sent}`);
      if (!res.ok) throw new Error(`comment/add answered ${res.status}`);
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
      clients,
      opened: total,
      deliveries: all.length,
      expected: total * COMMENTS,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      max: all[all.length - 1],
      postP50: percentile(answers, 50),
      perConnKb: (after - before) / total / 1024,
      load: os.loadavg()[0],
    };
    log(
      `  deliveries ${result.deliveries}/${result.expected}, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms (POST answered in ${result.postP50.toFixed(1)} ms), ${result.perConnKb.toFixed(1)} KB per connection, load average ${result.load.toFixed(1)}`,
    );
    return result;
  } finally {
    await site.stop();
  }
}

const results: Result[] = [];
const missing = NODE_COUNTS.some((n) => n > 1) ? await unreachable(PG_URL, REDIS_URL) : null;
if (missing) log(`two nodes skipped, not reachable: ${missing}`);
for (const nodes of NODE_COUNTS) {
  if (nodes > 1 && missing) continue;
  for (const clients of SIZES) results.push(await run(nodes, clients));
}

const table = [
  '| nodes | clients | delivered | p50, ms | p99, ms | max, ms | POST answered (p50), ms | server memory per connection | load average |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.nodes === 1 ? '1 (PGlite, in-memory adapter)' : `${r.nodes} (PostgreSQL, Redis adapter)`} | ${r.opened.toLocaleString('en').replace(/,/g, ' ')} | ${r.deliveries}/${r.expected} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.postP50.toFixed(1)} | ${r.perConnKb.toFixed(1)} KB | ${r.load.toFixed(1)} |`,
  ),
];
console.log(`clients: ${CLIENT}\n${table.join('\n')}`);
fs.rmSync(benchDir, { recursive: true, force: true });
