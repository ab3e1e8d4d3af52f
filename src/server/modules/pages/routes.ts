import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/pages.ts';
import { READS, route } from '../../http/route.ts';
import * as pages from './service.ts';

/** The site's own pages: `/pages/{slug}` to read and save, `/pages/{slug}/versions…` for their versions. */
export const pagesRoutes = [
  route.implement(contracts.read, {
    rateLimit: READS,
    handler: async ({ ctx, params }) => ({ page: await pages.read(ctx, params.slug) }),
  }),

  route.implement(contracts.save, {
    rateLimit: [60, 60],
    message: messages.pageSaved,
    handler: async ({ ctx, user, params, body }) => ({ page: await pages.save(ctx, user, params.slug, body) }),
  }),

  route.implement(contracts.versions, {
    rateLimit: READS,
    handler: async ({ ctx, params }) => ({ items: await pages.versions(ctx, params.slug) }),
  }),

  route.implement(contracts.restore, {
    rateLimit: [30, 60],
    message: messages.pageRestored,
    handler: async ({ ctx, user, params }) => ({ page: await pages.restore(ctx, user, params.slug, params.id) }),
  }),
];
