import { pgTable, integer, text, timestamp, boolean, jsonb, primaryKey, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ExtractResult } from '../../../shared/extract.ts';
import type { MediaFile, MediaImage } from '../../../shared/media.ts';
import { createdAt } from './columns.ts';
import { subsites, users } from './users.ts';

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
    attachments: jsonb('attachments').$type<(MediaImage | MediaFile)[]>().notNull().default([]),
    /** The first link's preview (extract), or null. */
    preview: jsonb('preview').$type<ExtractResult>(),
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
