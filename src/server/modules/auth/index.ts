/** What other modules may use of accounts: the signed-in user's row type and the access rules of routes. */
export type { UserRow } from './queries.ts';
export {
  isAdmin,
  isBanned,
  isStaff,
  requireAccess,
  requireBrowserSession,
  requireUser,
  type Access,
  type Actor,
} from './policy.ts';
/** Looking an account up by its address (the operator's `--admin EMAIL`). */
export { findUserByEmail } from './queries.ts';
/** The signed-in user's row for a raw lookup (accounts' API-token lookup reads the same row as the session's). */
export { userRowFields, userRowSelect } from './queries.ts';
/** Signing out elsewhere (accounts' settings): the one place sessions end besides signing out. */
export { endSessions, forgetAccess } from './queries.ts';
