import { defineModule, HOUR_MS } from '../manifest.ts';
import { discoveryPage } from './page.ts';
import { discoveryRoutes } from './routes.ts';
import { foldReaders } from './service.ts';

/** Ratings, recommendations and the site's statistics. */
export default defineModule({
  name: 'discovery',
  routes: discoveryRoutes,
  pages: { discovery: { services: discoveryPage } },
  tasks: [
    /** Distinct readers per day into `daily_readers` before `hits.cleanup` drops their marks (/stats). */
    { name: 'stats.readers', everyMs: HOUR_MS, scope: 'cluster', run: foldReaders },
  ],
});
