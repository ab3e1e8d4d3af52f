import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { LIVE_STREAM_ACCESS, LIVE_STREAM_KINDS } from '../../../shared/livestreams.ts';
import { createdAt } from './columns.ts';
import { subsites, users } from './users.ts';

/**
 * Live streams (issue 28 point 4): one per subsite, and one of the whole site (`subsite_id` null, set by staff). The
 * source is an HLS playlist the site plays through its own proxy, or a VK Video / YouTube link (`kind`, recognised
 * when saved). `enabled_at` marks the current turning-on: a reader's closing of the player holds until the next.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subsiteId: integer('subsite_id').references(() => subsites.id, { onDelete: 'cascade' }),
    sourceUrl: text('source_url').notNull(),
    kind: text('kind', { enum: LIVE_STREAM_KINDS }).notNull(),
    title: text('title').notNull(),
    coverUrl: text('cover_url'),
    access: text('access', { enum: LIVE_STREAM_ACCESS }).notNull().default('everyone'),
    isEnabled: boolean('is_enabled').notNull().default(false),
    enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // One stream per subsite and one of the site (null): NULLS NOT DISTINCT makes the site's unique too.
    unique('live_streams_subsite').on(t.subsiteId).nullsNotDistinct(),
    index('live_streams_enabled')
      .on(t.subsiteId)
      .where(sql`is_enabled`),
  ],
);
