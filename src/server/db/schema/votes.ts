import { pgTable, integer, text, primaryKey, index, smallint } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** One vote per user and target; counters on the target are folded from here. */
export const likes = pgTable(
  'likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['content', 'comment'] }).notNull(),
    targetId: integer('target_id').notNull(),
    sign: smallint('sign').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.userId] }), index('likes_user').on(t.userId)],
);
