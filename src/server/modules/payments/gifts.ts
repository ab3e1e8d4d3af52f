import { messages } from '../../../shared/catalogue.ts';
import { GIFT_LIMIT_DAYS, GIFT_RECIPIENT_PERIOD_DAYS, GIFT_PERIODS } from '../../../shared/payments.ts';
import type { PlusStatus } from '../../../shared/api/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, expected, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { grantPlus, postLedger } from './ledger.ts';
import { assertCanGift, communityMayGift } from './policy.ts';
import * as q from './queries.ts';
import { managedCommunityOf } from '../subsites/service.ts';

/** Plus given by staff and community managers. */

const DAY = 86_400_000;
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

/** Whether this viewer may gift Plus to `userId` from their profile (the gift button), and who the gift is from. */
export async function giftCheck(ctx: Ctx, giver: UserRow, userId: number): Promise<{ can_gift: boolean }> {
  if (userId === giver.id) return { can_gift: false };
  if (isStaff(giver)) return { can_gift: true };
  const community = await managedCommunityOf(ctx, { managerId: giver.id, memberId: userId });
  return { can_gift: community !== undefined && communityMayGift(community, ctx.now()) };
}

/**
 * Staff and community managers give Plus for one month, three months or a year: an order of kind `gift` paid by
 * the giver (its `user_id`), a zero `gift` row naming the giver, the days, and the receiver told. A manager gifts
 * members of their community only, within a limit counted under a lock on the giver's row.
 */
export async function giftPlus(ctx: Ctx, giver: UserRow, userId: number, days: number): Promise<PlusStatus> {
  const period = GIFT_PERIODS.find((p) => p.days === days);
  if (!period) throw badRequest(messages.paymentGiftPeriodInvalid);
  if (userId === giver.id) throw badRequest(messages.paymentGiftSelf);
  if (!(await q.userExists(ctx.db, userId))) throw notFound(messages.paymentRecipientNotFound);
  await transaction(ctx, async (ctx) => {
    await q.lockUserRows(ctx.db, [giver.id, userId]);
    const staff = isStaff(giver);
    const now = ctx.now();
    const community = staff ? undefined : await managedCommunityOf(ctx, { managerId: giver.id, memberId: userId });
    assertCanGift(giver, {
      community,
      now,
      days,
      recentGifts: staff ? 0 : await q.giftsSince(ctx.db, giver.id, addDays(now, -GIFT_LIMIT_DAYS)),
      receivedStuff: staff ? [] : await q.managerGiftsTo(ctx.db, userId, addDays(now, -GIFT_RECIPIENT_PERIOD_DAYS)),
    });
    const inserted = await q.insertOrder(ctx.db, {
      userId: giver.id,
      recipientId: userId,
      kind: 'gift',
      stuffId: period.stuff_id,
      amount: 0,
      email: '',
      provider: 'gift',
      idempotencyKey: null,
      meta: community ? { community_id: community.id } : {},
    });
    // Without an idempotency key nothing conflicts: the order is always inserted.
    const order = expected(inserted, 'the gift order just inserted');
    await q.setOrderStatus(ctx.db, order.id, ['new'], 'paid', ctx.now());
    await postLedger(ctx, {
      userId,
      kind: 'gift',
      amount: 0,
      orderId: order.id,
      idempotencyKey: `gift:${order.id}`,
      note: messages.paymentGiftNote(giver.id, community?.name ?? null),
    });
    await grantPlus(ctx, userId, days);
    await enqueue(ctx, 'notify.system', {
      userId,
      text: community ? messages.paymentGiftFromNotice(days, community.name) : messages.paymentGiftNotice(days),
    });
  });
  const plus = await q.plusOf(ctx.db, userId);
  return {
    is_paid: plus?.is_paid ?? false,
    paid_until: plus?.paid_until?.toISOString() ?? null,
    recurring: null,
    balance: 0,
  };
}
