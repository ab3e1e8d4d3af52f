import * as contracts from '../../../shared/api/reposts.ts';
import { READS, route } from '../../http/route.ts';
import * as reposts from './service.ts';

export const repostsRoutes = [
  route.implement(contracts.create, {
    rateLimit: [30, 60],
    handler: ({ ctx, user, body }) => reposts.create(ctx, user, body),
  }),

  route.implement(contracts.remove, {
    rateLimit: [30, 60],
    handler: ({ ctx, user, body }) => reposts.remove(ctx, user, body.id),
  }),

  route.implement(contracts.targets, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => reposts.targets(ctx, user, params.id),
  }),

  route.implement(contracts.into, {
    rateLimit: READS,
    handler: async ({ ctx, user, params, query }) => ({
      items: await reposts.feed(ctx, user?.id ?? null, { subsiteId: params.id }, query.before ?? null),
    }),
  }),

  route.implement(contracts.who, {
    rateLimit: READS,
    handler: ({ ctx, params }) => reposts.who(ctx, params.id),
  }),

  route.implement(contracts.mine, {
    rateLimit: READS,
    handler: async ({ ctx, user, query }) => ({
      items: await reposts.feed(ctx, user.id, { subscriberId: user.id }, query.before ?? null),
    }),
  }),
];
