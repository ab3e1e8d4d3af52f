import type { Product } from '../../../shared/payments.ts';
import type { Ctx } from '../../context.ts';
import type * as q from './queries.ts';

/** What billing registers with payments at module load: Plus pricing (promo codes) and what paid and refunded orders of its kinds do. */

/** A promo discount on a card purchase of Plus (billing's promo codes), registered once at module load. */
export interface PlusPricing {
  /**
   * The price of a product for this reader: with a typed code, or the discount they redeemed before. What it answers
   * is recorded in the order's `meta.promo`.
   */
  price(
    ctx: Ctx,
    userId: number,
    product: Product,
    code: string | null,
  ): Promise<{ amount: number; promo: { id: number; code: string; discount: number } | null }>;
  /**
   * Reserves the code for this order inside the transaction that creates it: one order at a time holds a discount,
   * so parallel purchases cannot all take it. Throws (no order is made) while another order holds it.
   */
  hold(ctx: Ctx, order: q.OrderRow, promoId: number): Promise<void>;
  /** Spends the order's code inside the transaction that marks it paid (once: the order is paid once). */
  spend(ctx: Ctx, order: q.OrderRow, promoId: number): Promise<void>;
}
let pricing: PlusPricing | null = null;

/** The registered Plus pricing, if any. */
export const plusPricing = (): PlusPricing | null => pricing;

export function setPlusPricing(p: PlusPricing): void {
  pricing = p;
}

/** What a paid order of another kind does inside the payment's transaction (billing: top-ups, donations). */
export type PaidHandler = (ctx: Ctx, order: q.OrderRow, chargeId: number) => Promise<void>;
export const paidHandlers = new Map<string, PaidHandler>();

/**
 * Registers what a paid order of `kind` does (once, at module load). Payments has already stored the charge, moved
 * the order to paid and posted `charge +X` to the payer; the handler posts the rest (e.g. nothing for a top-up,
 * `donation −X` / `donation +X` for a donation) in the same transaction.
 */
export function onOrderPaid(kind: string, handler: PaidHandler, refunded?: RefundHandler): void {
  if (kind === 'plus') throw new Error("plus orders are payments' own");
  paidHandlers.set(kind, handler);
  if (refunded) refundHandlers.set(kind, refunded);
}

/**
 * What a refunded order of another kind undoes inside the refund's transaction (a donation goes back to its donor),
 * and, asked before, how many kopecks of it the site's own account would cover (an author who was paid out).
 */
export interface RefundHandler {
  undo(ctx: Ctx, order: q.OrderRow): Promise<void>;
  siteCovers(ctx: Ctx, order: q.OrderRow): Promise<number>;
}
export const refundHandlers = new Map<string, RefundHandler>();
