import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { COMMENT_MAX_LENGTH, COMMENT_SORTINGS } from '../../../shared/comments.ts';
import { idField, intField, parentIdField, plainBody } from '../../../shared/validation.ts';
import { route } from '../../http/route.ts';
import * as comments from './service.ts';
import { guardComment } from '../captcha/index.ts';
import { captchaField } from '../../../shared/captcha.ts';

// The service trims and checks the real limit; this only keeps absurd payloads away from the text clean-up.
const textField = z
  .string({ error: (iss) => (iss.input === undefined ? messages.commentEmpty : messages.wrongType) })
  .max(COMMENT_MAX_LENGTH * 4, messages.commentTooLong(COMMENT_MAX_LENGTH));

const idBody = plainBody({ id: idField(messages.commentIdInvalid) });

/** Comments of an entry (spec/content.md §7). */
export const commentsRoutes = [
  route.get('/comments', {
    access: 'anyone',
    query: plainBody({
      content_id: idField(messages.commentEntryIdInvalid),
      sorting: z.enum(COMMENT_SORTINGS, { error: messages.commentSortingInvalid }).default('popular'),
    }),
    handler: async ({ ctx, user, query }) => ({
      items: await comments.list(ctx, user, query.content_id, query.sorting),
    }),
  }),

  route.post('/comment/add', {
    access: 'active',
    rateLimit: [10, 60],
    body: plainBody({
      id: idField(messages.commentEntryIdInvalid),
      text: textField,
      reply_to: parentIdField(messages.commentIdInvalid),
      captcha: captchaField,
    }),
    message: messages.commentAdded,
    handler: async ({ ctx, user, body }) => {
      // New accounts: a few comments an hour, then rc 418 and the captcha (modules/captcha).
      await guardComment(ctx, user, body.captcha);
      return comments.add(ctx, user, { entryId: body.id, text: body.text, replyTo: body.reply_to });
    },
  }),

  route.post('/comment/edit', {
    access: 'active',
    rateLimit: [30, 60],
    body: plainBody({ id: idField(messages.commentIdInvalid), text: textField }),
    message: messages.commentEdited,
    handler: ({ ctx, user, body }) => comments.edit(ctx, user, body),
  }),

  route.post('/comment/remove', {
    access: 'active',
    rateLimit: [30, 60],
    body: idBody,
    message: messages.commentRemoved,
    handler: ({ ctx, user, body }) => comments.remove(ctx, user, body.id),
  }),

  // Staff tools (spec/content.md §7): one comment, or the comment with every reply under it.
  route.post('/admin/comments/remove', {
    access: 'staff',
    rateLimit: [60, 60],
    body: idBody,
    message: messages.commentRemoved,
    handler: ({ ctx, user, body }) => comments.remove(ctx, user, body.id),
  }),

  route.post('/admin/comments/removeBranch', {
    access: 'staff',
    rateLimit: [60, 60],
    body: idBody,
    message: messages.commentBranchRemoved,
    handler: ({ ctx, user, body }) => comments.removeBranch(ctx, user, body.id),
  }),

  route.post('/comments/saveCommentsSeenCount', {
    access: 'user',
    rateLimit: [120, 60],
    body: plainBody({
      content_id: idField(messages.commentEntryIdInvalid),
      count: intField(messages.commentSeenCountInvalid),
    }),
    handler: ({ ctx, user, body }) => comments.saveSeen(ctx, user, body.content_id, body.count),
  }),
];
