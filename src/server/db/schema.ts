import {
  pgTable,
  integer,
  text,
  timestamp,
  boolean,
  jsonb,
  primaryKey,
  index,
  uniqueIndex,
  smallint,
  doublePrecision,
  bigint,
  customType,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    isPrivate: boolean('is_private').notNull().default(false),
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
    /** Per-user preferences: default feed sorting and the like (see shared/settings). */
    settings: jsonb('settings').notNull().default({}),
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

/** Sessions are stored by the SHA-256 of the cookie token, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** How this session signed in: email, qr, magic, passkey or a provider's name (issue 15). */
    loginMethod: text('login_method').notNull().default('email'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const recoveryTokens = pgTable(
  'recovery_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('recovery_tokens_user').on(t.userId)],
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

/** Membership from the reader's side: subscribed, with or without notifications. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    notify: boolean('notify').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subsiteId] }), index('subscriptions_subsite').on(t.subsiteId)],
);

/** Muting a subsite hides it from the reader's feeds; muting a user's blog id ignores that author everywhere. */
export const mutes = pgTable(
  'subsite_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subsiteId] })],
);

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
    blocks: jsonb('blocks').notNull().default([]),
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
    /** Stored ranking score; see docs/ARCHITECTURE.md, Ranking. */
    hotness: doublePrecision('hotness').notNull().default(0),
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

/** A PostgreSQL text-search vector (written by the database only, never by Drizzle). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search copy of each published, not removed entry: what matching, ranking, highlighting, date order and the
 * period and subsite filters need, and nothing else, so the heap rows the GIN index's matches point to are narrow
 * (the vector and the text stored out of line) and stay in memory, where the entries heap (~1 GB at 1M entries)
 * does not. Written by a trigger on `entries` in the writing statement's transaction (custom migration
 * `entry_search_custom`); see docs/ARCHITECTURE.md, Search.
 */
export const entrySearch = pgTable(
  'entry_search',
  {
    id: integer('id')
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    subsiteId: integer('subsite_id').notNull(),
    authorId: integer('author_id').notNull(),
    /** The readable text of the blocks (`search_entry_text`), for the highlighted fragments. */
    body: text('body').notNull(),
    /** Title weight A, the readable text B. */
    vector: tsvector('vector').notNull(),
    /**
     * The title's part of the vector, kept in the heap row (STORAGE MAIN, custom migration
     * `entry_search_windows`): relevance ranks the candidates by it without reading their vectors from TOAST.
     */
    titleVector: tsvector('title_vector').generatedAlwaysAs(sql`ts_filter(vector, '{a}')`),
    /**
     * The publication week (weeks since 2000-01-01 UTC) as a one-word vector, the GIN index's second column: a
     * search takes its newest matches from the last weeks first (queries.ts, `newestMatches`), the index leaving
     * the other weeks' matches out, instead of fetching every match from the heap.
     */
    week: tsvector('week').generatedAlwaysAs(
      sql`to_tsvector('simple', floor(extract(epoch from (published_at - timestamptz '2000-01-01 00:00:00+00')) / 604800)::int::text)`,
    ),
  },
  // The GIN index on (vector, week) is made by the migration `entry_search_windows`.
  (t) => [index('entry_search_published').on(t.publishedAt, t.id)],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    replyTo: integer('reply_to'),
    text: text('text').notNull(),
    removed: boolean('removed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
    likesCount: integer('likes_count').notNull().default(0),
    likesSumm: integer('likes_summ').notNull().default(0),
  },
  (t) => [
    index('comments_entry').on(t.entryId, t.id),
    index('comments_author').on(t.authorId),
    index('comments_reply_to').on(t.replyTo),
  ],
);

/** One vote per user and target; counters on the target are folded from here. */
export const likes = pgTable(
  'likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['content', 'comment'] }).notNull(),
    targetId: integer('target_id').notNull(),
    sign: smallint('sign').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.userId] }), index('likes_user').on(t.userId)],
);

