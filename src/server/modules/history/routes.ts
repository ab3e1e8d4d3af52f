import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import type { EntryData } from '../../../shared/entries.ts';
import { idField, plainBody } from '../../../shared/validation.ts';
import { READS, route } from '../../http/route.ts';
import * as history from './service.ts';

const entryParams = z.object({ id: idField(messages.entryIdInvalid) });
const versionParams = z.object({ id: idField(messages.entryIdInvalid), historyId: idField(messages.historyIdInvalid) });

/** Entry lifecycle and history: `/writing/{id}/history…`, `/writing/{id}/remove`, `/writing/{id}/restore`. */
export const historyRoutes = [
  route.get('/writing/:id/history', {
    access: 'user',
    rateLimit: READS,
    params: entryParams,
    query: plainBody({ last_id: idField(messages.historyLastIdInvalid).optional() }),
    handler: ({ ctx, user, params, query }) => history.list(ctx, user, params.id, query.last_id ?? null),
  }),

  route.get('/writing/:id/history/:historyId', {
    access: 'user',
    rateLimit: READS,
    params: versionParams,
    handler: ({ ctx, user, params }) => history.version(ctx, user, params.id, params.historyId),
  }),

  route.post('/writing/:id/history/:historyId/apply', {
    access: 'active',
    rateLimit: [30, 60],
    params: versionParams,
    message: messages.historyApplied,
    handler: async ({ ctx, user, params }): Promise<EntryData> => ({
      entry: await history.apply(ctx, user, params.id, params.historyId),
    }),
  }),

  route.post('/writing/:id/remove', {
    access: 'active',
    rateLimit: [30, 60],
    params: entryParams,
    message: messages.entryRemoved,
    handler: ({ ctx, user, params }) => history.setRemoved(ctx, user, params.id, true),
  }),

  route.post('/writing/:id/restore', {
    access: 'active',
    rateLimit: [30, 60],
    params: entryParams,
    message: messages.entryRestored,
    handler: ({ ctx, user, params }) => history.setRemoved(ctx, user, params.id, false),
  }),
];
