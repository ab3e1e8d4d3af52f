import { pgTable, integer, text, timestamp, jsonb, index } from 'drizzle-orm/pg-core';
import type { Block } from '../../../shared/blocks.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The site's own pages (issue 31, point 5), one row per fixed slug (shared/static-pages.ts), written by
 * administrators in the block editor; the first start fills them from templates.
 */
export const staticPages = pgTable('static_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  /** The search snippet and link preview. */
  description: text('description').notNull().default(''),
  /** Entry blocks (shared/blocks.ts), sanitized when saved. */
  blocks: jsonb('blocks').$type<Block[]>().notNull().default([]),
  /** Who saved it last; null for the template. */
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Every save of a page, the template's included: what the page read like then, and who saved it. */
export const staticPageVersions = pgTable(
  'static_page_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug')
      .notNull()
      .references(() => staticPages.slug, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    blocks: jsonb('blocks').$type<Block[]>().notNull().default([]),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('static_page_versions_slug_idx').on(t.slug, t.id)],
);
