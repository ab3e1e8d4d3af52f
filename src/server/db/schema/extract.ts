import { pgTable, text, timestamp, jsonb, index } from 'drizzle-orm/pg-core';
import type { ExtractResult } from '../../../shared/extract.ts';

/** Link extraction results cached by URL (andropov/extract). */
export const linkPreviews = pgTable(
  'link_previews',
  {
    url: text('url').primaryKey(),
    data: jsonb('data').$type<ExtractResult>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('link_previews_fetched_at').on(t.fetchedAt)],
);
