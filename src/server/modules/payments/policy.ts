import { messages } from '../../../shared/catalogue.ts';
import { forbidden } from '../../http/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';

/** Plus is gifted by staff and by the owners and admins of a community (spec/content.md §6). */
export function assertCanGift(giver: UserRow, managesCommunity: boolean): void {
  if (!isStaff(giver) && !managesCommunity) throw forbidden(messages.paymentGiftDenied);
}

/** Refunds are staff work. */
export function assertCanRefund(user: UserRow): void {
  if (!isStaff(user)) throw forbidden();
}
