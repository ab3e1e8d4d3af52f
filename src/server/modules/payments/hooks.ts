import type { Product } from '../../../shared/payments.ts';
import type { Ctx } from '../../context.ts';
import type * as q from './queries.ts';

/**
 * What billing registers with payments as each app starts (billing/module.ts): Plus pricing (promo codes) and what
 * paid and refunded orders of its kinds do. Kept per app, not per process: two apps in one process (tests, a cluster
 * of nodes in one test) each have their own, and payments works whichever module loaded first.
 */

/** A promo discount on a card purchase of Plus (billing's promo codes). */
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
interface Extensions {
  pricing: PlusPricing | null;
  paid: Map<string, PaidHandler>;
  refunded: Map<string, RefundHandler>;
}
const byApp = new WeakMap<Ctx, Extensions>();
function extensionsOf(ctx: Ctx): Extensions {
  let e = byApp.get(ctx.root);
  if (!e) {
    e = { pricing: null, paid: new Map(), refunded: new Map() };
    byApp.set(ctx.root, e);
  }
  return e;
}

/** The app's Plus pricing, if one was registered. */
export const plusPricing = (ctx: Ctx): PlusPricing | null => extensionsOf(ctx).pricing;

export function setPlusPricing(ctx: Ctx, p: PlusPricing): void {
  extensionsOf(ctx).pricing = p;
}

/** What a paid order of this kind does in this app, if anything is registered. */
export const paidHandler = (ctx: Ctx, kind: string) => extensionsOf(ctx).paid.get(kind);
/** What a refund of an order of this kind undoes in this app, if anything is registered. */
export const refundHandler = (ctx: Ctx, kind: string) => extensionsOf(ctx).refunded.get(kind);

/** What a paid order of another kind does inside the payment's transaction (billing: top-ups, donations). */
export type PaidHandler = (ctx: Ctx, order: q.OrderRow, chargeId: number) => Promise<void>;

/**
 * Registers what a paid order of `kind` does in this app (as it starts). Payments has already stored the charge, moved
 * the order to paid and posted `charge +X` to the payer; the handler posts the rest (e.g. nothing for a top-up,
 * `donation −X` / `donation +X` for a donation) in the same transaction.
 */
export function onOrderPaid(ctx: Ctx, kind: string, handler: PaidHandler, refunded?: RefundHandler): void {
  if (kind === 'plus') throw new Error("plus orders are payments' own");
  extensionsOf(ctx).paid.set(kind, handler);
  if (refunded) extensionsOf(ctx).refunded.set(kind, refunded);
}

/**
 * What a refunded order of another kind undoes inside the refund's transaction (a donation goes back to its donor),
 * and, asked before, how many kopecks of it the site's own account would cover (an author who was paid out).
 */
export interface RefundHandler {
  undo(ctx: Ctx, order: q.OrderRow): Promise<void>;
  siteCovers(ctx: Ctx, order: q.OrderRow): Promise<number>;
}
