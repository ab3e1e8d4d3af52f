import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * An order number is `{random}.{mac}`: made by `prepare` for one reader and checked without storage, so a number
 * cannot be guessed or taken from another reader. The order row appears only when the card is charged.
 */
function orderMac(ctx: Ctx, userId: number, random: string): string {
  return crypto
    .createHmac('sha256', `${ctx.config.secret}:order`)
    .update(`${userId}:${random}`)
    .digest('hex')
    .slice(0, 16);
}

export function newOrderNumber(ctx: Ctx, userId: number): string {
  const random = crypto.randomBytes(6).toString('hex');
  return `${random}.${orderMac(ctx, userId, random)}`;
}

export function assertOwnOrderNumber(ctx: Ctx, userId: number, order: string): void {
  const [random, mac] = order.split('.');
  const want = random ? orderMac(ctx, userId, random) : '';
  if (!random || !mac || mac.length !== want.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(want)))
    throw badRequest(messages.paymentOrderInvalid);
}