/**
 * Every letter: queued by its business transaction, then sent (SMTP) or kept (no SMTP configured) by the `mail.letter`
 * job; staff read it at /admin/outbox. `secrets` are the sign-in links in it: masked in `text` once it is sent, and
 * shown to nobody but the superuser before.
 */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull().default(''),
  status: text('status', { enum: ['queued', 'kept', 'sent', 'failed'] }).notNull(),
  error: text('error'),
  /** Extra headers sent over SMTP (List-Unsubscribe). */
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  secrets: text('secrets').array().notNull().default([]),
  createdAt: createdAt(),
});

/** Key-value facts about this installation (seeded at, VAPID keys later). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Bookmarks of entries and comments. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['content', 'comment'] }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetType, t.targetId] }),
    index('favorites_user_created').on(t.userId, t.targetType, t.createdAt),
  ],
);

/** Entries a reader hid from their feeds (the entry stub's 'hide'). */
export const entryHides = pgTable(
  'entry_hides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] })],
);

/**
 * One view per reader per entry per day: the mark dedupes, the counter on entries is folded from
 * buffered marks in batches. Old days are deleted by the fold job.
 */
export const hitMarks = pgTable(
  'hit_marks',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: integer('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.visitor, t.day] }), index('hit_marks_day').on(t.day)],
);

/** How many comments of an entry the reader has seen, for 'new since your last visit' (kept 30 days). */
export const commentsSeen = pgTable(
  'comments_seen',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] }), index('comments_seen_updated').on(t.updatedAt)],
);

// ——— Writing and media (issue 4) ———

/**
 * Uploaded media. The uuid is derived from the content (SHA-256), so the same file uploaded twice is one row and
 * one stored object. The original lives in media storage under the uuid; derivatives are stored beside it.
 */
export const media = pgTable('media', {
  uuid: text('uuid').primaryKey(),
  /** jpg, png, gif, webp, mp4, and audio: mp3, m4a, ogg */
  type: text('type').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull().default(0),
  height: integer('height').notNull().default(0),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** Dominant colour as six hex digits, without '#'. */
  color: text('color').notNull().default(''),
  /** Length of an audio file in whole seconds; 0 for pictures and video. */
  duration: integer('duration').notNull().default(0),
  /** Where an image came from when uploaded by URL; external_service of the image entity. */
  externalService: jsonb('external_service').notNull().default([]),
  uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Link extraction results cached by URL (andropov/extract). */
export const linkPreviews = pgTable(
  'link_previews',
  {
    url: text('url').primaryKey(),
    data: jsonb('data').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('link_previews_fetched_at').on(t.fetchedAt)],
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
    blocks: jsonb('blocks').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('entry_versions_entry').on(t.entryId, t.id)],
);

// ——— Realtime and notifications (issue 5) ———

/**
 * A notification to one user. Votes on one target and the like are grouped: one unread row per
 * (user, group_key) collects its actors ('Иван и ещё 5 оценили вашу запись'); reading it closes the group.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** reply, comment, mention, vote_entry, vote_comment, subscriber, unpublished, ban, system */
    type: text('type').notNull(),
    groupKey: text('group_key'),
    /** Latest actor first; capped, `actors_count` keeps the total. */
    actorIds: jsonb('actor_ids').notNull().default([]),
    actorsCount: integer('actors_count').notNull().default(0),
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user').on(t.userId, t.updatedAt),
    uniqueIndex('notifications_open_group')
      .on(t.userId, t.groupKey)
      .where(sql`not is_read and group_key is not null`),
  ],
);

/** Web push subscriptions (RFC 8030/8291): one row per browser endpoint. */
export const pushEndpoints = pgTable(
  'push_endpoints',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('push_endpoints_user').on(t.userId)],
);

/** Daily digest and notification mail opt-ins; `token` makes the unsubscribe link work without signing in. */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    email: text('email').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    digest: boolean('digest').notNull().default(true),
    token: text('token').notNull(),
    createdAt: createdAt(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /** Null until the address's owner follows the confirmation letter; the digest goes to confirmed addresses only. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('email_subscriptions_token').on(t.token)],
);

/**
 * The job queue: rows claimed with FOR UPDATE SKIP LOCKED, so any number of nodes share it on PostgreSQL and the
 * embedded database alike. Failed jobs retry with backoff until `max_attempts`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** Jobs with the same key are not queued twice while one waits (optional). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    status: text('status', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due')
      .on(t.runAt, t.id)
      .where(sql`status = 'queued'`),
    uniqueIndex('jobs_dedupe')
      .on(t.dedupeKey)
      .where(sql`status = 'queued' and dedupe_key is not null`),
    /** `once` keys look for any row with the key, whatever its status (the digest, the schedule's period slots). */
    index('jobs_key')
      .on(t.dedupeKey)
      .where(sql`dedupe_key is not null`),
  ],
);

