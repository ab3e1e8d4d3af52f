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

/** What a person sees of their own ban (the current user object and the banner). */
export interface OwnBan {
  until: string | null;
  reason: string;
}

/**
 * A subsite's roles by the spec's names (spec/content.md §3 'role list (name and active flag)', §6 'creator'): the
 * person who created it is stored as `owner` (the team's word in every module) and named `creator` on the wire.
 */
export const SUBSITE_ROLE_NAMES = ['creator', 'admin', 'moderator', 'editor', 'author'] as const;
export type SubsiteRoleName = (typeof SUBSITE_ROLE_NAMES)[number];
export const subsiteRoleName = (stored: string | null): SubsiteRoleName | null =>
  stored === 'owner' ? 'creator' : (SUBSITE_ROLE_NAMES.find((n) => n === stored) ?? null);

/** Subsite roles that manage a subsite (ban in it, pin in it, its settings and team). */
export const MANAGER_ROLES = ['owner', 'admin'];
/** Subsite roles that review a moderated community's approval queue: its managers and its own moderators. */
export const REVIEWER_ROLES = [...MANAGER_ROLES, 'moderator'];
