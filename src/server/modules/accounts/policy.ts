import { messages } from '../../../shared/catalogue.ts';
import { ApiError, forbidden } from '../../http/errors.ts';

/** Who may do what with account settings, API tokens and subsite settings: decided here only. */

/** The scopes of API tokens: `read` is refused every unsafe method; `write` may do what the person may do. */
export type TokenScope = 'read' | 'write';

export const UNSAFE_METHODS = new Set(['POST', 'DELETE', 'PUT', 'PATCH']);

/** A request made with a token: its scope must allow the method. */
export function assertTokenAllows(scope: TokenScope, method: string, routeOnlyReads: boolean) {
  if (scope === 'read' && UNSAFE_METHODS.has(method) && !routeOnlyReads)
    throw new ApiError(403, messages.tokenReadOnly);
}

/**
 * Managing tokens, the password, sessions and the account itself takes a signed-in browser: a token (perhaps leaked
 * from a bot) must not mint more tokens, lock the person out or end their sessions.
 */
export function assertBrowserSession(viaToken: boolean) {
  if (viaToken) throw forbidden(messages.tokenNotHere);
}

export const NAME_CHANGE_DAYS = 30;

/** The name changes once a month (spec/foundation.md §5); returns when the next change is allowed, or null if now. */
export function nextNameChange(last: Date | null, now: Date): Date | null {
  if (!last) return null;
  const next = new Date(last.getTime() + NAME_CHANGE_DAYS * 86400_000);
  return next > now ? next : null;
}

/** A subsite's settings: its owner and admins (a person's blog: the person). Editors and authors only write in it. */
export function assertCanManageSubsite(role: string | null) {
  if (role !== 'owner' && role !== 'admin') throw forbidden(messages.subsiteSettingsForbidden);
}

/** Admins manage editors and authors; only the owner makes admins; nobody changes the owner. */
export function assertCanSetMember(actorRole: string | null, targetRole: string | null, newRole: string | null) {
  assertCanManageSubsite(actorRole);
  if (targetRole === 'owner') throw forbidden(messages.cannotChangeOwner);
  if (actorRole !== 'owner' && (newRole === 'admin' || targetRole === 'admin')) throw forbidden();
}
