/** Limits and rules of account settings, API tokens and subsite settings (issue 15). */

export const TOKEN_NAME_MAX = 60;
export const TOKEN_DAYS_MAX = 3650;
export const TOKENS_ACTIVE_MAX = 20;
export const DESCRIPTION_MAX = 300;
export const RULES_MAX = 5000;
export const SLUG_RE = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;
export const SUBSITE_NAME_MIN = 2;
export const SUBSITE_NAME_MAX = 60;
/** Requests per minute one API token may make (scaled by RATE_LIMIT_SCALE). */
export const TOKEN_RATE_PER_MINUTE = 300;
/** An account without a password proves it is the person by a sign-in this recent (a link, a provider, a passkey). */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * Who may publish in a community (its settings, decided by the entries policy): everyone signed in, its members
 * (subscribers and the team) or its authors (the team: owner, admin, moderator, editor, author).
 */
export const POSTING_RULES = ['everyone', 'members', 'authors'] as const;
export type PostingRule = (typeof POSTING_RULES)[number];

/** The wire shapes of tokens, sessions, account and subsite settings: their routes' contracts (api/accounts.ts). */
export type {
  AccountSettings,
  ApiTokenCreated,
  ApiTokenItem,
  DeletionState,
  ExportItem,
  SessionItem,
} from './api/accounts.ts';
export type { FoundUser, SubsiteMember, SubsiteSettings } from './api/accounts-subsites.ts';
