import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { backupTexts as texts } from '../../../shared/catalogue/backup.ts';
import { openDatabase, schema, type Db } from '../../db/index.ts';
import { BackupError } from './manifest-file.ts';
import { userTables, wipeSchemas } from './queries.ts';

const exec = promisify(execFile);

/** Keeps two backups of one PostgreSQL database apart (the CLI and a worker, or two workers). */
const BACKUP_LOCK = 7_370_034;

/**
 * A PostgreSQL client program: in PG_BIN when set, on PATH, else the newest under /usr/lib/postgresql/<version>/bin
 * (Debian keeps them there); none is a clear refusal.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore', dirs = toolDirs()): string {
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  throw new BackupError(texts.toolMissing(name));
}

function toolDirs(): string[] {
  const versions = (() => {
    try {
      return fs
        .readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a));
    } catch {
      return [];
    }
  })();
  return [
    ...(process.env.PG_BIN ? [process.env.PG_BIN] : []),
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
    ...versions.map((v) => `/usr/lib/postgresql/${v}/bin`),
  ];
}

/**
 * libpq's environment for a connection URL: the password stays out of the process list, where a URL argument would
 * show it.
 */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGDATABASE: decodeURIComponent(u.pathname.slice(1)) };
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function runTool(name: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const file = pgTool(name);
  try {
    await exec(file, args, { env: libpqEnv(url), maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new BackupError(texts.toolFailed(name, (e.stderr || e.message).trim().slice(0, 2000)));
  }
}

export async function toolVersion(name: 'pg_dump'): Promise<string> {
  return (await exec(pgTool(name), ['--version'])).stdout.trim();
}

/** A database of the site, opened by URL as one connection (its session holds the backup lock). */
async function connect(url: string) {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { client, db: drizzle(client, { schema }) as unknown as Db };
}

/**
 * pg_dump (custom format) of the snapshot `read` sees: one repeatable-read transaction exports its snapshot, pg_dump
 * dumps exactly that, and `read` (the migration level, the media list) answers from the same moment.
 */
export async function dumpPostgres<T>(url: string, file: string, read: (db: Db) => Promise<T>): Promise<T> {
  pgTool('pg_dump');
  const { client, db } = await connect(url);
  try {
    const lock = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [BACKUP_LOCK]);
    if (!lock.rows[0].ok) throw new BackupError(texts.busy);
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0].s;
    const result = await read(db);
    await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`], url);
    await client.query('commit');
    return result;
  } finally {
    // Ending the session releases the lock, whatever happened.
    await client.end();
  }
}

/** Into an empty PostgreSQL database (or one `force` wipes first): the dump in one transaction. */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  pgTool('pg_restore');
  const { client, db } = await connect(url);
  try {
    const tables = await userTables(db);
    if (tables.length && !force)
      throw new BackupError(texts.notEmpty(`${tables.length}: ${tables.slice(0, 3).join(', ')}…`));
    if (tables.length) await wipeSchemas(db);
  } finally {
    await client.end();
  }
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${libpqEnv(url).PGDATABASE}`,
      file,
    ],
    url,
  );
}

interface PgliteClient {
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
}

/**
 * The embedded database's own dump: its data directory as a gzipped tar (`dumpDataDir`), taken while PGlite runs no
 * query (it holds its query lock for the dump), the same files PGlite starts from (`loadDataDir`).
 */
export async function dumpPglite(db: Db, file: string): Promise<void> {
  const client = (db as unknown as { $client: PgliteClient }).$client;
  const blob = await client.dumpDataDir('gzip');
  await fs.promises.writeFile(file, Buffer.from(await blob.arrayBuffer()));
}

/** Into an absent or empty data dir (`force`: the old one is moved aside, never deleted). */
export async function restorePglite(dataDir: string, file: string, force: boolean): Promise<string | null> {
  let aside: string | null = null;
  const present = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
  if (present) {
    if (!force) throw new BackupError(texts.notEmpty(dataDir));
    aside = `${dataDir}.before-restore-${Date.now()}`;
    fs.renameSync(dataDir, aside);
  }
  const database = await openDatabase({
    url: '',
    dataDir,
    loadDataDir: new Blob([await fs.promises.readFile(file)]),
    migrate: false,
  });
  await database.close();
  return aside;
}

/**
 * The embedded database belongs to one process: a running server marks its data dir (`server.pid`), and the backup
 * and restore commands refuse while that process lives (the worker's scheduled backups run inside it instead).
 */
export const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

export function markEmbeddedInUse(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(pidFile(dataDir), String(process.pid));
  return () => fs.rmSync(pidFile(dataDir), { force: true });
}

/** The pid of a live server on this data dir's embedded database, or null. */
export function embeddedInUse(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
