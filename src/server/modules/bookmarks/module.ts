import { defineModule } from '../manifest.ts';
import { reactionsPage } from './page.ts';
import { bookmarksRoutes } from './routes.ts';

/** Bookmarks and shares (the reactions pages). */
export default defineModule({
  name: 'bookmarks',
  routes: bookmarksRoutes,
  pages: { reactions: { services: reactionsPage } },
});
