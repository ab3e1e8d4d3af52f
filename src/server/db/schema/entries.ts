import { pgTable, integer, text, timestamp, boolean, jsonb, index, doublePrecision } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Block, CoverImage } from '../../../shared/blocks.ts';
import { createdAt } from './columns.ts';
import { subsites, users } from './users.ts';

export const entries = pgTable(
  'entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull().default(''),
    slug: text('slug').notNull().default(''),
    blocks: jsonb('blocks').$type<Block[]>().notNull().default([]),
    isPublished: boolean('is_published').notNull().default(false),
    isEnabledComments: boolean('is_enabled_comments').notNull().default(true),
    isEnabledLikes: boolean('is_enabled_likes').notNull().default(true),
    isNsfw: boolean('is_nsfw').notNull().default(false),
    isApprovedForPublicRss: boolean('is_approved_for_public_rss').notNull().default(true),
    /** Staff or the role allow: kept off the main (all) feeds, still in its subsite. */
    isHiddenFromMain: boolean('is_hidden_from_main').notNull().default(false),
    /** Staff hid it from the feeds of Plus readers (partner material: Plus reads without ads). */
    isHiddenForPlus: boolean('is_hidden_for_plus').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    likesCount: integer('likes_count').notNull().default(0),
    likesSumm: integer('likes_summ').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    favoritesCount: integer('favorites_count').notNull().default(0),
    hitsCount: integer('hits_count').notNull().default(0),
    /** Reposts of the entry into blogs and communities (modules/reposts keeps it with its rows). */
    repostsCount: integer('reposts_count').notNull().default(0),
    /** Stored ranking score; see docs/modules/feed.md, Ranking. */
    hotness: doublePrecision('hotness').notNull().default(0),
    // The entry model's remaining fields (spec/content.md §3; docs/modules/entries.md, The entry's fields).
    /** Author's: paid material, marked «Реклама» on its card and page. */
    isAdvertisement: boolean('is_advertisement').notNull().default(false),
    /** Author's: the «обновляется» mark, the text is still being added to. */
    isStillUpdating: boolean('is_still_updating').notNull().default(false),
    /** Author's: the best comments are shown above the discussion. */
    isEnabledBestComments: boolean('is_enabled_best_comments').notNull().default(true),
    /** Author's: the thanks (donation) block under the entry. */
    isShowThanks: boolean('is_show_thanks').notNull().default(true),
    /** Author's: the card shows the cover alone, without the intro. */
    isCleanCover: boolean('is_clean_cover').notNull().default(false),
    /** Author's: an image of our media for the card instead of the first media block. */
    customCover: jsonb('custom_cover').$type<CoverImage>(),
    /** Author's: the secret link (`access_token`) shows the draft to whoever has it. */
    externalAccess: boolean('external_access').notNull().default(false),
    accessToken: text('access_token')
      .notNull()
      .default(sql`md5(random()::text || clock_timestamp()::text)`),
    /** Staff's: the regions (ISO 3166 codes) where it is withheld with the legal wording. */
    withheld: jsonb('withheld').$type<string[]>().notNull().default([]),
    /** Staff's: held at the top of the main feed until then (`is_holdonmain` while it lasts). */
    holdOnMainUntil: timestamp('hold_on_main_until', { withTimezone: true, mode: 'date' }),
    /** Staff's: held at the top of the flash block (the right column's «Популярное») until then (`is_holdonflash`). */
    holdOnFlashUntil: timestamp('hold_on_flash_until', { withTimezone: true, mode: 'date' }),
    /** Staff's marks, kept and answered: editorial, special project, filled by editors. */
    isEditorial: boolean('is_editorial').notNull().default(false),
    isSpecial: boolean('is_special').notNull().default(false),
    isFilledByEditors: boolean('is_filled_by_editors').notNull().default(false),
    /** Staff's: the site's ad units may show on its page. */
    isEnabledAd: boolean('is_enabled_ad').notNull().default(true),
    /** Staff's: not offered to the apps. */
    isDisabledApps: boolean('is_disabled_apps').notNull().default(false),
    /** Staff's: a special project's style class names for its page. */
    customStyle: text('custom_style').notNull().default(''),
  },
  (t) => [
    index('entries_published')
      .on(t.publishedAt, t.id)
      .where(sql`is_published and not removed`),
    index('entries_hotness')
      .on(t.hotness, t.id)
      .where(sql`is_published and not removed`),
    index('entries_subsite_published')
      .on(t.subsiteId, t.publishedAt, t.id)
      .where(sql`is_published and not removed`),
    index('entries_subsite_hotness')
      .on(t.subsiteId, t.hotness, t.id)
      .where(sql`is_published and not removed`),
    index('entries_top')
      .on(t.likesSumm, t.id)
      .where(sql`is_published and not removed`),
    index('entries_author').on(t.authorId),
  ],
);

/**
 * Every save that leaves an entry published keeps the state it produced (an entry published before versions were
 * kept first gets its prior state recorded); the history screen lists and applies them (modules/history).
 */
export const entryVersions = pgTable(
  'entry_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    /** Who made the save that this version records. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    blocks: jsonb('blocks').$type<Block[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('entry_versions_entry').on(t.entryId, t.id)],
);
