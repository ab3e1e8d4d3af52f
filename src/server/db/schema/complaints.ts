import { pgTable, integer, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.ts';
import { entries } from './entries.ts';
import { users } from './users.ts';

/**
 * Complaints (`/contents/complain`, `/comments/complain`, `/subsite/complain`): one per reader per target. Open until
 * staff resolve them (accepted or rejected) in the queue.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('complaints_once').on(t.userId, t.targetType, t.targetId),
    index('complaints_open')
      .on(t.id)
      .where(sql`resolved_at is null`),
  ],
);

/**
 * Misprint reports (Ctrl+Enter on a selection): the entry's author and staff see them and mark them fixed. One per
 * reader per place (the entry, the selected fragment and its context; the context hashed to keep the key short).
 */
export const misprints = pgTable(
  'misprints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fragment: text('fragment').notNull(),
    context: text('context').notNull().default(''),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    fixedAt: timestamp('fixed_at', { withTimezone: true, mode: 'date' }),
    fixedBy: integer('fixed_by').references(() => users.id),
  },
  (t) => [
    index('misprints_entry').on(t.entryId, t.id),
    uniqueIndex('misprints_once').on(t.entryId, t.userId, t.fragment, sql`md5(${t.context})`),
  ],
);
