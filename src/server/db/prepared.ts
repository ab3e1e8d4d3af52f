import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from './index.ts';

interface PgPool {
  totalCount: number;
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const dialect = new PgDialect();

/**
 * Hot queries (feeds, the session lookup of every request) as named prepared statements on PostgreSQL:
 * each pooled connection parses a statement once, and after five runs PostgreSQL keeps a generic plan for it.
 * Planning was about two thirds of a feed query's database time (docs/BENCHMARKS.md). Callers keep LIMIT a
 * literal so the generic plan stays cheap. On PGlite (one in-process connection) the query runs as it is.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: Partial<PgPool> }).$client;
  if (typeof client?.totalCount !== 'number' || typeof client.query !== 'function') return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `q_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  return (await (client as PgPool).query({ name, text, values: params })).rows as T[];
}
