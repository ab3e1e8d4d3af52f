import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.ts';
import { onOrderPaid, paidHandler, plusPricing, refundHandler, setPlusPricing, type PlusPricing } from './hooks.ts';

/** Two apps' contexts, each its own root, and a transaction's context that hangs off the first. */
const app = () => {
  const ctx = {} as Ctx;
  Object.assign(ctx, { root: ctx });
  return ctx;
};

describe("payments' extension points", () => {
  it('are kept per app: what one app registers, another does not see; a transaction reaches its own app', () => {
    const a = app();
    const b = app();
    const inTransaction = { root: a } as Ctx;
    const pricing = {} as PlusPricing;
    const paid = async () => {};
    const refunded = { undo: async () => {}, siteCovers: async () => 0 };
    setPlusPricing(a, pricing);
    onOrderPaid(a, 'donation', paid, refunded);
    expect(plusPricing(inTransaction)).toBe(pricing);
    expect(paidHandler(inTransaction, 'donation')).toBe(paid);
    expect(refundHandler(inTransaction, 'donation')).toBe(refunded);
    // Nothing registered: full price, no handler (payments alone works).
    expect(plusPricing(b)).toBeNull();
    expect(paidHandler(b, 'donation')).toBeUndefined();
    expect(refundHandler(b, 'donation')).toBeUndefined();
  });

  it("refuses a handler for Plus orders, which are payments' own", () => {
    expect(() => onOrderPaid(app(), 'plus', async () => {})).toThrow();
  });
});
