import type { Role } from '../../../shared/api.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import type { CreateResult } from '../../../shared/api/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { balanceOf, grantPlus, payByCard, postLedger } from '../payments/index.ts';
import { invoiceProduct } from './invoices.ts';
import { discountFor } from './promo.ts';
import * as q from './queries.ts';

/** A reader's balance: what it holds, Plus paid from it, a top-up by card. */

type Actor = { id: number; role: Role };

/** Pays a Plus period from the balance: one `order −X` row (after a redeemed discount) and the days of Plus. */
export async function payPlusFromBalance(ctx: Ctx, user: Actor, stuffId: number) {
  const product = invoiceProduct(stuffId);
  return transaction(ctx, async (ctx) => {
    await q.lockUser(ctx.db, user.id);
    const { price, spend } = await discountFor(ctx, user.id, product.price);
    const balance = await balanceOf(ctx, user.id);
    if (balance < price) throw new ApiError(400, messages.balanceTooLow, { balance });
    await postLedger(ctx, {
      userId: user.id,
      kind: 'order',
      amount: -price,
      idempotencyKey: `balance:${user.id}:${crypto.randomUUID()}`,
      note: ui.billing.plus.products[product.stuff_id],
    });
    await spend(ctx);
    const paidUntil = await grantPlus(ctx, user.id, product.days);
    return { balance: balance - price, paid_until: paidUntil?.toISOString() ?? null };
  });
}

export async function balance(ctx: Ctx, user: Actor) {
  return { balance: await balanceOf(ctx, user.id) };
}

/** The card part of a payment from a form: the email for the receipt, the order from `prepare`, its cryptogram. */
export interface CardInput {
  email: string;
  order: string;
  cryptogram: string;
  ip: string;
}

/**
 * A balance top-up by card (in kopecks, `TOPUP_MIN…TOPUP_MAX` roubles): payments' `charge +X` is the whole movement, so
 * the balance grows by the amount once the card (and 3-D Secure) goes through.
 */
export async function topUpByCard(ctx: Ctx, user: UserRow, amount: number, card: CardInput): Promise<CreateResult> {
  return payByCard(ctx, user, {
    kind: 'topup',
    stuffId: null,
    amount,
    recipientId: null,
    ...card,
    description: messages.topupDescription,
  });
}

/**
 * Another module's purchase from a reader's balance (a booster): `order −X` under the reader's row lock, inside the
 * caller's transaction, refused with the balance when it holds less.
 */
export async function spendBalance(ctx: Ctx, userId: number, amount: number, key: string, note: string) {
  await q.lockUser(ctx.db, userId);
  const balance = await balanceOf(ctx, userId);
  if (balance < amount) throw new ApiError(400, messages.balanceTooLow, { balance });
  await postLedger(ctx, { userId, kind: 'order', amount: -amount, idempotencyKey: key, note });
  return balance - amount;
}

/** The unspent part of such a purchase back on the balance (`refund +X`); the key makes a second call a no-op. */
export const refundToBalance = (ctx: Ctx, userId: number, amount: number, key: string, note: string) =>
  postLedger(ctx, { userId, kind: 'refund', amount, idempotencyKey: key, note });