// ——— Messenger (issue 13) ———

/**
 * A chat: `direct` (two people; `direct_key` 'small:big' keeps one per pair), `group` (title, picture, owner and
 * admins, up to 200 members) or `channel` (a subsite's own channel: its managers post, its subscribers read).
 */
export const chats = pgTable(
  'chats',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type', { enum: ['direct', 'group', 'channel'] }).notNull(),
    title: text('title').notNull().default(''),
    /** A media uuid (the existing upload) or null. */
    picture: text('picture'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    directKey: text('direct_key'),
    subsiteId: integer('subsite_id').references(() => subsites.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id'),
    createdAt: createdAt(),
    /** The last message's time (or the creation): the chat list's order. */
    activeAt: timestamp('active_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_direct_key')
      .on(t.directKey)
      .where(sql`direct_key is not null`),
    uniqueIndex('chats_subsite')
      .on(t.subsiteId)
      .where(sql`subsite_id is not null`),
  ],
);

/**
 * A person in a chat. Removed or left members keep their row with `left_at` (they see nothing new and are told
 * 'You are not a member anymore'). A channel's readers get a row when they first read it (their read mark, mute).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member', 'reader'] })
      .notNull()
      .default('member'),
    lastReadId: integer('last_read_id').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }),
    /** The newest message a push or letter was sent about (no second one for the same unread run). */
    notifiedId: integer('notified_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user').on(t.userId)],
);

/** A message. A removed one keeps its row as a stub (text and attachments emptied). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    /** Media items of the upload (images and files) as the upload answered them. */
    attachments: jsonb('attachments').notNull().default([]),
    /** The first link's preview (extract), or null. */
    preview: jsonb('preview'),
    replyTo: integer('reply_to'),
    /** The sender's own id of a send: a retried send with the same one stores nothing new. */
    clientId: text('client_id'),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    removed: boolean('removed').notNull().default(false),
  },
  (t) => [
    index('chat_messages_chat').on(t.chatId, t.id),
    uniqueIndex('chat_messages_client')
      .on(t.chatId, t.authorId, t.clientId)
      .where(sql`client_id is not null`),
  ],
);

/** One reaction per person per message. */
export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/** A complaint about a message: the only way staff read a chat (the message and a few around it). */
export const chatComplaints = pgTable(
  'chat_complaints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('chat_complaints_once').on(t.messageId, t.reporterId),
    index('chat_complaints_open')
      .on(t.createdAt)
      .where(sql`resolved_at is null`),
  ],
);
// ── Accounts: API tokens, name changes, account lifecycle ─────────────────────────────────────────────────────

/**
 * API tokens (`X-Device-Token`): stored as the SHA-256 of the token, like sessions; `prefix` is the first characters,
 * shown in settings so a person can tell their tokens apart. Scope `read` may only read, `write` may also write.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash').on(t.tokenHash), index('api_tokens_user').on(t.userId)],
);

/** Every change of a person's name: the once-a-month rule reads the last one. */
export const nameChanges = pgTable(
  'name_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldName: text('old_name').notNull(),
    newName: text('new_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('name_changes_user').on(t.userId, t.createdAt)],
);

/** An email change waits for the link sent to the new address (stored hashed, one day, single use). */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user').on(t.userId)],
);

/**
 * A requested account deletion: after `runAt` (14 days) a job anonymises the account and anonymises or removes its
 * entries and comments as chosen; signing in and cancelling before then keeps everything.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['anonymize', 'remove'] }).notNull(),
  requestedAt: createdAt(),
  runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
});

/** Data exports made by a job: a .tar.gz of everything the person wrote, kept seven days. */
export const accountExports = pgTable(
  'account_exports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    /** The archive as base64 (text works the same on both drivers); null until ready. */
    archive: text('archive'),
    size: integer('size').notNull().default(0),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('account_exports_user').on(t.userId)],
);

