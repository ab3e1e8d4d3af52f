import { pgTable, integer, text, jsonb, bigint } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

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
  externalService: jsonb('external_service').$type<unknown[]>().notNull().default([]),
  uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
