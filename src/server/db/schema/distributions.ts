import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  text,
  timestamp,
  jsonb,
  index,
  bigserial,
  date,
  primaryKey,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { entries } from './entries.ts';
import { subsites, users } from './users.ts';
import { AD_FORMATS, AD_PLACES, AD_STATES, BOOSTER_SOURCES, PROMOTION_SOURCES } from '../../../shared/ads.ts';
import { ANALYTICS_EVENTS, ANALYTICS_KINDS, ANALYTICS_MEASURES } from '../../../shared/analytics.ts';

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
    /** A booster (an author's promoted entry) names its entry; a staff campaign has none. */
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    /** Who bought a booster: they see its statistics. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kopecks a booster was paid, from the buyer's balance or a company's promotion balance (`paidSubsiteId`). */
    paid: integer('paid').notNull().default(0),
    paidFrom: text('paid_from', { enum: BOOSTER_SOURCES }),
    paidSubsiteId: integer('paid_subsite_id').references(() => subsites.id, { onDelete: 'set null' }),
    /** When a booster's unspent part went back where it came from (its last day over, or stopped). */
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('distributions_state').on(t.state, t.id),
    index('distributions_owner').on(t.ownerId, t.id),
    // One booster of an entry at a time, until its unspent part is settled (two racing purchases: one wins).
    uniqueIndex('distributions_one_booster')
      .on(t.entryId)
      .where(sql`${t.entryId} is not null and ${t.settledAt} is null`),
  ],
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

/**
 * First-party analytics (`POST /analytics-event`): each event as it came, kept 30 days for the roll-ups and questions
 * not yet asked. `distribution_id` / `entry_id` are not foreign keys: ingestion writes in bulk and never waits on them.
 * Partitioned by UTC day on `at` (migration 0049, which drizzle cannot express): `analytics_events_pYYYYMMDD` made
 * ahead and dropped after 30 days by the task `analytics.partitions`, and `analytics_events_default` for a time no day
 * partition covers. The key includes `at`, as a partitioned table's must.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    eventType: text('event_type', { enum: ANALYTICS_EVENTS }).notNull(),
    distributionId: integer('distribution_id'),
    entryId: integer('entry_id'),
    place: text('place'),
    userId: integer('user_id'),
    reader: text('reader').notNull(),
    path: text('path').notNull().default(''),
    /** The page data of spec/content.md §3 and the action stack, as sent. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('analytics_events_at').on(t.at),
    index('analytics_events_unit').on(t.distributionId, t.at),
    index('analytics_events_entry').on(t.entryId, t.at),
  ],
);

/**
 * The roll-up: events per Moscow day of a unit (`unit`, a distribution's id) or an entry (`entry`), and an entry's
 * measures (ANALYTICS_MEASURES: new readers, read seconds, Shows by source).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ANALYTICS_KINDS }).notNull(),
    targetId: integer('target_id').notNull(),
    eventType: text('event_type', { enum: ANALYTICS_MEASURES }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.targetId, t.day, t.eventType] })],
);

/**
 * Top-ups of a company's promotion balance (the cabinet's audit): who moved how many kopecks, from their balance or
 * by card (`order_id`, once per order: a repeated notification adds no second row); a refunded card top-up adds a
 * negative row for what it took back.
 */
export const promotionTopups = pgTable(
  'promotion_topups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    source: text('source', { enum: PROMOTION_SOURCES }).notNull(),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('promotion_topups_subsite').on(t.subsiteId, t.id),
    uniqueIndex('promotion_topups_order').on(t.orderId, t.source),
  ],
);
