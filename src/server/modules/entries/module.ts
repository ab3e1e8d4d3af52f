import { defineModule } from '../manifest.ts';
import { entriesPage } from './page.ts';
import { entriesRoutes } from './routes.ts';

/** Entries: writing, editing, reading one. */
export default defineModule({
  name: 'entries',
  routes: entriesRoutes,
  pages: { entries: { services: entriesPage } },
});
