import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import type { Entry, EntryData } from '../../../shared/entries.ts';
import type { EntryRemovedState, HistoryList, HistoryVersion } from '../../../shared/history.ts';
import { plainBody } from '../../../shared/validation.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireActiveUser, requireUser } from '../auth/index.ts';
import { idOf } from '../entries/routes.ts';
import * as history from './service.ts';

const entryParams = z.object({ id: idOf(messages.entryIdInvalid) });
const versionParams = z.object({ id: idOf(messages.entryIdInvalid), historyId: idOf(messages.historyIdInvalid) });
const listQuery = plainBody({ last_id: idOf(messages.historyLastIdInvalid).optional() });
const emptyBody = plainBody({});

/** Entry lifecycle and history: `/writing/{id}/history…`, `/writing/{id}/remove`, `/writing/{id}/restore`. */
export async function historyRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  app.get('/writing/:id/history', async (req) => {
    const user = requireUser(req.user);
    const { id } = parse(entryParams, req.params);
    const query = parse(listQuery, req.query);
    return ok<HistoryList>(await history.list(ctx, user, id, query.last_id ?? null));
  });

  app.get('/writing/:id/history/:historyId', async (req) => {
    const user = requireUser(req.user);
    const { id, historyId } = parse(versionParams, req.params);
    parse(emptyBody, req.query);
    return ok<{ entry: Entry; version: HistoryVersion }>(await history.version(ctx, user, id, historyId));
  });

  app.post('/writing/:id/history/:historyId/apply', { config: limit(app, 30, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id, historyId } = parse(versionParams, req.params);
    parse(emptyBody, req.body);
    return ok<EntryData>({ entry: await history.apply(ctx, user, id, historyId) }, messages.historyApplied);
  });

  app.post('/writing/:id/remove', { config: limit(app, 30, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(entryParams, req.params);
    parse(emptyBody, req.body);
    return ok<EntryRemovedState>(await history.setRemoved(ctx, user, id, true), messages.entryRemoved);
  });

  app.post('/writing/:id/restore', { config: limit(app, 30, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(entryParams, req.params);
    parse(emptyBody, req.body);
    return ok<EntryRemovedState>(await history.setRemoved(ctx, user, id, false), messages.entryRestored);
  });
}
