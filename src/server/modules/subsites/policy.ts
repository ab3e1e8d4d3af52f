import { messages } from '../../../shared/catalogue.ts';
import { badRequest } from '../../lib/errors.ts';
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
