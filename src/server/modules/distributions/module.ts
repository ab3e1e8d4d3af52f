import { ANALYTICS_FLUSH_MS } from '../../../shared/analytics.ts';
import { defineModule, HOUR_MS } from '../manifest.ts';
import { flushAnalytics } from './analytics.ts';
import { maintainPartitions } from './analytics-partitions.ts';
import { settleBoosters } from './booster.ts';
import { distributionsPage } from './page.ts';
import { registerPromotion } from './promotion.ts';
import { distributionsRootRoutes, distributionsRoutes } from './routes.ts';

/**
 * Distributions (issue 30): the site's own ads with no third-party script. Staff's campaigns of native units and
 * banners with their targeting and limits; a unit for a page's place and its hits; the /ad page's prices and
 * advertisers' requests; the ad-block probes `/advert.gif` and `/px.gif`; the booster (authors' promoted entries) and
 * first-party analytics (`POST /analytics-event`, the daily roll-up, the ads' report).
 */
export default defineModule({
  name: 'distributions',
  routes: distributionsRoutes,
  rootRoutes: distributionsRootRoutes,
  pages: { distributions: { services: distributionsPage } },
  /** What a paid and a refunded card top-up of a company's promotion balance do (payments' order kind `promotion`). */
  start: (app) => registerPromotion(app.ctx),
  tasks: [
    /** Analytics events waiting in this web process's memory into their tables (and once more when it stops). */
    { name: 'analytics.flush', everyMs: ANALYTICS_FLUSH_MS, scope: 'node', role: 'web', run: flushAnalytics },
    /** The raw events' day partitions: a week ahead made, those past their 30 days dropped. */
    {
      name: 'analytics.partitions',
      everyMs: HOUR_MS,
      scope: 'cluster',
      atStart: true,
      run: async (ctx) => void (await maintainPartitions(ctx)),
    },
    /** Finished boosters: archived, the unspent part returned where it was paid from. */
    { name: 'distributions.settle', everyMs: 10 * 60_000, scope: 'cluster', atStart: true, run: settleBoosters },
  ],
});
