/**
 * The published face of the API for TypeScript programs: the client and every route's contract, by module.
 * The web imports contracts from their own files as types; this file is for programs outside the site.
 */
export { createClient, type Answer, type ClientOptions } from './client.ts';
export type { Contract, ContractInput, ContractKey, ContractOutput } from './contract.ts';
export * as accounts from './accounts.ts';
export * as accountsSubsites from './accounts-subsites.ts';
export * as auth from './auth.ts';
export * as billing from './billing.ts';
export * as billingAdmin from './billing-admin.ts';
export * as bookmarks from './bookmarks.ts';
export * as cards from './cards.ts';
export * as comments from './comments.ts';
export * as complaints from './complaints.ts';
export * as companies from './companies.ts';
export * as discovery from './discovery.ts';
export * as entries from './entries.ts';
export * as events from './events.ts';
export * as extract from './extract.ts';
export * as feed from './feed.ts';
export * as hashtags from './hashtags.ts';
export * as history from './history.ts';
export * as hits from './hits.ts';
export * as livestreams from './livestreams.ts';
export * as mail from './mail.ts';
export * as media from './media.ts';
export * as messenger from './messenger.ts';
export * as messengerMessages from './messenger-messages.ts';
export * as moderation from './moderation.ts';
export * as moderationEntries from './moderation-entries.ts';
export * as notifications from './notifications.ts';
export * as notificationsMail from './notifications-mail.ts';
export * as pages from './pages.ts';
export * as payments from './payments.ts';
export * as realtime from './realtime.ts';
export * as search from './search.ts';
export * as signin from './signin.ts';
export * as site from './site.ts';
export * as subsites from './subsites.ts';
export * as vacancies from './vacancies.ts';
export * as votes from './votes.ts';
export * as wire from './wire.ts';
export * as reposts from './reposts.ts';
export * as quiz from './quiz.ts';
export * as distributions from './distributions.ts';
export * as analytics from './analytics.ts';
export * as booster from './booster.ts';
export * as blogWidget from './blog-widget.ts';
