import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, boolean, index } from 'drizzle-orm/pg-core';
import { createdAt, tsvector } from './columns.ts';
import { subsites, users } from './users.ts';
import { DEFAULT_EVENT_TIME_ZONE, EVENT_FORMATS, EVENT_STATES } from '../../../shared/events.ts';

/**
 * Events (issue 29): posted by a person from their blog or by a company they run (`subsite_id`), checked by staff
 * (`state`); the start and the end are instants, shown in `time_zone` (IANA). The town is an id of `lib/towns.ts`.
 */
export const events = pgTable(
  'events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    timeZone: text('time_zone').notNull().default(DEFAULT_EVENT_TIME_ZONE),
    townId: integer('town_id'),
    isOnline: boolean('is_online').notNull().default(false),
    address: text('address').notNull().default(''),
    format: text('format', { enum: EVENT_FORMATS }).notNull(),
    /** Roubles; 0 is free. */
    price: integer('price').notNull().default(0),
    registerUrl: text('register_url').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    state: text('state', { enum: EVENT_STATES }).notNull().default('moderation'),
    /** Staff's reason for a rejection or an unpublishing (shown to the author). */
    reason: text('reason').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** Put in by the demo seed: the daily `events.renew` task moves it forward by whole weeks once it has ended. */
    seeded: boolean('seeded').notNull().default(false),
    /**
     * What search matches (the search module, `russian` configuration): the title weighs A, the description and the
     * address B. Kept by PostgreSQL with every write of the row.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('russian', title), 'A') || setweight(to_tsvector('russian', description || ' ' || address), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('events_state_starts').on(t.state, t.startsAt, t.id),
    index('events_state_ends').on(t.state, t.endsAt),
    index('events_subsite').on(t.subsiteId, t.startsAt),
    index('events_author').on(t.authorId, t.createdAt),
    index('events_search')
      .using('gin', t.searchVector)
      .where(sql`state = 'published'`),
  ],
);
