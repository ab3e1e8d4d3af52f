import { messages } from '../../../shared/catalogue.ts';
import type { Role } from '../../../shared/api.ts';
import { ApiError, badRequest, forbidden } from '../../lib/errors.ts';
import { isAdmin, isStaff } from '../auth/index.ts';

/** Who may do what with account settings, API tokens and subsite settings: decided here only. */

/** The scopes of API tokens: `read` is refused every unsafe method; `write` may do what the person may do. */
export type TokenScope = 'read' | 'write';

export const UNSAFE_METHODS = new Set(['POST', 'DELETE', 'PUT', 'PATCH']);

/** A request made with a token: its scope must allow the method. */
export function assertTokenAllows(scope: TokenScope, method: string, routeOnlyReads: boolean) {
  if (scope === 'read' && UNSAFE_METHODS.has(method) && !routeOnlyReads)
    throw new ApiError(403, messages.tokenReadOnly);
}

export const NAME_CHANGE_DAYS = 30;

/** The name changes once a month (spec/foundation.md §5); returns when the next change is allowed, or null if now. */
export function nextNameChange(last: Date | null, now: Date): Date | null {
  if (!last) return null;
  const next = new Date(last.getTime() + NAME_CHANGE_DAYS * 86400_000);
  return next > now ? next : null;
}

/**
 * Who opens a subsite's settings and in what capacity; the one place that says so (the role matrix of
 * docs/modules/moderation.md):
 * - its owner and admins: everything, the team included (a person's blog: the person);
 * - the site's admins and superusers: any community (or company) as its admins do, never a person's blog;
 * - the site's moderators: any community (or company), but only its moderation settings (`MODERATION_SETTINGS`: who may post and
 *   the approval flag). Moderators keep order in content (spec/foundation.md §6: ban, unpublish, reject), and
 *   closing a community to outsiders or holding its entries for approval is that kind of lever, e.g. against a
 *   spam wave; its name, pictures, description, rules and team stay its own people's and the site admins'.
 * Editors, moderators and authors of the subsite itself only write in it (moderators also review its queue).
 */
export type SettingsRole = 'owner' | 'admin' | 'site_moderator';
export const MODERATION_SETTINGS = ['posting', 'is_moderated'] as const;

export function settingsRole(
  user: { role: Role },
  ownRole: string | null,
  subsiteType: 'user' | 'community' | 'company',
): SettingsRole {
  if (ownRole === 'owner' || ownRole === 'admin') return ownRole;
  if (subsiteType !== 'user' && isAdmin(user)) return 'admin';
  if (subsiteType !== 'user' && isStaff(user)) return 'site_moderator';
  throw forbidden(messages.subsiteSettingsForbidden);
}

/** A change of settings names only the fields its role may change (`fields`: the ones sent). */
export function assertCanChangeSettings(role: SettingsRole, fields: string[]) {
  if (role === 'site_moderator' && fields.some((f) => !(MODERATION_SETTINGS as readonly string[]).includes(f)))
    throw forbidden(messages.subsiteSettingsModerationOnly);
}

/** Only a community is made private (or lets Plus readers in): a blog and a company speak to everyone. */
export function assertCanChangePrivacy(
  type: 'user' | 'community' | 'company',
  input: { is_private?: boolean; plus_join?: boolean },
) {
  if (type !== 'community' && (input.is_private || input.plus_join)) throw badRequest(messages.privateOnlyCommunity);
}

/** The team and the pictures: the subsite's owner and admins (the site's admins as its admins). */
export function assertCanManageSubsite(role: SettingsRole | string | null) {
  if (role !== 'owner' && role !== 'admin') throw forbidden(messages.subsiteSettingsForbidden);
}

/** Admins manage editors and authors; only the owner makes admins; nobody changes the owner. */
export function assertCanSetMember(actorRole: string | null, targetRole: string | null, newRole: string | null) {
  assertCanManageSubsite(actorRole);
  if (targetRole === 'owner') throw forbidden(messages.cannotChangeOwner);
  if (actorRole !== 'owner' && (newRole === 'admin' || targetRole === 'admin')) throw forbidden();
}
