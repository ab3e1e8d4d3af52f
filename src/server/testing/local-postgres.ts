import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

/**
 * A throwaway PostgreSQL cluster of a test's (or `npm run cluster`'s) own: a primary made by `initdb` in a temp dir
 * on a free port, with `wal_level = replica` and a replication line in pg_hba.conf, and streaming replicas of it
 * made by `pg_basebackup -R`. Each server can be stopped (clean), killed (immediate: no checkpoint, crash recovery at
 * the next start) and started again on its port. The machine's own PostgreSQL is never touched.
 *
 * Binaries: `PG_BIN` or the newest /usr/lib/postgresql/<n>/bin. initdb and postgres refuse to run as root: as root
 * every command runs as the `postgres` system user (`runuser -u postgres --`), which owns the temp dir; as anyone
 * else they run as that user. Without the binaries (or, as root, without the `postgres` user) `localPostgresMissing()`
 * says why, so a test is skipped with that message.
 */
export interface LocalServer {
  readonly role: 'primary' | 'replica';
  readonly port: number;
  readonly dataDir: string;
  /** `postgres://postgres@127.0.0.1:<port>/<db>` */
  url(db?: string): string;
  start(): Promise<void>;
  /** A clean shutdown (`pg_ctl stop -m fast`). */
  stop(): Promise<void>;
  /** A crash (`pg_ctl stop -m immediate`): what was committed survives, recovery runs at the next start. */
  kill(): Promise<void>;
  running(): boolean;
}

export interface LocalPostgres {
  primary: LocalServer;
  replicas: LocalServer[];
  /** A streaming replica of the primary, started (`pg_basebackup -R` from the running primary). */
  addReplica(): Promise<LocalServer>;
  /** Makes a database on the primary (the replicas follow). */
  createDatabase(name: string): Promise<void>;
  /** Stops every server and removes the temp dir. */
  destroy(): Promise<void>;
}

function binDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

const asRoot = () => process.getuid?.() === 0;

export function localPostgresMissing(): string | null {
  const bin = binDir();
  if (!bin || !fs.existsSync(path.join(bin, 'initdb')))
    return 'PostgreSQL server binaries not found (set PG_BIN or install postgresql): the replica test needs initdb';
  if (asRoot() && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'running as root and there is no `postgres` user to run initdb as';
  return null;
}

/** Runs a PostgreSQL binary as the user that may run it; throws with its output when it fails. */
function run(cmd: string, args: string[], timeoutMs = 120_000): string {
  const full = path.join(binDir()!, cmd);
  const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`, { cause: err });
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Every server any cluster of this process started: stopped at exit even when a test fails midway. */
const live = new Set<LocalServer>();
let exitHooked = false;
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const s of live) {
      try {
        if (s.running()) run('pg_ctl', ['stop', '-D', s.dataDir, '-m', 'immediate', '-w', '-t', '10'], 15_000);
      } catch {
        // best effort at exit
      }
    }
  });
}

function server(role: 'primary' | 'replica', dataDir: string, port: number, socketDir: string): LocalServer {
  const s: LocalServer = {
    role,
    port,
    dataDir,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    running: () => fs.existsSync(path.join(dataDir, 'postmaster.pid')),
    async start() {
      if (s.running()) return;
      live.add(s);
      // -w: returns once the server accepts connections (a replica: once it is consistent for reading).
      run('pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-w',
        '-t',
        '120',
        '-l',
        path.join(socketDir, `${role}-${port}.log`),
        '-o',
        `-p ${port} -k ${socketDir}`,
      ]);
    },
    async stop() {
      if (s.running()) run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60']);
    },
    async kill() {
      if (s.running()) run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '60']);
    },
  };
  return s;
}

const PRIMARY_CONF = [
  "listen_addresses = '127.0.0.1'",
  'wal_level = replica',
  'max_wal_senders = 10',
  'max_replication_slots = 10',
  'hot_standby = on',
  'hot_standby_feedback = on',
  // Small: a test cluster lives minutes; the machine's memory is shared with the other servers.
  'shared_buffers = 32MB',
  'max_connections = 200',
  'wal_keep_size = 256MB',
  // The replica answers its lag through these.
  'track_commit_timestamp = on',
  "log_min_messages = 'warning'",
];

/**
 * Makes and starts a primary (and `replicas` streaming replicas of it). `baseDir` defaults to a new temp dir,
 * removed by `destroy()`.
 */
export async function startLocalPostgres(opts: { replicas?: number; baseDir?: string } = {}): Promise<LocalPostgres> {
  const missing = localPostgresMissing();
  if (missing) throw new Error(missing);
  hookExit();
  const base = opts.baseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-pg-'));
  fs.mkdirSync(base, { recursive: true });
  if (asRoot()) execFileSync('chown', ['postgres:postgres', base]);
  fs.chmodSync(base, 0o700);

  const primaryDir = path.join(base, 'primary');
  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), `\n${PRIMARY_CONF.join('\n')}\n`);
  fs.appendFileSync(
    path.join(primaryDir, 'pg_hba.conf'),
    '\nhost replication postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n',
  );
  const primary = server('primary', primaryDir, await freePort(), base);
  await primary.start();

  const replicas: LocalServer[] = [];
  const cluster: LocalPostgres = {
    primary,
    replicas,
    async addReplica() {
      const dir = path.join(base, `replica${replicas.length + 1}`);
      // -R: standby.signal and primary_conninfo; -X stream: the WAL written during the copy comes along.
      run('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.port),
        '-U',
        'postgres',
        '-D',
        dir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
      ]);
      const replica = server('replica', dir, await freePort(), base);
      await replica.start();
      replicas.push(replica);
      return replica;
    },
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      run('psql', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-c', `create database ${name}`]);
    },
    async destroy() {
      for (const s of [...replicas, primary]) {
        await s.kill().catch(() => {});
        live.delete(s);
      }
      if (!opts.baseDir) fs.rmSync(base, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < (opts.replicas ?? 0); i++) await cluster.addReplica();
  return cluster;
}
