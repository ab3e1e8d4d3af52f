import { pgTable, integer, text, boolean, primaryKey, index } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { subsites, users } from './users.ts';

/**
 * Who runs a subsite: owner of a blog; a community's owner and admins (manage it), moderators (review its approval
 * queue), editors and authors (write in it).
 */
export const subsiteRoles = pgTable(
  'subsite_roles',
  {
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'moderator', 'editor', 'author'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subsiteId, t.userId] }), index('subsite_roles_user').on(t.userId)],
);

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

/** Community rules shown on its page and in its settings (owners and managers edit them). */
export const subsiteRules = pgTable('subsite_rules', {
  subsiteId: integer('subsite_id')
    .primaryKey()
    .references(() => subsites.id, { onDelete: 'cascade' }),
  rules: text('rules').notNull().default(''),
  updatedAt: createdAt(),
});
