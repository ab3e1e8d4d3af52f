import { pgTable, integer, text, timestamp, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tsvector } from './columns.ts';
import { entries } from './entries.ts';

/**
 * The search copy of each published, not removed entry: what matching, ranking, highlighting, date order and the
 * period and subsite filters need, and nothing else, so the heap rows the GIN index's matches point to are narrow
 * (the vector and the text stored out of line) and stay in memory, where the entries heap (~1 GB at 1M entries)
 * does not. Written by a trigger on `entries` in the writing statement's transaction (custom migration
 * `entry_search_custom`); see docs/modules/search.md.
 */
export const entrySearch = pgTable(
  'entry_search',
  {
    id: integer('id')
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    subsiteId: integer('subsite_id').notNull(),
    authorId: integer('author_id').notNull(),
    /** The readable text of the blocks (`search_entry_text`), for the highlighted fragments. */
    body: text('body').notNull(),
    /** Title weight A, the readable text B. */
    vector: tsvector('vector').notNull(),
    /**
     * The title's part of the vector, kept in the heap row (STORAGE MAIN, custom migration
     * `entry_search_windows`): relevance ranks the candidates by it without reading their vectors from TOAST.
     */
    titleVector: tsvector('title_vector').generatedAlwaysAs(sql`ts_filter(vector, '{a}')`),
    /**
     * The publication week (weeks since 2000-01-01 UTC) as a one-word vector, the GIN index's second column: a
     * search takes its newest matches from the last weeks first (queries.ts, `newestMatches`), the index leaving
     * the other weeks' matches out, instead of fetching every match from the heap.
     */
    week: tsvector('week').generatedAlwaysAs(
      sql`to_tsvector('simple', floor(extract(epoch from (published_at - timestamptz '2000-01-01 00:00:00+00')) / 604800)::int::text)`,
    ),
  },
  // The GIN index on (vector, week) is made by the migration `entry_search_windows`.
  (t) => [index('entry_search_published').on(t.publishedAt, t.id)],
);
