import { pgTable, integer, text, timestamp, boolean, primaryKey, index } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { entries } from './entries.ts';
import { media } from './media.ts';
import { subsites, users } from './users.ts';

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    /** Who wrote it: kept for moderation and the audit log even when it is shown as a subsite's. */
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** Written as a community or company its author manages (the comment author switch): readers see the subsite. */
    asSubsiteId: integer('as_subsite_id').references(() => subsites.id, { onDelete: 'set null' }),
    replyTo: integer('reply_to'),
    text: text('text').notNull(),
    /** A gif the writer uploaded (issue 32 point 7): shown as its mp4, muted and looping; null without one. */
    attachUuid: text('attach_uuid').references(() => media.uuid),
    removed: boolean('removed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
    likesCount: integer('likes_count').notNull().default(0),
    likesSumm: integer('likes_summ').notNull().default(0),
  },
  (t) => [
    index('comments_entry').on(t.entryId, t.id),
    index('comments_author').on(t.authorId),
    index('comments_reply_to').on(t.replyTo),
  ],
);

/** How many comments of an entry the reader has seen, for 'new since your last visit' (kept 30 days). */
export const commentsSeen = pgTable(
  'comments_seen',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] }), index('comments_seen_updated').on(t.updatedAt)],
);
