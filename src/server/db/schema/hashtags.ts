import { pgTable, integer, text, primaryKey, index } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { comments } from './comments.ts';
import { entries } from './entries.ts';
import { users } from './users.ts';

/** The tags an entry's text holds, rewritten by every save of the entry in the same transaction. */
export const entryHashtags = pgTable(
  'entry_hashtags',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    /** Normalized: lower case, without the `#` (src/shared/hashtags.ts). */
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.tag] }), index('entry_hashtags_tag').on(t.tag, t.entryId)],
);

/** The tags of a comment, rewritten by its add and edit in the same transaction. */
export const commentHashtags = pgTable(
  'comment_hashtags',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.tag] }), index('comment_hashtags_tag').on(t.tag)],
);

/** Tags a reader muted: entries with them leave every feed of theirs but the tag's own page. */
export const hashtagMutes = pgTable(
  'hashtag_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);
