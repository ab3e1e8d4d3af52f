import { defineModule } from '../manifest.ts';
import { outboxPage } from './page.ts';
import { mailRoutes } from './routes.ts';
import { deliverLetter } from './service.ts';

/** The outbox: every letter goes out through its one job; staff read it. */
export default defineModule({
  name: 'mail',
  routes: mailRoutes,
  pages: { outbox: { access: 'staff', services: outboxPage } },
  jobs: (ctx) => ({ 'mail.letter': (p, job) => deliverLetter(ctx, p.letterId, job) }),
});
