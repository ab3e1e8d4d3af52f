import { defineModule } from '../manifest.ts';
import { repostsRoutes } from './routes.ts';

/** Reposts: an entry into one's blog or a managed community with a comment, its count, its feeds, undo. */
export default defineModule({
  name: 'reposts',
  routes: repostsRoutes,
});
