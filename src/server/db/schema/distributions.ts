import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, jsonb, index, bigserial } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';
import { AD_FORMATS, AD_PLACES, AD_STATES } from '../../../shared/ads.ts';

/** What a campaign shows and where: the part a change holds back for AD_HOLD_HOURS (shared/ads.ts). */
export interface DistributionVersion {
  format: (typeof AD_FORMATS)[number];
  title: string;
  text: string;
  image_url: string;
  url: string;
  advertiser: string;
  inn: string;
  erid: string;
  places: string[];
  tags: string[];
  subsite_ids: number[];
  sections: string[];
  devices: string[];
  starts_on: string | null;
  ends_on: string | null;
  budget: number | null;
  impression_cap: number | null;
  frequency_cap: number | null;
}

/**
 * Distributions (issue 30): staff's ad campaigns. `version` is the campaign as last changed; it shows from
 * `version_from` (the change plus the hold), and until then `shown` (what was live before, null: nothing) stands in.
 * `impressions` counts the hits (distribution_hits keeps each of them for statistics).
 */
export const distributions = pgTable(
  'distributions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    version: jsonb('version').$type<DistributionVersion>().notNull(),
    versionFrom: timestamp('version_from', { withTimezone: true, mode: 'date' }).notNull(),
    shown: jsonb('shown').$type<DistributionVersion>(),
    state: text('state', { enum: AD_STATES }).notNull().default('not_launched'),
    /** When it was last launched: a launch shows after the hold too. */
    launchedAt: timestamp('launched_at', { withTimezone: true, mode: 'date' }),
    impressions: integer('impressions').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('distributions_state').on(t.state, t.id)],
);

/**
 * One shown unit each (`POST /distributions/{id}/hit`): the campaign's count, a reader's frequency, and later the
 * statistics by day and place. `reader`: `u{id}` for a signed-in reader, else a hash of the address.
 */
export const distributionHits = pgTable(
  'distribution_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => distributions.id, { onDelete: 'cascade' }),
    place: text('place', { enum: AD_PLACES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reader: text('reader').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('distribution_hits_reader').on(t.distributionId, t.reader, t.at),
    index('distribution_hits_at').on(t.distributionId, t.at),
  ],
);

/** Prices per thousand impressions, roubles, one row per format (shown on /ad; a budget buys impressions at it). */
export const distributionPrices = pgTable('distribution_prices', {
  format: text('format', { enum: AD_FORMATS }).primaryKey(),
  price: integer('price').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Advertisers' requests from /ad: staff read them in /admin/ads, and a letter tells them at once. */
export const distributionRequests = pgTable(
  'distribution_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    format: text('format').notNull().default(''),
    message: text('message').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('distribution_requests_created').on(sql`${t.createdAt} desc`)],
);
