/**
 * `npm run cluster:drill`: the local cluster (scripts/cluster.ts) under load with failures (issue 34 point 6).
 *
 * It starts the cluster, signs up a few readers who each publish an entry, opens socket.io clients on the entries'
 * comment channels, and runs the load of scripts/cluster-load.ts (`--connections`, 10) through the balancer. Then,
 * one after another, it kills (SIGKILL) web-1, the worker, and the replica (a crash: `pg_ctl stop -m immediate`),
 * waits `--down` seconds (5), starts it again and waits for it to recover:
 *   - web-1: the balancer sends to it again (its readiness check passed) and every dropped socket is back;
 *   - the worker: every job queued while it was dead and due before the restart has run;
 *   - the replica: the nodes' readiness shows it `ok` again.
 * The kill window is from the kill to that recovery; the requests that ended inside it are counted. At the end every
 * write the API acknowledged (users, entries, comments, votes, messages) is looked up on the primary: lost must be 0.
 * It prints a Markdown table (docs/BENCHMARKS.md, «Cluster under failures») and stops everything it started.
 *
 *   npm run cluster:drill
 *   npm run cluster:drill -- --connections 10 --sockets 40 --down 5 --settle 10
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster, type Cluster } from './cluster.ts';
import { Load } from './cluster-load.ts';
import { Sockets } from './cluster-sockets.ts';
import { freePort } from './free-port.ts';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    sockets: { type: 'string', default: '40' },
    readers: { type: 'string', default: '20' },
    down: { type: 'string', default: '5' },
    settle: { type: 'string', default: '10' },
  },
});
const DOWN_MS = Number(args.down) * 1000;
const SETTLE_MS = Number(args.settle) * 1000;
const RECOVERY_LIMIT_MS = 180_000;

const log = (...m: unknown[]) => console.error(`[drill ${new Date().toISOString().slice(11, 19)}]`, ...m);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, limitMs = RECOVERY_LIMIT_MS) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (await check()) return now();
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await sleep(100);
  }
}

interface KillRow {
  part: string;
  ok: number;
  refused: number;
  failed: number;
  recovery: string;
  detail: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function replicasOk(url: string) {
  try {
    const res = await fetch(`${url}/v3.0/health/ready`, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as { data?: { replicas?: { state: string }[] } };
    const replicas = body.data?.replicas ?? [];
    return replicas.length > 0 && replicas.every((r) => r.state === 'ok');
  } catch {
    return false;
  }
}

async function drillWeb(cluster: Cluster, load: Load, sockets: Sockets): Promise<KillRow> {
  const kill = now();
  await cluster.kill('web-1');
  log('web-1 killed');
  await sleep(DOWN_MS);
  const restart = now();
  await cluster.start('web-1');
  const upstream = cluster.balancer.upstreams.find((u) => u.name === 'web-1')!;
  const routed = await until('the balancer sends to web-1 again', () => upstream.up);
  await sockets.allUp(Date.now() + RECOVERY_LIMIT_MS);
  const drops = sockets.dropsSince(kill);
  const end = Math.max(routed, drops.lastBack ?? routed);
  const counts = load.between(kill, end);
  log('web-1 back', counts, drops);
  return {
    part: 'web-1 (SIGKILL)',
    ...counts,
    recovery: `${seconds(routed - restart)} to serve again; sockets ${seconds((drops.lastBack ?? kill) - kill)}`,
    detail: `${drops.dropped} of ${sockets.size} sockets dropped, all back ${seconds((drops.lastBack ?? kill) - kill)} after the kill`,
  };
}

async function drillWorker(cluster: Cluster, load: Load, db: pg.Pool): Promise<KillRow> {
  const kill = now();
  await cluster.kill('worker');
  log('worker killed');
  await sleep(DOWN_MS);
  // The jobs that waited for a worker: queued, due, made after the kill.
  const { rows } = await db.query<{ id: string }>(
    `select id from jobs where status = 'queued' and run_at <= now() and created_at >= to_timestamp($1 / 1000.0)`,
    [kill],
  );
  const waiting = rows.map((r) => Number(r.id));
  const restart = now();
  await cluster.start('worker');
  let firstRun: number | null = null;
  const drained = await until('the jobs queued while the worker was dead ran', async () => {
    const left = await db.query<{ n: number }>(
      `select count(*)::int as n from jobs where id = any($1::bigint[]) and status = 'queued'`,
      [waiting],
    );
    if (left.rows[0].n < waiting.length) firstRun ??= now();
    return left.rows[0].n === 0;
  });
  const counts = load.between(kill, drained);
  log('worker back', counts, { waiting: waiting.length });
  return {
    part: 'worker (SIGKILL)',
    ...counts,
    recovery: `${seconds(drained - restart)} to run the backlog`,
    detail: `${waiting.length} jobs queued while it was dead; first ran ${firstRun ? seconds(firstRun - restart) : '—'} after the restart`,
  };
}

async function drillReplica(cluster: Cluster, load: Load): Promise<KillRow> {
  const kill = now();
  await cluster.kill('replica');
  log('replica crashed');
  const skipped = await until('the nodes mark the replica down', async () => !(await replicasOk(cluster.url)));
  await sleep(Math.max(0, DOWN_MS - (now() - kill)));
  const restart = now();
  await cluster.start('replica');
  const back = await until('the replica is ok again', () => replicasOk(cluster.url));
  const counts = load.between(kill, back);
  log('replica back', counts);
  return {
    part: 'replica (crash)',
    ...counts,
    recovery: `${seconds(back - restart)} to be read again`,
    detail: `marked down ${seconds(skipped - kill)} after the crash; reads went to the primary meanwhile`,
  };
}

async function lostWrites(db: pg.Pool, load: Load) {
  const a = load.acked;
  const found = async (table: string, ids: number[]) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where id = any($1::int[])`, [ids])).rows[0]
      .n;
  const votes = await db.query<{ n: number }>(
    `select count(*)::int as n from likes l join unnest($1::int[], $2::int[], $3::int[]) v(u, e, s)
       on l.user_id = v.u and l.target_type = 'content' and l.target_id = v.e and l.sign = v.s`,
    [a.votes.map((v) => v.userId), a.votes.map((v) => v.entryId), a.votes.map((v) => v.sign)],
  );
  const rows = [
    ['users', a.users.length, await found('users', a.users)],
    ['entries', a.entries.length, await found('entries', a.entries)],
    ['comments', a.comments.length, await found('comments', a.comments)],
    ['votes', a.votes.length, votes.rows[0].n],
    ['messages', a.messages.length, await found('chat_messages', a.messages)],
  ] as const;
  return rows.map(([what, acked, present]) => ({ what, acked, lost: acked - present }));
}

async function main() {
  const port = await freePort();
  log('starting the cluster');
  // Sign-ups and comments from many addresses in a few minutes: the per-address limits are raised for the run.
  const cluster = await startCluster({ port, quiet: true, env: { RATE_LIMIT_SCALE: '100' } });
  // Ctrl-C (or a SIGTERM) midway still stops every process and server the run started.
  const interrupted = () => void cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const db = new pg.Pool({ connectionString: cluster.pg.primary.url('sreda'), max: 2 });
  const load = new Load(cluster.url, Number(args.connections));
  const sockets = new Sockets(cluster.url);
  const began = new Date();
  const loadBefore = os.loadavg()[0];
  try {
    await load.seed(Number(args.readers));
    await sockets.open(
      Number(args.sockets),
      load.acked.entries.map((id) => `comments-${id}`),
    );
    log(`${load.readers.length} readers, ${sockets.size} sockets; load at c=${args.connections}`);
    load.start();
    const t0 = now();
    await sleep(SETTLE_MS);
    const baseline = load.between(t0, now());
    const rows: KillRow[] = [];
    rows.push(await drillWeb(cluster, load, sockets));
    await sleep(SETTLE_MS);
    rows.push(await drillWorker(cluster, load, db));
    await sleep(SETTLE_MS);
    rows.push(await drillReplica(cluster, load));
    await sleep(SETTLE_MS);
    await load.stop();
    const total = load.between(0, now());
    const lost = await lostWrites(db, load);
    const loadAfter = os.loadavg()[0];
    const out = [
      `Run ${began.toISOString().slice(0, 16).replace('T', ' ')} UTC, c=${args.connections}, ${sockets.size} sockets, ` +
        `down ${args.down} s, load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} (${os.cpus().length} cores)`,
      '',
      `Before the kills (${seconds(SETTLE_MS)}): ${baseline.ok} answered, ${baseline.refused} refused, ${baseline.failed} failed.`,
      `Whole run: ${total.ok} answered, ${total.refused} refused (4xx), ${total.failed} failed.`,
      '',
      '| killed | answered in the window | refused (4xx) | failed | time to recover | what was seen |',
      '|---|---:|---:|---:|---|---|',
      ...rows.map((r) => `| ${r.part} | ${r.ok} | ${r.refused} | ${r.failed} | ${r.recovery} | ${r.detail} |`),
      '',
      '| acknowledged writes | acknowledged | lost |',
      '|---|---:|---:|',
      ...lost.map((l) => `| ${l.what} | ${l.acked} | ${l.lost} |`),
    ].join('\n');
    console.log(out);
    const failedOps = new Map<string, number>();
    for (const s of load.samples) {
      if (s.outcome !== 'ok') failedOps.set(`${s.op} ${s.status}`, (failedOps.get(`${s.op} ${s.status}`) ?? 0) + 1);
    }
    log('not ok by kind and status:', Object.fromEntries(failedOps));
    if (lost.some((l) => l.lost !== 0)) process.exitCode = 1;
  } finally {
    await load.stop();
    sockets.close();
    await db.end();
    await cluster.stop();
    log('stopped');
  }
}

await main();
