import { defineModule } from '../manifest.ts';
import { subsiteRoutes } from './routes.ts';
import * as subsites from './service.ts';

/** Blogs and communities; the shell's list of communities, kept for a visit. */
export default defineModule({
  name: 'subsites',
  routes: subsiteRoutes,
  pages: {
    communities: {
      services: (ctx, user) => () => subsites.communities(ctx, user?.id ?? null, 12),
      kept: 'communities',
    },
  },
});
