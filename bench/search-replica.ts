/**
 * `npm run bench:search-replica`: where the search's database work goes once a read replica is there. On a
 * PostgreSQL primary of its own (src/server/testing/local-postgres.ts: initdb on a free port), it runs the search bench
 * (bench/search.ts) twice on the same generated set: first on the primary alone, then with a streaming replica made
 * from it (pg_basebackup -R) named in DATABASE_REPLICA_URLS. bench/search.ts charges the primary's backends of the
 * bench database per answered request; this script adds the replica's: the CPU time of every process of the replica
 * server (backends, startup/replay, WAL receiver), sampled every 250 ms while the second run lasts.
 *
 *   npm run bench:search-replica -- --entries 100000 [--only "never cached), by relevance"] [--duration 10]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../scripts/ensure-build.ts';
import { startLocalPostgres, type LocalServer } from '../src/server/testing/local-postgres.ts';
import { cpuMs } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    only: { type: 'string', default: 'never cached), by relevance' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const DB = 'bench_search_replica';
const log = (...m: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...m);

/** The pids of a server's processes: its postmaster and every child of it. */
function processesOf(server: LocalServer): number[] {
  const master = Number(fs.readFileSync(path.join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const out = [master];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU ms a server spends while `work` runs: each process's last sample minus its first (0 for one born later). */
async function cpuDuring<T>(server: LocalServer, work: Promise<T>): Promise<{ result: T; ms: number }> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = (initial = false) => {
    for (const pid of processesOf(server)) {
      try {
        const ms = cpuMs(pid);
        // A process born during the work spent all its time on it.
        if (!first.has(pid)) first.set(pid, initial ? ms : 0);
        last.set(pid, ms);
      } catch {
        // gone meanwhile
      }
    }
  };
  sample(true);
  const timer = setInterval(sample, 250);
  try {
    const result = await work;
    sample();
    let ms = 0;
    for (const [pid, at] of last) ms += at - (first.get(pid) ?? 0);
    return { result, ms };
  } finally {
    clearInterval(timer);
  }
}

/** bench/search.ts with this environment; its table (stdout) comes back, its log goes to ours. */
function searchBench(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'bench', 'search.ts'),
        ...['--entries', args.entries, '--reuse', DB, '--only', args.only],
        ...['--duration', args.duration, '--connections', args.connections, '--users', '20000'],
      ],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`bench/search.ts exited ${code}`))));
  });
}

/** The answered requests of the table's search rows (req/s × duration). */
const searchRequests = (table: string) =>
  table
    .split('\n')
    .filter((l) => l.startsWith('| entries') || l.startsWith('| people'))
    .reduce((n, l) => n + Number(l.split('|')[3]) * Number(args.duration), 0);

const cluster = await startLocalPostgres();
try {
  const env = { DATABASE_URL: cluster.primary.url('postgres') };
  log(`primary alone (port ${cluster.primary.port})`);
  const alone = await searchBench(env);
  log('a streaming replica from the primary (pg_basebackup)');
  const replica = await cluster.addReplica();
  const { result: withReplica, ms } = await cpuDuring(
    replica,
    searchBench({ ...env, DATABASE_REPLICA_URLS: replica.url(DB), REPLICA_MAX_LAG_MS: '5000' }),
  );
  const requests = searchRequests(withReplica);
  console.log(`\n### The primary alone\n${alone}`);
  console.log(`\n### With a replica (CPU database = the primary's backends)\n${withReplica}`);
  console.log(
    `\nThe replica server's CPU during the second run: ${ms} ms over ${requests.toFixed(0)} search requests = ${(ms / requests).toFixed(2)} ms a request (its whole run, replay included: an upper bound)`,
  );
} finally {
  await cluster.destroy();
}
