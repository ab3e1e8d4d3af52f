import type { Role } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import { MANAGER_ROLES, REVIEWER_ROLES, ROLE_RANK } from '../../../shared/moderation.ts';

export { MANAGER_ROLES, REVIEWER_ROLES };
import { ApiError, badRequest, forbidden } from '../../lib/errors.ts';
import { isAdmin, isStaff } from '../auth/index.ts';

/**
 * Who may ban whom; every moderation permission is decided here (the role matrix of docs/modules/moderation.md).
 *
 * - Site-wide: staff only, and only people of a lower site role (a moderator bans users, an admin moderators too,
 *   a superuser admins too). For good (no days): superusers only.
 * - In one subsite: its owner and admins, or staff; never the subsite's own managers, nor staff.
 * - Nobody bans themselves.
 */
export type Actor = { id: number; role: Role };

export const outranks = (actor: Actor, target: { role: Role }) => ROLE_RANK[actor.role] > ROLE_RANK[target.role];

export function assertNotSelf(actor: Actor, targetId: number) {
  if (actor.id === targetId) throw badRequest(messages.banSelf);
}

export function assertCanBanSiteWide(actor: Actor, target: { role: Role }, forever: boolean) {
  if (!isStaff(actor)) throw forbidden(messages.banSiteForbidden);
  if (!outranks(actor, target)) throw forbidden(messages.banRankForbidden);
  if (forever && actor.role !== 'superuser') throw forbidden(messages.banForeverSuperuserOnly);
}

export function assertCanBanInSubsite(
  actor: Actor,
  actorSubsiteRole: string | null,
  target: { role: Role },
  targetSubsiteRole: string | null,
  forever: boolean,
) {
  const staff = isStaff(actor);
  if (!staff && !MANAGER_ROLES.includes(actorSubsiteRole ?? '')) throw forbidden(messages.banSubsiteForbidden);
  if (isStaff(target) && !outranks(actor, target)) throw forbidden(messages.banRankForbidden);
  if (MANAGER_ROLES.includes(targetSubsiteRole ?? '') && !(staff && outranks(actor, target)))
    throw forbidden(messages.banSubsiteManager);
  // Within their own subsite a manager may ban for good: the platform's limit is about site-wide bans.
  void forever;
}

/** Lifting: site-wide bans by staff who outrank the person; subsite bans by its managers or staff. */
export function assertCanUnban(
  actor: Actor,
  target: { role: Role },
  subsiteId: number | null,
  actorSubsiteRole: string | null,
) {
  if (subsiteId === null) {
    if (!isStaff(actor) || !outranks(actor, target)) throw forbidden(messages.unbanForbidden);
  } else if (!isStaff(actor) && !MANAGER_ROLES.includes(actorSubsiteRole ?? '')) {
    throw forbidden(messages.unbanForbidden);
  }
}

/**
 * Site roles (issue 32, spec/foundation.md §6 'change user rights'): a superuser sets any role of anyone else; an
 * admin sets user or moderator for people below them. Nobody changes their own (no locking oneself out).
 */
export function grantableRoles(actor: Actor, target: { id: number; role: Role }): Role[] {
  if (actor.id === target.id) return [];
  if (actor.role === 'superuser') return ['user', 'moderator', 'admin', 'superuser'];
  if (actor.role === 'admin' && outranks(actor, target)) return ['user', 'moderator'];
  return [];
}

export function assertCanSetRole(actor: Actor, target: { id: number; role: Role }, role: Role) {
  if (actor.id === target.id) throw badRequest(messages.siteRoleSelf);
  if (!isAdmin(actor)) throw forbidden(messages.siteRoleForbidden);
  if (actor.role !== 'superuser' && !outranks(actor, target)) throw forbidden(messages.siteRoleRankForbidden);
  if (!grantableRoles(actor, target).includes(role)) throw forbidden(messages.siteRoleGrantForbidden);
}

/** Bans history, the log, search and user cards: staff. */
export function assertStaff(actor: Actor, rm: string = messages.forbidden) {
  if (!isStaff(actor)) throw new ApiError(403, rm);
}

export const canBan = (actor: Actor, target: { id: number; role: Role }) =>
  isStaff(actor) && actor.id !== target.id && outranks(actor, target);

/**
 * The review queues: held spam is staff's; a community's approval queue is also its reviewers' (owner, admin and
 * the community's moderators). `actorSubsiteRole` is the role in the subsite the entry waits in, so a role in one
 * community never reaches another's queue.
 */
export function assertCanReview(actor: Actor, reason: string, actorSubsiteRole: string | null) {
  if (isStaff(actor)) return;
  if (reason !== 'approval' || !REVIEWER_ROLES.includes(actorSubsiteRole ?? ''))
    throw forbidden(reason === 'approval' ? messages.approvalForbidden : messages.queueForbidden);
}

/** Pinning comments: staff, and the owner/admins of the entry's subsite (an author's own blog included). */
export function assertCanPinComment(actor: Actor, actorSubsiteRole: string | null) {
  if (!isStaff(actor) && !MANAGER_ROLES.includes(actorSubsiteRole ?? '')) throw forbidden(messages.commentPinForbidden);
}

/** Pinning to a feed: the main feed (0) is staff's; a subsite's feed also its owner and admins. */
export function assertCanPinToFeed(actor: Actor, feedId: number, actorSubsiteRole: string | null) {
  if (isStaff(actor)) return;
  if (feedId === 0 || !MANAGER_ROLES.includes(actorSubsiteRole ?? '')) throw forbidden(messages.feedPinForbidden);
}
