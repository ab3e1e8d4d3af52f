import type { Ctx } from '../../context.ts';
import { onOrderPaid, setPlusPricing } from '../payments/index.ts';
import { donationOrders } from './donations.ts';
import { promoPricing } from './promo.ts';

/** Billing's part in payments, registered per app as it starts (module.ts): Plus with promo codes, donations. */
export function registerWithPayments(ctx: Ctx): void {
  setPlusPricing(ctx, promoPricing);
  onOrderPaid(ctx, 'donation', donationOrders.paid, donationOrders.refunded);
}
