import { pgTable, text, jsonb, bigint } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

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
