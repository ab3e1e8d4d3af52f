import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema.ts';
import { Replicas, type ReplicaSettings } from './replicas.ts';

export { schema };

/** One type for both drivers: PGlite and node-postgres speak the same SQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Read replicas (DATABASE_REPLICA_URLS), PostgreSQL only; null without any. */
  replicas: Replicas<Db> | null;
  close(): Promise<void>;
}

const MIGRATION_LOCK = 7_370_001;
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and brings its schema up to date.
 * `url` empty: PGlite in `dataDir` (or in memory when `dataDir` is 'memory://'); `loadDataDir` starts it from a
 * dumped data dir (`dumpDataDir('none')`) instead of an empty cluster (tests: one migrated copy per test file).
 */
export async function openDatabase(opts: {
  url: string;
  dataDir: string;
  loadDataDir?: Blob;
  onError?: (err: Error) => void;
  /** false: open the database as it is (backups read it without changing its schema). */
  migrate?: boolean;
  /** Streaming replicas of `url` to read from (db/replicas.ts). */
  replicaUrls?: string[];
  replicaSettings?: ReplicaSettings;
}): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection dropped by the server (restart, failover, network) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => opts.onError?.(err));
    const db = drizzle(pool, { schema }) as unknown as Db;
    // Several nodes may start at once: one migrates while the others wait on the advisory lock.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      if (opts.migrate !== false) await migrate(db as never, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    const replicas = opts.replicaUrls?.length
      ? await Replicas.open(
          pg,
          (p): Db => drizzle(p, { schema }) as unknown as Db,
          pool,
          opts.replicaUrls,
          opts.replicaSettings ?? { maxLagMs: 2000, checkMs: 500 },
          opts.onError,
        )
      : null;
    return {
      db,
      kind: 'postgres',
      replicas,
      close: async () => {
        await replicas?.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm (search: names and titles with typos) ships with PGlite as a contrib extension loaded here.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir !== 'memory://') fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) await migrate(db as never, { migrationsFolder });
  return { db, kind: 'pglite', replicas: null, close: () => client.close() };
}

/** Runs raw SQL on either driver and returns its rows; for hot paths where the SQL reads best as SQL. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }`; drizzle's types differ by driver, so the shape is named here.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the two drivers' result types differ
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One round trip to the database: health checks. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
