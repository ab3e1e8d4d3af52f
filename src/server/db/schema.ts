/**
 * The database's tables, one file per owning module under schema/ (columns.ts holds the shared column helpers). This
 * barrel is what queries import and what drizzle.config.ts reads: every table file is re-exported here.
 *
 * users.ts holds `subsites` beside `users`: a user's personal blog shares the user's id, and the membership tables in
 * subsites.ts refer to both.
 */
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/subsites.ts';
export * from './schema/entries.ts';
export * from './schema/comments.ts';
export * from './schema/votes.ts';
export * from './schema/bookmarks.ts';
export * from './schema/feed.ts';
export * from './schema/hits.ts';
export * from './schema/search.ts';
export * from './schema/media.ts';
export * from './schema/extract.ts';
export * from './schema/hashtags.ts';
export * from './schema/discovery.ts';
export * from './schema/moderation.ts';
export * from './schema/restrictions.ts';
export * from './schema/complaints.ts';
export * from './schema/messenger.ts';
export * from './schema/notifications.ts';
export * from './schema/push.ts';
export * from './schema/letters.ts';
export * from './schema/accounts.ts';
export * from './schema/signin.ts';
export * from './schema/payments.ts';
export * from './schema/billing.ts';
export * from './schema/base.ts';
export * from './schema/vacancies.ts';
export * from './schema/events.ts';
export * from './schema/reposts.ts';
export * from './schema/quiz.ts';
export * from './schema/distributions.ts';
export * from './schema/pages.ts';
export * from './schema/livestreams.ts';
