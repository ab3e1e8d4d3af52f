import { pgTable, integer, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { entries } from './entries.ts';
import { users } from './users.ts';

/** Entries a reader hid from their feeds (the entry stub's 'hide'). */
export const entryHides = pgTable(
  'entry_hides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] })],
);
