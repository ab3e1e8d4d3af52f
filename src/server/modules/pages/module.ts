import { defineModule } from '../manifest.ts';
import { staticPagesPage } from './page.ts';
import { pagesRoutes } from './routes.ts';

/** The site's own pages (rules, agreement, about, contacts, the board's terms): written by administrators, versioned. */
export default defineModule({
  name: 'pages',
  routes: pagesRoutes,
  pages: { staticPages: { services: staticPagesPage } },
});
