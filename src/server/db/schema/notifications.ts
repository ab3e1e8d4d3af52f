import { pgTable, integer, text, timestamp, boolean, jsonb, index, uniqueIndex, bigint } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/notifications.ts';
import { createdAt } from './columns.ts';
import { comments } from './comments.ts';
import { entries } from './entries.ts';
import { users } from './users.ts';

/** What a notification keeps beside its columns, by type (notifications/service.ts writes it). */
export interface NotificationData {
  /** reply, comment, mention: the comment's opening words. */
  quote?: string;
  /** system: the message itself. */
  text?: string;
  /** unpublished, ban: why. */
  reason?: string;
  /** ban: when it ends (ISO), null for good. */
  until?: string | null;
  /** subscriber: the subsite subscribed to. */
  subsiteId?: number;
  /** Stored read for its letter only: the reader keeps this type off the site. */
  mail_only?: boolean;
}

/**
 * A notification to one user. Votes on one target and the like are grouped: one unread row per
 * (user, group_key) collects its actors ('Иван и ещё 5 оценили вашу запись'); reading it closes the group.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** reply, comment, mention, vote_entry, vote_comment, subscriber, repost, unpublished, ban, system */
    type: text('type').$type<NotificationType>().notNull(),
    groupKey: text('group_key'),
    /** Latest actor first; capped, `actors_count` keeps the total. */
    actorIds: jsonb('actor_ids').$type<number[]>().notNull().default([]),
    actorsCount: integer('actors_count').notNull().default(0),
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user').on(t.userId, t.updatedAt),
    uniqueIndex('notifications_open_group')
      .on(t.userId, t.groupKey)
      .where(sql`not is_read and group_key is not null`),
  ],
);

/** Daily digest and notification mail opt-ins; `token` makes the unsubscribe link work without signing in. */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    email: text('email').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    digest: boolean('digest').notNull().default(true),
    token: text('token').notNull(),
    createdAt: createdAt(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /** Null until the address's owner follows the confirmation letter; the digest goes to confirmed addresses only. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('email_subscriptions_token').on(t.token)],
);
