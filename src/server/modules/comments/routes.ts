import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { COMMENT_MAX_LENGTH, COMMENT_SORTINGS } from '../../../shared/comments.ts';
import { plainBody } from '../../../shared/validation.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireActiveUser, requireStaff, requireUser } from '../auth/policy.ts';
import * as comments from './service.ts';

/** A database id from JSON (number) or a form/query (digits); booleans, fractions and the like are refused. */
const idField = (rm: string) =>
  z.union([z.number(), z.string().trim().regex(/^\d{1,10}$/, rm)], { error: rm })
    .transform(Number)
    .pipe(z.number().int(rm).positive(rm).max(2 ** 31 - 1, rm));

/** `reply_to`: absent, empty, 0 or null for a top-level comment. */
const replyToField = z.union([z.null(), z.literal(''), z.literal(0), z.literal('0'), idField(messages.commentIdInvalid)], { error: messages.commentIdInvalid })
  .optional()
  .transform((v) => (v ? Number(v) : null));

// The service trims and checks the real limit; this only keeps absurd payloads away from the text clean-up.
const textField = z.string({ error: (iss) => (iss.input === undefined ? messages.commentEmpty : messages.wrongType) })
  .max(COMMENT_MAX_LENGTH * 4, messages.commentTooLong(COMMENT_MAX_LENGTH));

const countField = z.union([z.number(), z.string().trim().regex(/^\d{1,10}$/, messages.commentSeenCountInvalid)], { error: messages.commentSeenCountInvalid })
  .transform(Number)
  .pipe(z.number().int(messages.commentSeenCountInvalid).min(0, messages.commentSeenCountInvalid).max(2 ** 31 - 1, messages.commentSeenCountInvalid));

const listQuery = plainBody({
  content_id: idField(messages.commentEntryIdInvalid),
  sorting: z.enum(COMMENT_SORTINGS, { error: messages.commentSortingInvalid }).default('popular'),
});
const addBody = plainBody({ id: idField(messages.commentEntryIdInvalid), text: textField, reply_to: replyToField });
const editBody = plainBody({ id: idField(messages.commentIdInvalid), text: textField });
const idBody = plainBody({ id: idField(messages.commentIdInvalid) });
const seenBody = plainBody({ content_id: idField(messages.commentEntryIdInvalid), count: countField });

export async function commentsRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  app.get('/comments', async (req) => {
    const query = parse(listQuery, req.query);
    return ok({ items: await comments.list(ctx, req.user, query.content_id, query.sorting) });
  });

  app.post('/comment/add', { config: limit(app, 10, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const body = parse(addBody, req.body);
    return ok(await comments.add(ctx, user, { entryId: body.id, text: body.text, replyTo: body.reply_to }), messages.commentAdded);
  });

  app.post('/comment/edit', { config: limit(app, 30, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const body = parse(editBody, req.body);
    return ok(await comments.edit(ctx, user, body), messages.commentEdited);
  });

  app.post('/comment/remove', { config: limit(app, 30, 60) }, async (req) => {
    const user = requireActiveUser(req.user, ctx.now());
    const { id } = parse(idBody, req.body);
    return ok(await comments.remove(ctx, user, id), messages.commentRemoved);
  });

  // Staff tools (spec/content.md §7): one comment, or the comment with every reply under it.
  app.post('/admin/comments/remove', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireStaff(requireActiveUser(req.user, ctx.now()));
    const { id } = parse(idBody, req.body);
    return ok(await comments.remove(ctx, user, id), messages.commentRemoved);
  });

  app.post('/admin/comments/removeBranch', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireStaff(requireActiveUser(req.user, ctx.now()));
    const { id } = parse(idBody, req.body);
    return ok(await comments.removeBranch(ctx, user, id), messages.commentBranchRemoved);
  });

  app.post('/comments/saveCommentsSeenCount', { config: limit(app, 120, 60) }, async (req) => {
    const user = requireUser(req.user);
    const body = parse(seenBody, req.body);
    return ok(await comments.saveSeen(ctx, user, body.content_id, body.count));
  });
}
