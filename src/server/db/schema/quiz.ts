import { boolean, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { entries } from './entries.ts';
import { users } from './users.ts';

/**
 * A quiz block of an entry (spec/content.md §3: hash, content_id), written in the entry's save transaction: its
 * options' hashes and its rules, so a vote is checked without reading the entry's blocks.
 */
export const quizzes = pgTable(
  'quizzes',
  {
    hash: varchar('hash', { length: 16 }).primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    /** The options' hashes in the block's order. */
    items: text('items').array().notNull(),
    isMultiple: boolean('is_multiple').notNull().default(false),
    /** Results shown before voting (else only after). */
    isResultsBefore: boolean('is_results_before').notNull().default(false),
  },
  (t) => [index('quizzes_entry').on(t.entryId)],
);

/** One row per voter and quiz (one vote per account): the options chosen, all at once. */
export const quizVotes = pgTable(
  'quiz_votes',
  {
    quizHash: varchar('quiz_hash', { length: 16 })
      .notNull()
      .references(() => quizzes.hash, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    items: text('items').array().notNull(),
    /** The browser's fingerprint (40 alphanumerics) it voted from, when it sent one. */
    deviceToken: varchar('device_token', { length: 40 }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.quizHash, t.userId] }), index('quiz_votes_user').on(t.userId)],
);
