/** Wire types of account settings, API tokens and subsite settings (issue 15). */

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

export type TokenStatus = 'active' | 'revoked' | 'expired';

export interface ApiTokenItem {
  id: number;
  name: string;
  /** The first characters, to tell tokens apart; the token itself is shown once, when made. */
  prefix: string;
  scope: 'read' | 'write';
  status: TokenStatus;
  is_active: boolean;
  created: string;
  /** ISO date, or null for a token without an end. */
  valid_until: string | null;
  last_used: string | null;
}

export interface ApiTokenCreated {
  token: string;
  item: ApiTokenItem;
}

export interface SessionItem {
  id: string;
  created: string;
  ip: string;
  user_agent: string;
  is_current: boolean;
}

export interface AccountSettings {
  id: number;
  name: string;
  url: string;
  slug: string;
  description: string;
  email: string;
  avatar_url: string | null;
  avatar_color: string;
  cover_url: string | null;
  /** When the name may change next (ISO), or null when it may now. */
  name_change_at: string | null;
  via_token: boolean;
  /** False for an account made through a provider or a link: its forms ask for a fresh sign-in, not a password. */
  has_password: boolean;
  /** A requested deletion still in its grace period, or null. */
  deletion: DeletionState | null;
  exports: ExportItem[];
}

export interface DeletionState {
  mode: 'anonymize' | 'remove';
  run_at: string;
}

export interface ExportItem {
  id: number;
  status: 'queued' | 'ready' | 'failed';
  size: number;
  created: string;
  /** The download address once the archive is ready. */
  url: string | null;
}

export interface SubsiteMember {
  id: number;
  name: string;
  url: string;
  avatar_url: string | null;
  avatar_color: string;
  role: 'owner' | 'admin' | 'moderator' | 'editor' | 'author';
}

export interface SubsiteSettings {
  id: number;
  type: 'user' | 'community' | 'company';
  name: string;
  url: string;
  slug: string;
  description: string;
  rules: string;
  avatar_url: string | null;
  avatar_color: string;
  cover_url: string | null;
  posting: PostingRule;
  /** Entries of people outside the community's managers wait for their approval. */
  is_moderated: boolean;
  /** 'site_moderator': the site's moderator, who changes only who may post and the approval flag. */
  my_role: 'owner' | 'admin' | 'site_moderator';
  members: SubsiteMember[];
}

export interface FoundUser {
  id: number;
  url: string;
  name: string;
}
