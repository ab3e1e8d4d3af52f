import type { Role } from '../../../shared/api.ts';
import { ApiError, forbidden, unauthorized } from '../../lib/errors.ts';
import { messages } from '../../../shared/catalogue.ts';
import { isAdmin, isBanned, isStaff } from '../users/index.ts';

/** Who may do what with accounts; every auth-related permission is decided here. */
export interface Actor {
  id: number;
  role: Role;
  bannedUntil: Date | null;
}

export { isAdmin, isBanned, isStaff };

/** The signed-in actor, or rc 401 so the client opens the auth popup and repeats the request. */
export function requireUser<T extends Actor>(user: T | null): T {
  if (!user) throw unauthorized();
  return user;
}

/** A signed-in actor who is not banned, for anything that writes. */
export function requireActiveUser<T extends Actor>(user: T | null, now: Date): T {
  const u = requireUser(user);
  // Until when travels with the refusal; the banner (current user's `ban`) says why.
  if (isBanned(u, now)) throw new ApiError(403, messages.banned, { banned_until: u.bannedUntil.toISOString() });
  return u;
}

/**
 * Sign-in power is its own scope: opening a session and making, changing or listing a way in (the password, the
 * email, a passkey, a linked provider, an API token, a sign-in link or QR code, the sessions themselves) takes a
 * person on the site, never an API token, so a token (perhaps leaked from a bot) cannot become a login. Routes
 * declare it (`session: 'browser'`, http/route.ts) and it is checked there for all of them.
 */
export function requireBrowserSession(viaToken: boolean) {
  if (viaToken) throw forbidden(messages.tokenNotHere);
}

export function requireStaff<T extends Actor>(user: T | null): T {
  const u = requireUser(user);
  if (!isStaff(u)) throw forbidden();
  return u;
}

/**
 * Who may call a route, as routes declare it (src/server/http/route.ts): `anyone`; `user`, signed in (reading
 * one's own things, banned or not); `active`, signed in and not banned (anything that writes); `plus`, active with
 * Plus; `staff` (moderator and up) and `admin` (admin and superuser), both active.
 */
export type { Access } from '../../../shared/api/contract.ts';
import type { Access } from '../../../shared/api/contract.ts';

export function requireAccess<T extends Actor & { isPaid?: boolean }>(
  access: Exclude<Access, 'anyone'>,
  user: T | null,
  now: Date,
): T;
export function requireAccess<T extends Actor & { isPaid?: boolean }>(
  access: Access,
  user: T | null,
  now: Date,
): T | null;
export function requireAccess<T extends Actor & { isPaid?: boolean }>(
  access: Access,
  user: T | null,
  now: Date,
): T | null {
  switch (access) {
    case 'anyone':
      return user;
    case 'user':
      return requireUser(user);
    case 'active':
      return requireActiveUser(user, now);
    case 'plus': {
      const u = requireActiveUser(user, now);
      if (!u.isPaid) throw new ApiError(402, messages.plusRequired);
      return u;
    }
    case 'staff':
      return requireStaff(requireActiveUser(user, now));
    case 'admin': {
      const u = requireActiveUser(user, now);
      if (!isAdmin(u)) throw forbidden();
      return u;
    }
  }
}
