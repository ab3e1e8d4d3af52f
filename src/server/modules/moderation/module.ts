import { defineModule } from '../manifest.ts';
import { moderationPage } from './page.ts';
import { moderationRoutes } from './routes.ts';
import { expireBans, listen, recordBoardDecisions } from './service.ts';

/** Staff work: bans, reviews, the audit log (other modules' staff actions reach it through their events). */
export default defineModule({
  name: 'moderation',
  routes: moderationRoutes,
  pages: { moderation: { services: moderationPage } },
  listeners: (ctx) => {
    listen(ctx);
    recordBoardDecisions(ctx);
  },
  tasks: [
    /** Bans whose date passed are closed and logged; 'remove all data' stops being restorable after 30 days. */
    { name: 'moderation.expire', everyMs: 60_000, scope: 'cluster', atStart: true, run: expireBans },
  ],
});
