import type { FastifyInstance } from 'fastify';
import { plainBody } from '../../../shared/validation.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { startHub } from './hub.ts';
import * as live from './live.ts';
import { requirePlus } from './policy.ts';
import { publishDomainEvents } from './publish.ts';

const noParams = plainBody({});

/**
 * The socket server on `/socket.io` (channels of spec/foundation.md §7) and the live feed calls (`/live/initial`).
 * Registered with the API prefix; the socket server attaches to `app.server`.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  const hub = startHub(app);
  const stop = publishDomainEvents(app.ctx, hub);
  app.addHook('onClose', async () => stop());

  app.get('/live/initial', { config: limit(app, 120, 60) }, async (req) => {
    parse(noParams, req.query);
    return ok({ items: await live.initial(app.ctx) });
  });

  app.get('/live/token/update', { config: limit(app, 30, 60) }, async (req) => {
    parse(noParams, req.query);
    const user = requirePlus(req.user);
    return ok(live.liveToken(app.ctx, user.id));
  });
}
