import { defineModule } from '../manifest.ts';
import { searchPage } from './page.ts';
import { searchRoutes } from './routes.ts';

/** Full-text search. */
export default defineModule({
  name: 'search',
  routes: searchRoutes,
  pages: { search: { services: searchPage } },
});
