import * as contracts from '../../../shared/api/hits.ts';
import { READS, route } from '../../http/route.ts';
import * as hits from './service.ts';
import { visitorCookie } from './visitor.ts';

export { HIT_COOKIE } from './visitor.ts';

const hitRoute = (c: typeof contracts.hit | typeof contracts.hitMobile) =>
  route.implement(c, {
    rateLimit: [300, 60],
    handler: ({ ctx, user, params, req, reply }) => {
      const cookieId = visitorCookie(req, reply);
      reply.header('cache-control', 'no-store');
      return hits.hit(ctx, params.contentId, hits.visitorOf(user?.id ?? null, cookieId));
    },
  });

/** Views (spec/content.md §7); `/hit/{id}/mobile` is the mobile app's spelling of the same call. */
export const hitsRoutes = [
  hitRoute(contracts.hit),
  hitRoute(contracts.hitMobile),

  // The entry's statistics popup (its '…' menu): the author's and staff's.
  route.implement(contracts.entryStats, {
    rateLimit: READS,
    handler: ({ ctx, user, params, query }) => hits.entryStats(ctx, user, params.id, query.days),
  }),
];
