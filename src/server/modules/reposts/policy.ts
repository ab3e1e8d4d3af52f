import { messages } from '../../../shared/catalogue.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import type { OriginalRow } from './queries.ts';

/**
 * Who reposts what where, and who undoes it. A published entry of an open subsite may be reposted into a subsite the
 * person manages (their blog, a community they own or administer). The reposter, the target's managers and staff take
 * a repost back.
 */
export function assertCanRepost(original: OriginalRow | undefined, managesTarget: boolean): OriginalRow {
  if (!original) throw notFound(messages.entryNotFound);
  if (original.is_private) throw forbidden(messages.repostPrivate);
  if (!managesTarget) throw forbidden(messages.repostTargetForbidden);
  return original;
}

export const canRemove = (user: UserRow, repost: { userId: number }, managesTarget: boolean) =>
  user.id === repost.userId || managesTarget || isStaff(user);
