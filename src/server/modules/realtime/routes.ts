import * as contracts from '../../../shared/api/realtime.ts';
import { route } from '../../http/route.ts';
import * as live from './live.ts';

/** The live feed calls (`/live/initial`) and a Plus reader's private live token. */
export const realtimeRoutes = [
  route.implement(contracts.initial, {
    rateLimit: [120, 60],
    handler: async ({ ctx }) => ({ items: await live.initial(ctx) }),
  }),

  // Signed in is enough to ask; the token itself is for Plus (402 with its own message, banned readers too).
  route.implement(contracts.liveToken, {
    rateLimit: [30, 60],
    handler: ({ ctx, user }) => live.liveToken(ctx, user),
  }),
];
