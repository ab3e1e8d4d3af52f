import type { Role } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import { MANAGER_ROLES } from '../../../shared/moderation.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { isAdmin, isStaff } from '../users/index.ts';
import type { SubsiteRow } from './queries.ts';

const isOwnBlog = (userId: number, subsite: SubsiteRow) => subsite.type === 'user' && subsite.id === userId;

/** Subscribing to a subsite: anyone signed in, except to their own blog. */
export function assertCanSubscribe(userId: number, subsite: SubsiteRow) {
  if (isOwnBlog(userId, subsite)) throw badRequest(messages.cannotSubscribeSelf);
}

/** Muting hides a subsite (or, for a person's blog, the author) from the reader's feeds; not their own blog. */
export function assertCanMute(userId: number, subsite: SubsiteRow) {
  if (isOwnBlog(userId, subsite)) throw badRequest(messages.cannotMuteSelf);
}

/** Notifications ride on a subscription (spec/content.md §4): subscribe first. */
export function assertCanNotify(relation: { isSubscribed: boolean }) {
  if (!relation.isSubscribed) throw badRequest(messages.notifyNeedsSubscription);
}

type Person = { role: Role; isPaid: boolean };

/**
 * Who reads a private community's entries: its members (subscribers and its team) and the site's staff; the caller
 * knows whether the person is a member.
 */
export const readsPrivate = (viewer: { role: Role } | null, member: boolean) =>
  viewer !== null && (member || isStaff(viewer));

/**
 * How a person comes into a subsite by its subscribe button: at once, or (a private community) by a request its
 * managers answer. Its team and the site's staff come in at once, and Plus readers where the community lets them.
 */
export function joinsAtOnce(person: Person, subsite: SubsiteRow, ownRole: string | null): boolean {
  if (!subsite.isPrivate || ownRole !== null || isStaff(person)) return true;
  return subsite.plusJoin && person.isPaid;
}

/** A private community's requests are answered by its creator and admins, and by the site's admins. */
export function assertCanReviewJoins(person: { role: Role }, ownRole: string | null) {
  if (!MANAGER_ROLES.includes(ownRole ?? '') && !isAdmin(person)) throw forbidden(messages.joinRequestsForbidden);
}
