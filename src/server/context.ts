import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Replicas } from './db/replicas.ts';
import type { Mailer } from './lib/mailer.ts';
import type { DomainEvents } from './events.ts';

/** What every service receives: configuration, the database and the outside world. */
export interface Ctx {
  config: Config;
  db: Db;
  /**
   * Where reads that may be a moment stale go (feeds, pages, search, counts, exports): a replica for a request that
   * only reads and whose reader has not written lately (http/reads.ts), the primary (`db`) otherwise, and the
   * transaction inside one. Writes, and reads a write depends on, use `db`.
   */
  read: Db;
  /** The read replicas (DATABASE_REPLICA_URLS); null without any. */
  replicas: Replicas<Db> | null;
  redis: Redis | null;
  mail: Mailer;
  /** Domain events: realtime and notifications listen (src/server/events.ts). */
  events: DomainEvents;
  log: FastifyBaseLogger;
  /** Injectable clock so ranking and expiry are testable. */
  now: () => Date;
  /**
   * The app's own ctx. Per-app state (caches, counters, the job queue) is kept by it, so a transaction's ctx
   * (db/transaction.ts) reaches the same state.
   */
  root: Ctx;
  /** True inside `transaction(ctx, …)`: `db` is the transaction. */
  inTransaction: boolean;
  /** Runs `fn` once the current transaction commits, at once outside one; a rollback drops it. */
  afterCommit(fn: () => void): void;
}