/** Community rules shown on its page and in its settings (owners and managers edit them). */
export const subsiteRules = pgTable('subsite_rules', {
  subsiteId: integer('subsite_id')
    .primaryKey()
    .references(() => subsites.id, { onDelete: 'cascade' }),
  rules: text('rules').notNull().default(''),
  updatedAt: createdAt(),
});

// ── Sign-in: QR codes, magic links, social identities, passkeys ──────────────────────────────────────────────

/**
 * One-time sign-in secrets, stored as SHA-256 of the secret: a QR code (`qr`, two minutes; `browserKeyHash` is the
 * waiting browser's own key, `userId` the phone's user once confirmed), a mailed link (`magic`, 15 minutes), an
 * OAuth state (`oauth`, ten minutes; `data` holds the provider, PKCE verifier, nonce and the linking user) and a
 * WebAuthn challenge (`passkey`, five minutes). `usedAt` makes each work once.
 */
export const signinCodes = pgTable(
  'signin_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['qr', 'magic', 'oauth', 'passkey'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    browserKeyHash: text('browser_key_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('signin_codes_token').on(t.tokenHash), index('signin_codes_expires').on(t.expiresAt)],
);

/** An account at VK ID, Yandex ID, Google, Apple, Telegram or the configured OpenID provider, linked to a user. */
export const signinIdentities = pgTable(
  'signin_identities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('signin_identities_subject').on(t.provider, t.subject),
    index('signin_identities_user').on(t.userId),
  ],
);

/** WebAuthn credentials (passkeys): the public key and the signature counter, by credential id. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('passkeys_credential').on(t.credentialId), index('passkeys_user').on(t.userId)],
);
// ---- Moderation: bans and the staff audit log ----

/**
 * Every ban, kept after it ends (the bans history). A site-wide ban (`subsite_id` null) also sets `users.banned_until`;
 * a subsite ban keeps the person out of one community. `until` null means for good. With `remove_all_data` the ids of
 * the entries and comments it took down are kept here until `restorable_until`, so an unban brings them back.
 */
export const bans = pgTable(
  'bans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id').references(() => subsites.id, { onDelete: 'cascade' }),
    byId: integer('by_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull().default(''),
    days: integer('days'),
    until: timestamp('until', { withTimezone: true, mode: 'date' }),
    removeAllData: boolean('remove_all_data').notNull().default(false),
    removedEntryIds: jsonb('removed_entry_ids').notNull().default([]),
    removedCommentIds: jsonb('removed_comment_ids').notNull().default([]),
    restorableUntil: timestamp('restorable_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** Set when the ban stops holding: lifted by staff (`lifted_by`) or expired by itself (the expiry job). */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    liftedBy: integer('lifted_by').references(() => users.id),
  },
  (t) => [
    index('bans_user').on(t.userId, t.id),
    index('bans_active')
      .on(t.until)
      .where(sql`ended_at is null`),
  ],
);

/** What staff did: written by the service of each staff action in its own transaction; never updated or deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_target').on(t.targetType, t.targetId, t.id)],
);

/**
 * Moderation: an entry staff unpublished (`locked_by_admin`). Its author may edit it as a draft but not publish it
 * again until staff release it (the row goes away).
 */
export const entryLocks = pgTable('entry_locks', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  byId: integer('by_id')
    .notNull()
    .references(() => users.id),
  reason: text('reason').notNull().default(''),
  reasonId: integer('reason_id'),
  createdAt: createdAt(),
});

// ── Discovery: hashtags, company blogs (issue 14) ──────────────────────────────────────────────────────────────

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

