import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { cloudPayments, type PaymentProvider } from './provider.ts';
import { testCashier } from './test-cashier.ts';

const cache = new WeakMap<Ctx['config'], PaymentProvider | null>();

/**
 * CloudPayments when its keys are set; the built-in test cashier only when switched on (PAYMENTS_TEST_CASHIER=1),
 * never by default, so a site without keys takes no test cards; null when neither. One per app config.
 */
export function configuredProvider(ctx: Ctx): PaymentProvider | null {
  let provider = cache.get(ctx.config);
  if (provider === undefined) {
    const { cloudpayments, paymentsTestCashier } = ctx.config;
    provider = cloudpayments
      ? cloudPayments(ctx.config, cloudpayments)
      : paymentsTestCashier
        ? testCashier(ctx.config)
        : null;
    cache.set(ctx.config, provider);
  }
  return provider;
}

/** The provider of a card payment; a site with none answers that card payments are not set up (a 404, like signin). */
export function providerOf(ctx: Ctx): PaymentProvider {
  const provider = configuredProvider(ctx);
  if (!provider) throw new ApiError(404, messages.paymentsOff);
  return provider;
}
