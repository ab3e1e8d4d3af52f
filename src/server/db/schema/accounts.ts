import { pgTable, integer, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { subsites, users } from './users.ts';

/**
 * API tokens (`X-Device-Token`): stored as the SHA-256 of the token, like sessions; `prefix` is the first characters,
 * shown in settings so a person can tell their tokens apart. Scope `read` may only read, `write` may also write.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash').on(t.tokenHash), index('api_tokens_user').on(t.userId)],
);

/** Every change of a person's name: the once-a-month rule reads the last one. */
export const nameChanges = pgTable(
  'name_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldName: text('old_name').notNull(),
    newName: text('new_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('name_changes_user').on(t.userId, t.createdAt)],
);

/** An email change waits for the link sent to the new address (stored hashed, one day, single use). */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user').on(t.userId)],
);

/**
 * A requested account deletion: after `runAt` (14 days) a job anonymises the account and anonymises or removes its
 * entries and comments as chosen; signing in and cancelling before then keeps everything.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['anonymize', 'remove'] }).notNull(),
  requestedAt: createdAt(),
  runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
});

/** Data exports made by a job: a .tar.gz of everything the person wrote, kept seven days. */
export const accountExports = pgTable(
  'account_exports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    /** The archive as base64 (text works the same on both drivers); null until ready. */
    archive: text('archive'),
    size: integer('size').notNull().default(0),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('account_exports_user').on(t.userId)],
);

/** Community rules shown on its page and in its settings (owners and managers edit them). */
export const subsiteRules = pgTable('subsite_rules', {
  subsiteId: integer('subsite_id')
    .primaryKey()
    .references(() => subsites.id, { onDelete: 'cascade' }),
  rules: text('rules').notNull().default(''),
  updatedAt: createdAt(),
});