/** What a company blog (a subsite of type `company`) tells about the company on `/companies`. */
export const companyDetails = pgTable('company_details', {
  subsiteId: integer('subsite_id')
    .primaryKey()
    .references(() => subsites.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull().default(''),
  industry: text('industry').notNull().default(''),
  city: text('city').notNull().default(''),
  website: text('website').notNull().default(''),
  employees: integer('employees'),
  foundedYear: integer('founded_year'),
});

/** Distinct readers per UTC day (`hit_marks` keep three days; the cluster task `stats.readers` folds them here). */
export const dailyReaders = pgTable('daily_readers', {
  day: integer('day').primaryKey(),
  readers: integer('readers').notNull().default(0),
});

/** Moderation: the one pinned comment of an entry, shown first in its discussion (`/admin/comments/pin`). */
export const commentPins = pgTable('comment_pins', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  commentId: integer('comment_id')
    .notNull()
    .unique()
    .references(() => comments.id, { onDelete: 'cascade' }),
  byId: integer('by_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

// ——— Payments (issue 12) ———

/**
 * A purchase: Plus for the buyer or, with `recipient_id`, a gift to another reader (`kind` names what is bought, so
 * billing's top-ups, donations and invoices share the table). `idempotency_key` (the client's order number for a
 * card payment) makes a repeated create find the same order. Money is in kopecks.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('plus'),
    stuffId: integer('stuff_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    email: text('email').notNull().default(''),
    status: text('status', { enum: ['new', 'pending', 'paid', 'declined', 'refunded'] })
      .notNull()
      .default('new'),
    provider: text('provider').notNull().default('test'),
    idempotencyKey: text('idempotency_key').unique(),
    reason: text('reason'),
    meta: jsonb('meta').notNull().default({}),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('payment_orders_user').on(t.userId, t.id)],
);

/**
 * One attempt to take money from a card (the first payment, a 3-D Secure step, a recurring charge). The provider's
 * transaction id is unique per provider, so a repeated callback or notification finds the stored charge.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id'),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['3ds', 'succeeded', 'declined', 'refunded'] }).notNull(),
    reason: text('reason'),
    cardLast4: text('card_last4'),
    cardType: text('card_type'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_charges_transaction').on(t.provider, t.transactionId),
    index('payment_charges_order').on(t.orderId),
  ],
);

/**
 * Every money movement, one signed row in kopecks: a reader's balance is the sum of their rows. A card payment is
 * `charge` (+) then `order` (−); a refund returns the order (+) and pays the card back (−). `idempotency_key` is
 * unique: posting the same movement twice stores it once.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Null: the site's own account (editorial donations). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['order', 'charge', 'refund', 'gift', 'topup', 'donation', 'promo'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    chargeId: integer('charge_id').references(() => paymentCharges.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_user').on(t.userId, t.id)],
);

/**
 * Tariff 18: the monthly recurring Plus. The provider keeps the card (`token`); we charge it every 30 days from
 * `date_next_transaction`; `failures` counts the declined retries (days 1, 3 and 5), then the subscription ends.
 */
export const paymentSubscriptions = pgTable(
  'payment_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    price: bigint('price', { mode: 'number' }).notNull(),
    email: text('email').notNull().default(''),
    status: text('status', { enum: ['active', 'cancelled', 'failed'] })
      .notNull()
      .default('active'),
    failures: integer('failures').notNull().default(0),
    cancelReason: text('cancel_reason'),
    dateNextTransaction: timestamp('date_next_transaction', { withTimezone: true, mode: 'date' }).notNull(),
    /** After a decline: when the next try runs (the due date plus 1, 3 or 5 days). */
    retryAt: timestamp('retry_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_subscriptions_active')
      .on(t.userId)
      .where(sql`status = 'active'`),
    index('payment_subscriptions_due')
      .on(sql`coalesce(retry_at, date_next_transaction)`)
      .where(sql`status = 'active'`),
  ],
);

/**
 * Moderation: an entry pinned to the top of a feed (`/admin/content/pin`): `feed_id` is the subsite, 0 the main
 * feed (so no foreign key on it). One pin per feed.
 */
export const feedPins = pgTable('feed_pins', {
  feedId: integer('feed_id').primaryKey(),
  entryId: integer('entry_id')
    .notNull()
    .references(() => entries.id, { onDelete: 'cascade' }),
  byId: integer('by_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/** Moderation: who closed an entry's editing (`is_closed_editing`); only that person sees the marker. */
export const entryEditingClosed = pgTable('entry_editing_closed', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  byId: integer('by_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/**
 * Moderation: an entry waiting for staff (`reason` 'spam': a new account's entry with links) or for a moderated
 * community's managers (`reason` 'approval'). It stays unpublished until approved; rejecting leaves it a draft.
 */
export const entryReviews = pgTable(
  'entry_reviews',
  {
    entryId: integer('entry_id')
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    subsiteId: integer('subsite_id')
      .notNull()
      .references(() => subsites.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('entry_reviews_queue').on(t.reason, t.subsiteId, t.createdAt)],
);

/**
 * A moderated community's reviewers rejected the entry with this reason: its author sees it on the entry and in the
 * drafts list while it stays a draft. Sending it to be published again (anywhere) clears it.
 */
export const entryRejections = pgTable('entry_rejections', {
  entryId: integer('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  subsiteId: integer('subsite_id')
    .notNull()
    .references(() => subsites.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * Complaints (`/contents/complain`, `/comments/complain`, `/subsite/complain`): one per reader per target. Open until
 * staff resolve them (accepted or rejected) in the queue.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('complaints_once').on(t.userId, t.targetType, t.targetId),
    index('complaints_open')
      .on(t.id)
      .where(sql`resolved_at is null`),
  ],
);

/** Misprint reports (Ctrl+Enter on a selection): the entry's author and staff see them and mark them fixed. */
export const misprints = pgTable(
  'misprints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fragment: text('fragment').notNull(),
    context: text('context').notNull().default(''),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    fixedAt: timestamp('fixed_at', { withTimezone: true, mode: 'date' }),
    fixedBy: integer('fixed_by').references(() => users.id),
  },
  (t) => [index('misprints_entry').on(t.entryId, t.id)],
);

/** Billing (issue 12): a company's invoice for Plus; staff mark it paid, which grants the Plus it was for. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stuffId: integer('stuff_id').notNull(),
    /** Kopecks. */
    amount: integer('amount').notNull(),
    inn: text('inn').notNull(),
    kpp: text('kpp').notNull().default(''),
    companyName: text('company_name').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['issued', 'paid'] })
      .notNull()
      .default('issued'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paidById: integer('paid_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_user').on(t.userId, t.id), index('invoices_inn').on(t.inn)],
);

/** Billing: staff-made promo codes, days of Plus or a discount on the next purchase, with a use limit and expiry. */
export const promoCodes = pgTable('promo_codes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  days: integer('days').notNull().default(0),
  /** Percent off a purchase (0 for a days code). */
  discount: integer('discount').notNull().default(0),
  maxUses: integer('max_uses').notNull().default(1),
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  createdById: integer('created_by_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/** One use of a promo code per account; a discount code waits here (`orderId` null) until a purchase takes it. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** The card order that spent a discount code. */
    orderId: integer('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] })],
);

/** Billing: a reader's donation to the author of an entry (kopecks); `paid` once the card charge went through. */
export const donations = pgTable(
  'donations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Both null: an editorial donation to the site itself. */
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The card order that paid it (null: paid from the balance); unique, so a repeated callback stores one. */
    orderId: integer('order_id')
      .unique()
      .references(() => paymentOrders.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('donations_author').on(t.authorId, t.id)],
);

/** Billing: an author's request to pay out collected donations; staff mark it paid. */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['requested', 'paid'] })
      .notNull()
      .default('requested'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paidById: integer('paid_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('payouts_author').on(t.authorId, t.id)],
);

/** Plus perks a reader chose (issue 12, item 7): hiding the feed banner. */
export const plusSettings = pgTable('plus_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hideAds: boolean('hide_ads').notNull().default(false),
});

/**
 * Content statistics (the entry's statistics popup): per entry per UTC day (`hits.dayNumber`). Views (every counted
 * page view) and readers (one per reader per day) are added by the hits fold; votes and comments of the day are
 * recounted by the votes fold for the entries it touches. Kept after `hit_marks` drops its days.
 */
export const entryStats = pgTable(
  'entry_stats',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    views: integer('views').notNull().default(0),
    readers: integer('readers').notNull().default(0),
    votes: integer('votes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.day] })],
);
