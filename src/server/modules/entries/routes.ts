import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { entryBlocksField, entryTitleField, flag } from '../../../shared/blocks.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { DraftsList } from '../../../shared/drafts.ts';
import type { EntryData, WritingTarget } from '../../../shared/entries.ts';
import { plainBody } from '../../../shared/validation.ts';
import { notFound, parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireActiveUser, requireUser } from '../auth/index.ts';
import * as entries from './service.ts';

/** A positive int4 id as JSON (number) or a form / path (digits) sends it. */
export const idOf = (message: string) => z.union([z.number({ error: message }), z.string({ error: message }).regex(/^\d{1,10}$/, message)], { error: message })
  .transform(Number)
  .pipe(z.number().int(message).positive(message).max(2 ** 31 - 1, message));

const idParams = z.object({ id: idOf(messages.entryIdInvalid) });
const emptyQuery = plainBody({});
const draftsQuery = plainBody({ last_id: idOf(messages.draftsCursorInvalid).optional() });

const saveBody = plainBody({
  id: idOf(messages.entryIdInvalid).optional(),
  title: entryTitleField,
  subsite_id: idOf(messages.subsiteNotFound).optional(),
  entry: entryBlocksField,
  is_published: flag,
  is_enabled_comments: flag.optional(),
  is_enabled_likes: flag.optional(),
  is_nsfw: flag.optional(),
  is_hidden_from_main: flag.optional(),
});

export async function entriesRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  app.post('/writing/save', { config: limit(app, 30, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const input = parse(saveBody, req.body);
    const { entry, rm } = await entries.save(ctx, user, input);
    return ok<EntryData>({ entry }, rm);
  });

  app.get('/writing/get/:id', async (req) => {
    const user = requireUser(req.user);
    const { id } = parse(idParams, req.params);
    parse(emptyQuery, req.query);
    return ok<EntryData>({ entry: await entries.entryForEdit(ctx, user, id) });
  });

  // The way back to a draft after the editor closed: the signed-in user's own, newest change first.
  app.get('/writing/drafts', { config: limit(app, 120, 60) }, async (req) => {
    const user = requireUser(req.user);
    const query = parse(draftsQuery, req.query);
    return ok<DraftsList>(await entries.drafts(ctx, user, query.last_id ?? null));
  });

  // The editor popup's subsite choice (the /writing page gets the same list from its loader).
  app.get('/writing/targets', async (req) => {
    const user = requireUser(req.user);
    parse(emptyQuery, req.query);
    return ok<{ targets: WritingTarget[] }>({ targets: await entries.writingTargets(ctx, user) });
  });

  app.get('/entry/:id', async (req) => {
    const { id } = parse(idParams, req.params);
    parse(emptyQuery, req.query);
    const entry = await entries.readEntry(ctx, req.user, id);
    if (!entry) throw notFound(messages.entryNotFound);
    return ok<EntryData>({ entry });
  });
}
