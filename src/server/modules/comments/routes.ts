import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_SORTINGS,
  COMMENTS_PAGE_MAX,
  COMMENTS_PAGE_THREADS,
} from '../../../shared/comments.ts';
import { idField, intField, parentIdField, plainBody } from '../../../shared/validation.ts';
import { READS, route } from '../../http/route.ts';
import { badRequest } from '../../lib/errors.ts';
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
  // The whole discussion by default (`{items}`); with `count`, `cursor`, `thread` or `comment` a page of it
  // (`CommentsPage`): threads after `cursor`, the replies of `thread` after `after`, or a first page with the thread
  // of `comment` on it.
  route.get('/comments', {
    access: 'anyone',
    rateLimit: READS,
    query: plainBody({
      content_id: idField(messages.commentEntryIdInvalid),
      sorting: z.enum(COMMENT_SORTINGS, { error: messages.commentSortingInvalid }).default('popular'),
      count: intField(messages.commentsCountInvalid(COMMENTS_PAGE_MAX), 1, COMMENTS_PAGE_MAX).optional(),
      cursor: z.string({ error: messages.commentCursorInvalid }).max(60, messages.commentCursorInvalid).optional(),
      thread: idField(messages.commentThreadInvalid).optional(),
      after: idField(messages.commentCursorInvalid).optional(),
      comment: idField(messages.commentIdInvalid).optional(),
      seen_count: intField(messages.commentSeenCountInvalid).optional(),
      seen_at: intField(messages.commentSeenAtInvalid, 0, 8_640_000_000_000_000).optional(),
    }),
    handler: async ({ ctx, user, query: { content_id, sorting, count, seen_count, seen_at, ...part } }) => {
      if ((seen_count === undefined) !== (seen_at === undefined)) throw badRequest(messages.commentSeenPair);
      const seen = seen_count === undefined ? undefined : { count: seen_count, at: seen_at! };
      return count === undefined && seen === undefined && Object.values(part).every((v) => v === undefined)
        ? comments.list(ctx, user, content_id, sorting)
        : comments.page(ctx, user, content_id, { sorting, count: count ?? COMMENTS_PAGE_THREADS, seen, ...part });
    },
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
