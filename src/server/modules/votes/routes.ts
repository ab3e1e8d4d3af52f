import * as contracts from '../../../shared/api/votes.ts';
import { route } from '../../http/route.ts';
import * as votes from './service.ts';

export const votesRoutes = [
  route.implement(contracts.like, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, body }) => votes.vote(ctx, user, body),
  }),
];
