import { messages } from '../../../shared/catalogue.ts';
import { GIFT_MANAGER_LIMIT } from '../../../shared/payments.ts';
import { ApiError, forbidden } from '../../http/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';

/**
 * Plus is gifted by staff and by the owners and admins of a community (spec/content.md §6): a manager gifts only to
 * a member of a community they manage, and at most `GIFT_MANAGER_LIMIT` times in `GIFT_LIMIT_DAYS` days.
 */
export function assertCanGift(giver: UserRow, sharedCommunity: boolean, recentGifts: number): void {
  if (isStaff(giver)) return;
  if (!sharedCommunity) throw forbidden(messages.paymentGiftNotMember);
  if (recentGifts >= GIFT_MANAGER_LIMIT) throw new ApiError(429, messages.paymentGiftLimit);
}

/** Refunds are staff work. */
export function assertCanRefund(user: UserRow): void {
  if (!isStaff(user)) throw forbidden();
}
