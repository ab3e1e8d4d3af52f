import { defineModule } from '../manifest.ts';
import { feedPage } from './page.ts';
import { HOTNESS_REFRESH_INTERVAL_MS, refreshRecentHotness } from './ranking.ts';
import { feedRootRoutes, feedRoutes } from './routes.ts';

/** Feeds, their ranking and RSS. */
export default defineModule({
  name: 'feed',
  routes: feedRoutes,
  rootRoutes: feedRootRoutes,
  pages: { feed: { services: feedPage, kept: { defaultSorting: 'sorting' } } },
  tasks: [
    /** Folds counter changes that reached entries without a per-entry refresh into `hotness` (ranking.ts). */
    { name: 'hotness.refresh', everyMs: HOTNESS_REFRESH_INTERVAL_MS, scope: 'cluster', run: refreshRecentHotness },
  ],
});
