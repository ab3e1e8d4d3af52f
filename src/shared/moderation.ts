/** Moderation wire types (spec/foundation.md §3 ban modal data, §5 ban limits; issue 11). */
import type { Role } from './api.ts';

/** §5: a ban is at most 1095 days; a longer one is lowered to it. */
export const MAX_BAN_DAYS = 1095;
/** A reason (ban, unban, unpublish) is short free text. */
export const REASON_MAX = 1000;
/** 'Remove all data' keeps what it removed restorable for this long (an unban brings it back). */
export const RESTORE_DAYS = 30;
/** The age confirmation of a visitor (signed in or not): readable by the page, so the blur lifts after hydration. */
export const ADULT_COOKIE = 'is_adult';

/** Whole days, 0/empty = for good (superusers only), more than the cap lowered to it. */
export function banDays(days: number | null): number | null {
  if (days === null || days === 0) return null;
  return Math.min(days, MAX_BAN_DAYS);
}

/** Site roles in order of rank: a person may act on another only of a lower rank. */
export const ROLE_RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2, superuser: 3 };

export interface BanItem {
  id: number;
  user: { id: number; name: string; url: string };
  by: { id: number; name: string } | null;
  /** null: the whole site. */
  subsite: { id: number; name: string; url: string } | null;
  reason: string;
  days: number | null;
  /** ISO date, or null for good. */
  until: string | null;
  remove_all_data: boolean;
  /** Entries and comments 'remove all data' took down, restorable by an unban until `restorable_until`. */
  removed_entries: number;
  removed_comments: number;
  restorable_until: string | null;
  date: string;
  /** null while the ban holds. */
  ended: string | null;
  lifted_by: { id: number; name: string } | null;
  is_active: boolean;
}

export interface BanResult {
  ban: BanItem;
}

export interface AuditItem {
  id: number;
  actor: { id: number; name: string; url: string } | null;
  action: string;
  target_type: string;
  target_id: number;
  /** Where the target lives (a person's blog, an entry page), when it still exists. */
  target_url: string | null;
  target_name: string | null;
  reason: string;
  data: Record<string, unknown>;
  date: string;
}

export interface AuditList {
  items: AuditItem[];
  last_id: number | null;
}

export interface UserSearchItem {
  id: number;
  name: string;
  url: string;
  email: string;
  role: Role;
  avatar_url: string | null;
  avatar_color: string;
  banned_until: string | null;
}

/** The staff's user card: who they are, their bans, roles and latest activity. */
export interface UserCard {
  user: UserSearchItem & { created: string; rating: number };
  ban: BanItem | null;
  bans: BanItem[];
  subsite_roles: { subsite_id: number; name: string; url: string; role: string }[];
  counts: { entries: number; comments: number; removed_entries: number; removed_comments: number };
  recent: { type: 'entry' | 'comment'; id: number; text: string; url: string; date: string; removed: boolean }[];
  audit: AuditItem[];
  /** What the viewer may do with this person. */
  can_ban: boolean;
  can_ban_forever: boolean;
}

/** What a person sees of their own ban (the current user object and the banner). */
export interface OwnBan {
  until: string | null;
  reason: string;
}

/** Subsite roles that manage a subsite (ban in it, pin in it, its settings and team). */
export const MANAGER_ROLES = ['owner', 'admin'];
/** Subsite roles that review a moderated community's approval queue: its managers and its own moderators. */
export const REVIEWER_ROLES = [...MANAGER_ROLES, 'moderator'];
