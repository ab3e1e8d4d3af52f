import { defineModule } from '../manifest.ts';
import { commentsPage } from './page.ts';
import { commentsRoutes } from './routes.ts';

/** Comments and discussions. */
export default defineModule({
  name: 'comments',
  routes: commentsRoutes,
  pages: { comments: { services: commentsPage } },
});
