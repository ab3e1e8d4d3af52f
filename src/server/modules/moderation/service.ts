/**
 * Moderation's operations, one file per job: the audit log and people (audit.ts), bans (bans.ts), staff actions on
 * entries and comments (entries.ts), review queues and the blocklist (reviews.ts), site roles (site-roles.ts).
 */
export { FOREVER } from './common.ts';
export * from './audit.ts';
export * from './bans.ts';
export * from './entries.ts';
export * from './reviews.ts';
export * from './site-roles.ts';
