import { defineModule } from '../manifest.ts';
import { livestreamsPage } from './page.ts';
import { livestreamsRoutes } from './routes.ts';

/** Live streams: their settings, the layout slot's stream and the HLS proxy (docs/modules/livestreams.md). */
export default defineModule({
  name: 'livestreams',
  routes: livestreamsRoutes,
  pages: { livestreams: { services: livestreamsPage } },
});
