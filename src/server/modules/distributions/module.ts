import { defineModule } from '../manifest.ts';
import { distributionsPage } from './page.ts';
import { distributionsRootRoutes, distributionsRoutes } from './routes.ts';

/**
 * Distributions (issue 30): the site's own ads with no third-party script. Staff's campaigns of native units and
 * banners with their targeting and limits; a unit for a page's place and its hits; the /ad page's prices and
 * advertisers' requests; the ad-block probes `/advert.gif` and `/px.gif`.
 */
export default defineModule({
  name: 'distributions',
  routes: distributionsRoutes,
  rootRoutes: distributionsRootRoutes,
  pages: { distributions: { services: distributionsPage } },
});
