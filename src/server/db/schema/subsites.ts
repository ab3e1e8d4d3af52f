import { pgTable, integer, boolean, primaryKey, index } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { subsites, users } from './users.ts';

/** Membership from the reader's side: subscribed, with or without notifications. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    notify: boolean('notify').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subsiteId] }), index('subscriptions_subsite').on(t.subsiteId)],
);

/** Muting a subsite hides it from the reader's feeds; muting a user's blog id ignores that author everywhere. */
export const mutes = pgTable(
  'subsite_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subsiteId] })],
);

/** Asking to join a private community: one open request per person, until its managers approve or refuse it. */
export const joinRequests = pgTable(
  'subsite_join_requests',
  {
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subsiteId, t.userId] }), index('subsite_join_requests_user').on(t.userId)],
);
