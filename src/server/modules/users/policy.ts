import type { Role } from '../../../shared/api.ts';

/** A person's site role and ban, read off their row: the rules auth, captcha and every module build on. */
const STAFF: Role[] = ['moderator', 'admin', 'superuser'];

export const isStaff = (u: { role: Role }) => STAFF.includes(u.role);
export const isAdmin = (u: { role: Role }) => u.role === 'admin' || u.role === 'superuser';
export const isBanned = <T extends { bannedUntil: Date | null }>(u: T, now: Date): u is T & { bannedUntil: Date } =>
  u.bannedUntil !== null && u.bannedUntil > now;
