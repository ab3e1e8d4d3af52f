import * as contracts from '../../../shared/api/extract.ts';
import { route } from '../../http/route.ts';
import { withHtml } from './render.ts';
import { extract } from './service.ts';

/**
 * `GET /andropov/extract`, `GET /andropov/extract/render` (spec/foundation.md §7). Extraction makes the server
 * fetch outside pages, so only signed-in, unbanned people (the editor and comment forms) may ask.
 */
export const extractRoutes = [
  route.implement(contracts.extract, {
    rateLimit: [30, 60],
    handler: async ({ ctx, user, query }) => ({ result: await extract(ctx, user, query.urls, query.forceLink) }),
  }),

  route.implement(contracts.extractRender, {
    rateLimit: [30, 60],
    handler: async ({ ctx, user, query }) => ({
      result: withHtml(await extract(ctx, user, query.urls, query.forceLink)),
    }),
  }),
];
