import { messages } from '../../../shared/catalogue.ts';
import { badRequest } from '../../http/errors.ts';
import type { SubsiteRow } from './queries.ts';

/** Subscribing to a subsite: anyone signed in, except to their own blog. */
export function assertCanSubscribe(userId: number, subsite: SubsiteRow) {
  if (subsite.type === 'user' && subsite.id === userId) throw badRequest(messages.cannotSubscribeSelf);
}
