import { pgTable, integer, text, timestamp, boolean, jsonb, uniqueIndex, primaryKey, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns.ts';

/**
 * Every blog and community is a subsite. A user's personal blog shares the user's id,
 * so `/u/{id}-{slug}` and the user object speak of one number.
 */
export const subsites = pgTable(
  'subsites',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type', { enum: ['user', 'community', 'company'] }).notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    avatarColor: text('avatar_color').notNull().default('#6b7cff'),
    avatarUrl: text('avatar_url'),
    coverUrl: text('cover_url'),
    /**
     * Communities only: its entries reach its members alone (subscribers and the team; site staff see all); others
     * see a stub and ask to join (`subsite_join_requests`), which its managers approve or refuse.
     */
    isPrivate: boolean('is_private').notNull().default(false),
    /** A private community lets Plus readers join at once; everyone else asks. */
    plusJoin: boolean('plus_join').notNull().default(false),
    /**
     * Communities: who may publish in it (entries policy `canPostTo`): everyone signed in, members (subscribers and
     * the team) or authors (the team: owner, admin, moderator, editor, author).
     */
    posting: text('posting', { enum: ['everyone', 'members', 'authors'] })
      .notNull()
      .default('everyone'),
    /** Communities: entries of people outside its managers wait in its approval queue (`entry_reviews` 'approval'). */
    isModerated: boolean('is_moderated').notNull().default(false),
    /** Sum of the votes on the owner's entries and comments (user blogs); shown as the author's rating. */
    rating: integer('rating').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subsites_community_slug')
      .on(t.slug)
      .where(sql`type <> 'user'`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer('id')
      .primaryKey()
      .references(() => subsites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'moderator', 'admin', 'superuser'] })
      .notNull()
      .default('user'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidUntil: timestamp('paid_until', { withTimezone: true, mode: 'date' }),
    bannedUntil: timestamp('banned_until', { withTimezone: true, mode: 'date' }),
    /**
     * Counts the user's writes through the API. What a node keeps of a reader for long (their feed filters and
     * marks) is valid for one value: every node reads it with the session, so a change made through another node
     * shows as soon as that node's copy of the session is read again.
     */
    writeSeq: integer('write_seq').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email').on(sql`lower(${t.email})`)],
);

/**
 * Who runs a subsite: owner of a blog; a community's owner and admins (manage it), moderators (review its approval
 * queue), editors and authors (write in it).
 */
export const subsiteRoles = pgTable(
  'subsite_roles',
  {
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'moderator', 'editor', 'author'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subsiteId, t.userId] }), index('subsite_roles_user').on(t.userId)],
);

/**
 * A person's preferences, one row per module that keeps some (`users/settings.ts` gives each a typed store): the
 * feed's sorting, the 18+ choices, notification channels, the messenger's rules. Each module reads and changes only
 * its own row, so two modules never merge into one bag.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.userId, t.module] })],
);
