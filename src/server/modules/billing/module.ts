import { defineModule } from '../manifest.ts';
import { billingPage } from './page.ts';
import { registerWithPayments } from './register.ts';
import { billingRootRoutes, billingRoutes } from './routes.ts';

/** Plus, the shop and the seller's documents; the feed's banner, kept for a visit. */
export default defineModule({
  name: 'billing',
  routes: billingRoutes,
  rootRoutes: billingRootRoutes,
  pages: { billing: { services: billingPage, kept: { feedBanner: 'banner' } } },
  start: (app) => registerWithPayments(app.ctx),
});
