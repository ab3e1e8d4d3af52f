import { defineModule } from '../manifest.ts';
import { accountsPage } from './page.ts';
import { accountsRoutes } from './routes.ts';
import * as accounts from './service.ts';

/** Settings, API tokens, an account's deletion (after its grace period) and its data export. */
export default defineModule({
  name: 'accounts',
  routes: accountsRoutes,
  pages: { accounts: { services: accountsPage } },
  jobs: (ctx) => ({
    'account.delete': (p) => accounts.runDeletion(ctx, p.userId),
    'account.export': (p) => accounts.runExport(ctx, p.exportId),
  }),
});
