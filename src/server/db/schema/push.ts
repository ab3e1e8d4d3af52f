import { pgTable, integer, text, timestamp, index } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Web push subscriptions (RFC 8030/8291): one row per browser endpoint. */
export const pushEndpoints = pgTable(
  'push_endpoints',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('push_endpoints_user').on(t.userId)],
);
