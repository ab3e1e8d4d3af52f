import { pgTable, integer, text, index } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { entries } from './entries.ts';
import { subsites } from './users.ts';

/**
 * Moderation: an entry waiting for staff (`reason` 'spam': a new account's entry with links) or for a moderated
 * community's managers (`reason` 'approval'). It stays unpublished until approved; rejecting leaves it a draft.
 */
export const entryReviews = pgTable(
  'entry_reviews',
  {
    entryId: integer('entry_id')
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('entry_reviews_queue').on(t.reason, t.subsiteId, t.createdAt)],
);

/**
 * A moderated community's reviewers rejected the entry with this reason: its author sees it on the entry and in the
 * drafts list while it stays a draft. Sending it to be published again (anywhere) clears it.
 */
export const entryRejections = pgTable('entry_rejections', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  subsiteId: integer('subsite_id')
    .notNull()
    .references(() => subsites.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
