import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { plainBody } from '../../../shared/validation.ts';
import { idField, intChoice, targetField } from '../../../shared/reactions.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireActiveUser, requireUser } from '../auth/index.ts';
import * as bookmarks from './service.ts';
import { shares } from './shares.ts';

const changeBody = plainBody({ id: idField, type: targetField, state: intChoice([0, 1] as const, messages.favoriteStateInvalid) });

/** The microsecond UTC timestamp the list hands out as `last_sorting_value`, and a real date at that. */
const SORT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const isSortingValue = (v: string) => {
  const m = SORT_RE.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi && y >= 1970;
};
const listQuery = z.strictObject({
  type: targetField.optional(),
  last_id: idField.optional(),
  last_sorting_value: z.string({ error: messages.bookmarksCursorInvalid }).refine(isSortingValue, messages.bookmarksCursorInvalid).optional(),
  mode: z.string().max(16).optional(),
}, { error: (iss) => (iss.code === 'unrecognized_keys' ? messages.unknownField((iss.keys ?? []).join(', ')) : messages.badRequest) })
  .refine((v) => (v.last_id === undefined) === (v.last_sorting_value === undefined), { message: messages.bookmarksCursorInvalid, path: ['last_id'] });

const entryParams = z.object({ id: idField });

export async function bookmarksRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  app.post('/favorite/change', { config: limit(app, 120, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const input = parse(changeBody, req.body);
    return ok(await bookmarks.change(ctx, user.id, input));
  });

  // The bookmarks page's "show more": `type` content (default) or comment, cursor from the previous page.
  app.get('/bookmarks', { config: limit(app, 120, 60) }, async (req) => {
    const user = requireUser(req.user);
    const q = parse(listQuery, req.query);
    const cursor = q.last_id !== undefined && q.last_sorting_value !== undefined ? { lastId: q.last_id, lastSortingValue: q.last_sorting_value } : null;
    return ok(q.type === 'comment' ? await bookmarks.comments(ctx, user.id, cursor) : await bookmarks.entries(ctx, user.id, cursor));
  });

  app.get('/content/shares/mobile/:id', async (req) => {
    const { id } = parse(entryParams, req.params);
    return ok(await shares(ctx, id));
  });
}
