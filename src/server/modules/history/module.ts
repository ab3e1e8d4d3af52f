import { defineModule } from '../manifest.ts';
import { historyPage } from './page.ts';
import { historyRoutes } from './routes.ts';

/** An entry's versions. */
export default defineModule({
  name: 'history',
  routes: historyRoutes,
  pages: { history: { services: historyPage } },
});
