import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { plainBody } from '../../../shared/validation.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireActiveUser } from '../auth/policy.ts';
import * as subsites from './service.ts';

const idParams = z.object({ id: z.coerce.number({ error: messages.subsiteNotFound }).int(messages.subsiteNotFound).positive(messages.subsiteNotFound).max(2 ** 31 - 1, messages.subsiteNotFound) });
const emptyBody = plainBody({});
const listQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional(), mode: z.string().optional() });

export async function subsiteRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  app.get('/subsites/communities', async (req) => {
    const { limit: n } = parse(listQuery, req.query);
    return ok({ items: await subsites.communities(ctx, req.user?.id ?? null, n) });
  });

  app.post('/subscribe/to/subsite/:id', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(idParams, req.params);
    parse(emptyBody, req.body);
    return ok(await subsites.subscribe(ctx, user.id, id), messages.subscribed);
  });

  app.post('/unsubscribe/to/subsite/:id', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(idParams, req.params);
    parse(emptyBody, req.body);
    return ok(await subsites.unsubscribe(ctx, user.id, id), messages.unsubscribed);
  });
}
