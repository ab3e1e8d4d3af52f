import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, boolean, index, jsonb } from 'drizzle-orm/pg-core';
import type { Block } from '../../../shared/blocks.ts';
import { createdAt, tsvector } from './columns.ts';
import { subsites, users } from './users.ts';
import { EMPLOYMENTS, EXPERIENCES, SPECIALISATIONS, VACANCY_STATES } from '../../../shared/vacancies.ts';

/**
 * Vacancies (issue 29): posted by a person from their blog or by a company they run (`subsite_id`), checked by staff
 * (`state`), shown for 30 days from publishing (`expires_at`). The town is an id of `lib/towns.ts`.
 */
export const vacancies = pgTable(
  'vacancies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    company: text('company').notNull(),
    /** The plain-text projection of `descriptionBlocks` (search, RSS, the page's meta); written with them. */
    description: text('description').notNull(),
    /** The description in the editor's blocks (shared/vacancy-blocks.ts), sanitized when saved. */
    descriptionBlocks: jsonb('description_blocks').$type<Block[]>().notNull().default([]),
    /** Roubles a month, either end may be open. */
    salaryFrom: integer('salary_from'),
    salaryTo: integer('salary_to'),
    townId: integer('town_id'),
    isRemote: boolean('is_remote').notNull().default(false),
    specialisation: text('specialisation', { enum: SPECIALISATIONS }).notNull(),
    experience: text('experience', { enum: EXPERIENCES }).notNull(),
    employment: text('employment', { enum: EMPLOYMENTS }).notNull(),
    applyUrl: text('apply_url').notNull().default(''),
    applyContact: text('apply_contact').notNull().default(''),
    state: text('state', { enum: VACANCY_STATES }).notNull().default('moderation'),
    /** Staff's reason for a rejection or an unpublishing (shown to the author). */
    reason: text('reason').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** The letter before the end went out. */
    expiryWarned: boolean('expiry_warned').notNull().default(false),
    /**
     * What search matches (the search module, `russian` configuration): the title weighs A, the company and the
     * description B. Kept by PostgreSQL with every write of the row.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian', title), 'A') || setweight(to_tsvector('russian', company || ' ' || description), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('vacancies_state_published').on(t.state, t.publishedAt, t.id),
    index('vacancies_subsite').on(t.subsiteId),
    index('vacancies_author').on(t.authorId, t.createdAt),
    index('vacancies_expires').on(t.state, t.expiresAt),
    // The list's filters walk these newest first (bench/job.ts, docs/BENCHMARKS.md "The job board"): a town, remote
    // work and a specialisation each keep a published-only order of their own.
    index('vacancies_town_published')
      .on(t.townId, t.publishedAt, t.id)
      .where(sql`state = 'published'`),
    index('vacancies_remote_published')
      .on(t.publishedAt, t.id)
      .where(sql`state = 'published' and is_remote`),
    index('vacancies_specialisation_published')
      .on(t.specialisation, t.publishedAt, t.id)
      .where(sql`state = 'published'`),
    index('vacancies_search')
      .using('gin', t.searchVector)
      .where(sql`state = 'published'`),
  ],
);
