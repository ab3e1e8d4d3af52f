import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { startHub } from './hub.ts';
import * as live from './live.ts';
import { publishDomainEvents } from './publish.ts';

/**
 * The socket server on `/socket.io` (channels of spec/foundation.md §7), attached to `app.server`, and the
 * domain events it tells; closed with the app.
 */
export function realtimeWiring(app: FastifyInstance) {
  const hub = startHub(app);
  const stop = publishDomainEvents(app.ctx, hub);
  app.addHook('onClose', async () => stop());
}

/** The live feed calls (`/live/initial`) and a Plus reader's private live token. */
export const realtimeRoutes = [
  route.get('/live/initial', {
    access: 'anyone',
    rateLimit: [120, 60],
    handler: async ({ ctx }) => ({ items: await live.initial(ctx) }),
  }),

  // Signed in is enough to ask; the token itself is for Plus (402 with its own message, banned readers too).
  route.get('/live/token/update', {
    access: 'user',
    rateLimit: [30, 60],
    handler: ({ ctx, user }) => live.liveToken(ctx, user),
  }),
];
