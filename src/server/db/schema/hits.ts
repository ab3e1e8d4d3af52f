import { pgTable, integer, text, primaryKey, index } from 'drizzle-orm/pg-core';
import { entries } from './entries.ts';

/**
 * One view per reader per entry per day: the mark dedupes, the counter on entries is folded from
 * buffered marks in batches. Old days are deleted by the fold job.
 */
export const hitMarks = pgTable(
  'hit_marks',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: integer('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.visitor, t.day] }), index('hit_marks_day').on(t.day)],
);

/** Distinct readers per UTC day (`hit_marks` keep three days; the cluster task `stats.readers` folds them here). */
export const dailyReaders = pgTable('daily_readers', {
  day: integer('day').primaryKey(),
  readers: integer('readers').notNull().default(0),
});

/**
 * Content statistics (the entry's statistics popup): per entry per UTC day (`hits.dayNumber`). Views (every counted
 * page view) and readers (one per reader per day) are added by the hits fold; votes and comments of the day are
 * recounted by the votes fold for the entries it touches. Kept after `hit_marks` drops its days.
 */
export const entryStats = pgTable(
  'entry_stats',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    views: integer('views').notNull().default(0),
    readers: integer('readers').notNull().default(0),
    votes: integer('votes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.day] })],
);
