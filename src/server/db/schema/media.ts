import { pgTable, boolean, integer, text, jsonb, bigint, varchar, primaryKey, index } from 'drizzle-orm/pg-core';
import { entries } from './entries.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Uploaded media. The uuid is derived from the content (SHA-256), so the same file uploaded twice is one row and
 * one stored object. The original lives in media storage under the uuid; derivatives are stored beside it.
 */
export const media = pgTable('media', {
  uuid: text('uuid').primaryKey(),
  /** jpg, png, gif, webp, mp4, and audio: mp3, m4a, ogg, wav */
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
  externalService: jsonb('external_service').$type<unknown[]>().notNull().default([]),
  uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Who uploaded which media: the uuid is the content's, so one row of `media` may have many uploaders (a popular gif).
 * A comment attaches only a gif its writer uploaded.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    uuid: text('uuid')
      .notNull()
      .references(() => media.uuid, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uuid, t.userId] })],
);

/**
 * Listens of an entry's audio blocks (spec/content.md §3 Audio `listens`), counted like views: one per listener
 * (account, or the anonymous `hit_id` cookie) per block per UTC day. The block is named by its hash in the entry.
 */
export const audioListens = pgTable(
  'audio_listens',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    hash: varchar('hash', { length: 16 }).notNull(),
    listens: integer('listens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.hash] })],
);

/** Who listened to a block on which day: the dedupe of `audio_listens`; days before yesterday are deleted hourly. */
export const audioListenMarks = pgTable(
  'audio_listen_marks',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    hash: varchar('hash', { length: 16 }).notNull(),
    /** `u{id}` or `a{hit_id}`, as views name readers. */
    visitor: varchar('visitor', { length: 80 }).notNull(),
    day: integer('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.hash, t.visitor, t.day] }), index('audio_listen_marks_day').on(t.day)],
);

/**
 * A video upload being made an H.264 mp4 by the `media.video` job (spec/content.md §9: «in a job, with progress
 * shown in the editor»). Named by the uploaded bytes' uuid, which the `media` row takes when it is ready; one row per
 * uploader, so each sees their own upload's state. `state`: processing, ready or failed (with a Russian `error`).
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    uuid: text('uuid').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('processing'),
    /** 0…100, written by the job as ffmpeg reports. */
    progress: integer('progress').notNull().default(0),
    error: text('error').notNull().default(''),
    /** Whether the made mp4 has a sound track (the video block's `has_audio`), known once ready. */
    hasAudio: boolean('has_audio').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uuid, t.userId] })],
);
