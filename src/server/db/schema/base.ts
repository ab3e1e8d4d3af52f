import { pgTable, integer, text, timestamp, jsonb, index, uniqueIndex, bigint } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { JobMap, JobName } from '../../jobs/map.ts';
import { createdAt } from './columns.ts';

/** Key-value facts about this installation (seeded at, VAPID keys later). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  /** Each key's value is its module's own: read through the module's schema (`metaValue`, db/meta.ts). */
  value: jsonb('value').$type<unknown>().notNull(),
});

/**
 * The job queue: rows claimed with FOR UPDATE SKIP LOCKED, so any number of nodes share it on PostgreSQL and the
 * embedded database alike. Failed jobs retry with backoff until `max_attempts`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    /** The payload of its job (`JobMap[kind]`, jobs/map.ts). */
    payload: jsonb('payload').notNull().default({}).$type<JobMap[JobName]>(),
    /** Jobs with the same key are not queued twice while one waits (optional). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    status: text('status', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due')
      .on(t.runAt, t.id)
      .where(sql`status = 'queued'`),
    uniqueIndex('jobs_dedupe')
      .on(t.dedupeKey)
      .where(sql`status = 'queued' and dedupe_key is not null`),
    /** `once` keys look for any row with the key, whatever its status (the digest, the schedule's period slots). */
    index('jobs_key')
      .on(t.dedupeKey)
      .where(sql`dedupe_key is not null`),
  ],
);
