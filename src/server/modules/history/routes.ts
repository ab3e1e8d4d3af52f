import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/history.ts';
import { READS, route } from '../../http/route.ts';
import * as history from './service.ts';

/** Entry lifecycle and history: `/writing/{id}/history…`, `/writing/{id}/remove`, `/writing/{id}/restore`. */
export const historyRoutes = [
  route.implement(contracts.list, {
    rateLimit: READS,
    handler: ({ ctx, user, params, query }) => history.list(ctx, user, params.id, query.last_id ?? null),
  }),

  route.implement(contracts.version, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => history.version(ctx, user, params.id, params.historyId),
  }),

  route.implement(contracts.apply, {
    rateLimit: [30, 60],
    message: messages.historyApplied,
    handler: async ({ ctx, user, params }) => ({
      entry: await history.apply(ctx, user, params.id, params.historyId),
    }),
  }),

  route.implement(contracts.remove, {
    rateLimit: [30, 60],
    message: messages.entryRemoved,
    handler: ({ ctx, user, params }) => history.setRemoved(ctx, user, params.id, true),
  }),

  route.implement(contracts.restore, {
    rateLimit: [30, 60],
    message: messages.entryRestored,
    handler: ({ ctx, user, params }) => history.setRemoved(ctx, user, params.id, false),
  }),
];
