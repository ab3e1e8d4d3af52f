import crypto from 'node:crypto';

/**
 * Throwaway PostgreSQL databases for tests and benchmarks: `freshPostgres` makes an empty database beside the one
 * `baseUrl` names (or a copy of `template`, a database nobody is connected to) and drops it after;
 * `unreachable` says why PostgreSQL or Redis cannot be used (null: both answer).
 */
export interface FreshPostgres {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function freshPostgres(baseUrl: string, prefix = 'sreda_test', template?: string): Promise<FreshPostgres> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // Without force first: a forced drop kills connections a closing pool has not finished ending (57P01).
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch {
          if (attempt >= 20) {
            await c.query(`drop database if exists ${name} with (force)`);
            break;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

export async function unreachable(pgUrl: string, redisUrl: string): Promise<string | null> {
  try {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
  } catch (err) {
    return `PostgreSQL at ${pgUrl}: ${(err as Error).message}`;
  }
  try {
    const { Redis } = await import('ioredis');
    const r = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
    await r.connect();
    await r.quit();
  } catch (err) {
    return `Redis at ${redisUrl}: ${(err as Error).message}`;
  }
  return null;
}
