import { pgTable, integer, text, timestamp, boolean, jsonb, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.ts';
import { comments } from './comments.ts';
import { entries } from './entries.ts';
import { subsites, users } from './users.ts';

/**
 * Every ban, kept after it ends (the bans history). A site-wide ban (`subsite_id` null) also sets `users.banned_until`;
 * a subsite ban keeps the person out of one community. `until` null means for good. With `remove_all_data` the ids of
 * the entries and comments it took down are kept here until `restorable_until`, so an unban brings them back.
 */
export const bans = pgTable(
  'bans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id').references(() => subsites.id, { onDelete: 'cascade' }),
    byId: integer('by_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull().default(''),
    days: integer('days'),
    until: timestamp('until', { withTimezone: true, mode: 'date' }),
    removeAllData: boolean('remove_all_data').notNull().default(false),
    removedEntryIds: jsonb('removed_entry_ids').$type<number[]>().notNull().default([]),
    removedCommentIds: jsonb('removed_comment_ids').$type<number[]>().notNull().default([]),
    restorableUntil: timestamp('restorable_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** Set when the ban stops holding: lifted by staff (`lifted_by`) or expired by itself (the expiry job). */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    liftedBy: integer('lifted_by').references(() => users.id),
  },
  (t) => [
    index('bans_user').on(t.userId, t.id),
    index('bans_active')
      .on(t.until)
      .where(sql`ended_at is null`),
  ],
);

/** What staff did: written by the service of each staff action in its own transaction; never updated or deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target').on(t.targetType, t.targetId, t.id)],
);

/**
 * Moderation: an entry staff unpublished (`locked_by_admin`). Its author may edit it as a draft but not publish it
 * again until staff release it (the row goes away).
 */
export const entryLocks = pgTable('entry_locks', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  byId: integer('by_id')
    .notNull()
    .references(() => users.id),
  reason: text('reason').notNull().default(''),
  reasonId: integer('reason_id'),
  createdAt: createdAt(),
});

/** Moderation: the one pinned comment of an entry, shown first in its discussion (`/admin/comments/pin`). */
export const commentPins = pgTable('comment_pins', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  commentId: integer('comment_id')
    .notNull()
    .unique()
    .references(() => comments.id, { onDelete: 'cascade' }),
  byId: integer('by_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/**
 * Moderation: an entry pinned to the top of a feed (`/admin/content/pin`): `feed_id` is the subsite, 0 the main
 * feed (so no foreign key on it). One pin per feed.
 */
export const feedPins = pgTable('feed_pins', {
  feedId: integer('feed_id').primaryKey(),
  entryId: integer('entry_id')
    .notNull()
    .references(() => entries.id, { onDelete: 'cascade' }),
  byId: integer('by_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/** Moderation: who closed an entry's editing (`is_closed_editing`); only that person sees the marker. */
export const entryEditingClosed = pgTable('entry_editing_closed', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  byId: integer('by_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});
