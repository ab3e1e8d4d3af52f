import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A PostgreSQL text-search vector (written by the database only, never by Drizzle). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
