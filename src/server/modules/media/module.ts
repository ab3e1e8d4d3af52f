import { defineModule } from '../manifest.ts';
import { mediaRootRoutes, mediaRoutes } from './routes.ts';

/** Uploads (limits from the config) and their delivery under `/media`. */
export default defineModule({
  name: 'media',
  routes: (ctx) => mediaRoutes(ctx.config),
  rootRoutes: mediaRootRoutes,
});
