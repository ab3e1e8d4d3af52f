/** CI's gate: the API tests against PostgreSQL and Redis must not silently fall back to the embedded defaults. */
import pg from 'pg';
import { Redis } from 'ioredis';

const { DATABASE_URL, REDIS_URL } = process.env;
if (!DATABASE_URL || !REDIS_URL) {
  console.error('DATABASE_URL and REDIS_URL must both be set');
  process.exit(1);
}
try {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  const { rows } = await client.query('select version()');
  await client.end();
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1 });
  await redis.connect();
  const pong = await redis.ping();
  redis.disconnect();
  console.log(`PostgreSQL: ${rows[0].version.split(',')[0]}; Redis: ${pong}`);
} catch (err) {
  console.error(`services unreachable: ${(err as Error).message}`);
  process.exit(1);
}
