import {
  pgTable, integer, text, timestamp, boolean, jsonb, primaryKey, index, uniqueIndex, smallint, doublePrecision, bigint,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Every blog and community is a subsite. A user's personal blog shares the user's id,
 * so `/u/{id}-{slug}` and the user object speak of one number.
 */
export const subsites = pgTable('subsites', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  type: text('type', { enum: ['user', 'community', 'company'] }).notNull(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  avatarColor: text('avatar_color').notNull().default('#6b7cff'),
  avatarUrl: text('avatar_url'),
  coverUrl: text('cover_url'),
  isPrivate: boolean('is_private').notNull().default(false),
  /** Communities: anyone signed in may post (true) or only its admins, editors and authors (false). */
  isOpenForPosting: boolean('is_open_for_posting').notNull().default(true),
  /** Sum of the votes on the owner's entries and comments (user blogs); shown as the author's rating. */
  rating: integer('rating').notNull().default(0),
  subscribersCount: integer('subscribers_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('subsites_community_slug').on(t.slug).where(sql`type <> 'user'`),
]);

export const users = pgTable('users', {
  id: integer('id').primaryKey().references(() => subsites.id),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'moderator', 'admin', 'superuser'] }).notNull().default('user'),
  isPaid: boolean('is_paid').notNull().default(false),
  paidUntil: timestamp('paid_until', { withTimezone: true, mode: 'date' }),
  bannedUntil: timestamp('banned_until', { withTimezone: true, mode: 'date' }),
  /** Per-user preferences: default feed sorting and the like (see shared/settings). */
  settings: jsonb('settings').notNull().default({}),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email').on(sql`lower(${t.email})`)]);

/** Sessions are stored by the SHA-256 of the cookie token, so a leaked table grants nothing. */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [index('sessions_user').on(t.userId)]);

export const recoveryTokens = pgTable('recovery_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('recovery_tokens_user').on(t.userId)]);

/** Who runs a subsite: owner of a blog, admins and editors of a community. */
export const subsiteRoles = pgTable('subsite_roles', {
  subsiteId: integer('subsite_id').notNull().references(() => subsites.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['owner', 'admin', 'editor', 'author'] }).notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.subsiteId, t.userId] }), index('subsite_roles_user').on(t.userId)]);

/** Membership from the reader's side: subscribed, with or without notifications. */
export const subscriptions = pgTable('subscriptions', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  subsiteId: integer('subsite_id').notNull().references(() => subsites.id, { onDelete: 'cascade' }),
  notify: boolean('notify').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.subsiteId] }), index('subscriptions_subsite').on(t.subsiteId)]);

/** Muting a subsite hides it from the reader's feeds; muting a user's blog id ignores that author everywhere. */
export const mutes = pgTable('subsite_mutes', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  subsiteId: integer('subsite_id').notNull().references(() => subsites.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.subsiteId] })]);

export const entries = pgTable('entries', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  subsiteId: integer('subsite_id').notNull().references(() => subsites.id),
  authorId: integer('author_id').notNull().references(() => users.id),
  title: text('title').notNull().default(''),
  slug: text('slug').notNull().default(''),
  blocks: jsonb('blocks').notNull().default([]),
  isPublished: boolean('is_published').notNull().default(false),
  isEnabledComments: boolean('is_enabled_comments').notNull().default(true),
  isEnabledLikes: boolean('is_enabled_likes').notNull().default(true),
  isNsfw: boolean('is_nsfw').notNull().default(false),
  isApprovedForPublicRss: boolean('is_approved_for_public_rss').notNull().default(true),
  /** Staff or the role allow: kept off the main (all) feeds, still in its subsite. */
  isHiddenFromMain: boolean('is_hidden_from_main').notNull().default(false),
  removed: boolean('removed').notNull().default(false),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  likesCount: integer('likes_count').notNull().default(0),
  likesSumm: integer('likes_summ').notNull().default(0),
  commentsCount: integer('comments_count').notNull().default(0),
  favoritesCount: integer('favorites_count').notNull().default(0),
  hitsCount: integer('hits_count').notNull().default(0),
  /** Stored ranking score; see docs/ARCHITECTURE.md, Ranking. */
  hotness: doublePrecision('hotness').notNull().default(0),
}, (t) => [
  index('entries_published').on(t.publishedAt, t.id).where(sql`is_published and not removed`),
  index('entries_hotness').on(t.hotness, t.id).where(sql`is_published and not removed`),
  index('entries_subsite_published').on(t.subsiteId, t.publishedAt, t.id).where(sql`is_published and not removed`),
  index('entries_subsite_hotness').on(t.subsiteId, t.hotness, t.id).where(sql`is_published and not removed`),
  index('entries_top').on(t.likesSumm, t.id).where(sql`is_published and not removed`),
  index('entries_author').on(t.authorId),
]);

export const comments = pgTable('comments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  entryId: integer('entry_id').notNull().references(() => entries.id, { onDelete: 'cascade' }),
  authorId: integer('author_id').notNull().references(() => users.id),
  replyTo: integer('reply_to'),
  text: text('text').notNull(),
  removed: boolean('removed').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  likesCount: integer('likes_count').notNull().default(0),
  likesSumm: integer('likes_summ').notNull().default(0),
}, (t) => [index('comments_entry').on(t.entryId, t.id), index('comments_author').on(t.authorId), index('comments_reply_to').on(t.replyTo)]);

/** One vote per user and target; counters on the target are folded from here. */
export const likes = pgTable('likes', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  targetType: text('target_type', { enum: ['content', 'comment'] }).notNull(),
  targetId: integer('target_id').notNull(),
  sign: smallint('sign').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.userId] }), index('likes_user').on(t.userId)]);

/** Mail that was sent (SMTP) or kept (no SMTP configured); staff read it at /admin/outbox. */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull().default(''),
  status: text('status', { enum: ['kept', 'sent', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
});

/** Key-value facts about this installation (seeded at, VAPID keys later). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Bookmarks of entries and comments. */
export const favorites = pgTable('favorites', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  targetType: text('target_type', { enum: ['content', 'comment'] }).notNull(),
  targetId: integer('target_id').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.targetType, t.targetId] }), index('favorites_user_created').on(t.userId, t.targetType, t.createdAt)]);

/** Entries a reader hid from their feeds (the entry stub's 'hide'). */
export const entryHides = pgTable('entry_hides', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  entryId: integer('entry_id').notNull().references(() => entries.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.entryId] })]);

/**
 * One view per reader per entry per day: the mark dedupes, the counter on entries is folded from
 * buffered marks in batches. Old days are deleted by the fold job.
 */
export const hitMarks = pgTable('hit_marks', {
  entryId: integer('entry_id').notNull().references(() => entries.id, { onDelete: 'cascade' }),
  visitor: text('visitor').notNull(),
  day: integer('day').notNull(),
}, (t) => [primaryKey({ columns: [t.entryId, t.visitor, t.day] }), index('hit_marks_day').on(t.day)]);

/** How many comments of an entry the reader has seen, for 'new since your last visit' (kept 30 days). */
export const commentsSeen = pgTable('comments_seen', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  entryId: integer('entry_id').notNull().references(() => entries.id, { onDelete: 'cascade' }),
  count: integer('count').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.entryId] }), index('comments_seen_updated').on(t.updatedAt)]);
