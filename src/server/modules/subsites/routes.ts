import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { FEED_SORTINGS } from '../../../shared/feed.ts';
import { plainBody } from '../../../shared/validation.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireActiveUser } from '../auth/index.ts';
import * as subsites from './service.ts';

const idParams = z.object({ id: z.coerce.number({ error: messages.subsiteNotFound }).int(messages.subsiteNotFound).positive(messages.subsiteNotFound).max(2 ** 31 - 1, messages.subsiteNotFound) });
const emptyBody = plainBody({});
const listQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional(), mode: z.string().optional() });
const sortingParams = z.object({ type: z.enum(FEED_SORTINGS, { error: messages.feedSortingInvalid }) });
const readQuery = z.strictObject({ mode: z.string().max(16).optional() });

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

  app.get('/subsite/:id', async (req) => {
    const { id } = parse(idParams, req.params);
    parse(readQuery, req.query);
    return ok(await subsites.detailsById(ctx, id, req.user?.id ?? null));
  });

  // Muting a person's blog id ignores that author everywhere (spec/content.md §4: mute subsite, ignore author).
  app.post('/mute/subsite/:id', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(idParams, req.params);
    parse(emptyBody, req.body);
    return ok(await subsites.mute(ctx, user.id, id), messages.subsiteMuted);
  });

  app.post('/unmute/subsite/:id', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(idParams, req.params);
    parse(emptyBody, req.body);
    return ok(await subsites.unmute(ctx, user.id, id), messages.subsiteUnmuted);
  });

  app.post('/notifications/subscribe/subsite/:id', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(idParams, req.params);
    parse(emptyBody, req.body);
    return ok(await subsites.notify(ctx, user.id, id, true), messages.notifyOn);
  });

  app.post('/notifications/unsubscribe/subsite/:id', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(idParams, req.params);
    parse(emptyBody, req.body);
    return ok(await subsites.notify(ctx, user.id, id, false), messages.notifyOff);
  });

  app.post('/subsite/save_default_sorting_for_feed/:type', { config: limit(app, 30, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { type } = parse(sortingParams, req.params);
    parse(emptyBody, req.body);
    return ok(await subsites.saveDefaultSorting(ctx, user.id, type), messages.sortingSaved);
  });
}
