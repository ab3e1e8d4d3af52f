import { defineModule, HOUR_MS } from '../manifest.ts';
import { reconcilePayments } from './reconcile.ts';
import { paymentsRootRoutes, paymentsRoutes } from './routes.ts';
import { paymentsTick } from './service.ts';
import { cloudPaymentsEndpoint } from './webhook.ts';

/**
 * Payments (issue 12): the API, the 3-D Secure pages at the root (posted by the bank's page, no CSRF marker), and
 * CloudPayments' notifications, an endpoint with its own body parser (webhook.ts).
 */
export default defineModule({
  name: 'payments',
  routes: paymentsRoutes,
  rootRoutes: paymentsRootRoutes,
  start: cloudPaymentsEndpoint,
  tasks: [
    /** Recurring Plus charges and their retries (days 1, 3, 5), then Plus ended where the paid period is over. */
    { name: 'payments.tick', everyMs: 10 * 60_000, scope: 'cluster', atStart: true, run: paymentsTick },
    /** Yesterday's (UTC) provider transactions against our charges: a payment we lack settled, ours it lacks flagged. */
    { name: 'payments.reconcile', everyMs: 24 * HOUR_MS, scope: 'cluster', atStart: true, run: reconcilePayments },
  ],
});
