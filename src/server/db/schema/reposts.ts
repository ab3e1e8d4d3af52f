import { pgTable, integer, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { entries } from './entries.ts';
import { subsites, users } from './users.ts';

/**
 * An entry reposted into a blog or a community with an optional comment (modules/reposts): once per subsite; it shows
 * in that subsite's feed and its subscribers' feeds at its own time.
 */
export const reposts = pgTable(
  'reposts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reposts_entry_subsite').on(t.entryId, t.subsiteId),
    index('reposts_subsite_created').on(t.subsiteId, t.createdAt, t.id),
  ],
);
