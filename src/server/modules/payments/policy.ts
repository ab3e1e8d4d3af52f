import { messages } from '../../../shared/catalogue.ts';
import {
  GIFT_COMMUNITY_MIN_AGE_DAYS,
  GIFT_COMMUNITY_MIN_SUBSCRIBERS,
  GIFT_MANAGER_LIMIT,
  GIFT_PERIODS,
  GIFT_RECIPIENT_MAX_DAYS,
} from '../../../shared/payments.ts';
import { ApiError, forbidden } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';

const DAY = 86_400_000;

/** A community whose manager may give free Plus: old enough and with enough subscribers (shared/payments.ts). */
export const communityMayGift = (c: { created_at: Date; subscribers_count: number }, now: Date): boolean =>
  c.subscribers_count >= GIFT_COMMUNITY_MIN_SUBSCRIBERS &&
  now.getTime() - c.created_at.getTime() >= GIFT_COMMUNITY_MIN_AGE_DAYS * DAY;

export interface GiftContext {
  community: { created_at: Date; subscribers_count: number } | undefined;
  now: Date;
  /** This giver's gifts in the last `GIFT_LIMIT_DAYS` days. */
  recentGifts: number;
  /** The tariffs of the managers' gifts the receiver got in the last `GIFT_RECIPIENT_PERIOD_DAYS` days. */
  receivedStuff: number[];
  days: number;
}

/**
 * Plus is gifted by staff and by the owners and admins of a community (spec/content.md §6): a manager gifts only to
 * a member of a community they manage, a community of real age and size, at most `GIFT_MANAGER_LIMIT` times in
 * `GIFT_LIMIT_DAYS` days, and a receiver gets at most `GIFT_RECIPIENT_MAX_DAYS` gifted days in the period.
 */
export function assertCanGift(giver: UserRow, g: GiftContext): void {
  if (isStaff(giver)) return;
  if (!g.community) throw forbidden(messages.paymentGiftNotMember);
  if (!communityMayGift(g.community, g.now)) throw forbidden(messages.paymentGiftCommunityTooSmall);
  if (g.recentGifts >= GIFT_MANAGER_LIMIT) throw new ApiError(429, messages.paymentGiftLimit);
  const received = g.receivedStuff.reduce(
    (sum, id) => sum + (GIFT_PERIODS.find((p) => p.stuff_id === id)?.days ?? 0),
    0,
  );
  if (received + g.days > GIFT_RECIPIENT_MAX_DAYS) throw new ApiError(429, messages.paymentGiftRecipientLimit);
}

/** Refunds are staff work. */
export function assertCanRefund(user: UserRow): void {
  if (!isStaff(user)) throw forbidden();
}
