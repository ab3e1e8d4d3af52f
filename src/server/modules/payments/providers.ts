import type { Ctx } from '../../context.ts';
import { cloudPayments, type PaymentProvider } from './provider.ts';
import { testCashier } from './test-cashier.ts';

const cache = new WeakMap<Ctx['config'], PaymentProvider>();

/** CloudPayments when its keys are set, the built-in test cashier otherwise; one per app config. */
export function providerOf(ctx: Ctx): PaymentProvider {
  let provider = cache.get(ctx.config);
  if (!provider) {
    provider = ctx.config.cloudpayments ? cloudPayments(ctx.config, ctx.config.cloudpayments) : testCashier(ctx.config);
    cache.set(ctx.config, provider);
  }
  return provider;
}
