import { messages } from '../../../shared/catalogue.ts';
import { COMMENTS_PAGE_THREADS } from '../../../shared/comments.ts';
import * as contracts from '../../../shared/api/comments.ts';
import { READS, route } from '../../http/route.ts';
import { badRequest } from '../../lib/errors.ts';
import * as comments from './service.ts';
import { guardComment } from '../captcha/index.ts';

/** Comments of an entry (spec/content.md §7). */
export const commentsRoutes = [
  // The whole discussion by default (`{items}`); with `count`, `cursor`, `thread` or `comment` a page of it
  // (`CommentsPage`): threads after `cursor`, the replies of `thread` after `after`, or a first page with the thread
  // of `comment` on it.
  route.implement(contracts.list, {
    rateLimit: READS,
    handler: async ({ ctx, user, query: { content_id, sorting, count, seen_count, seen_at, ...part } }) => {
      if ((seen_count === undefined) !== (seen_at === undefined)) throw badRequest(messages.commentSeenPair);
      const seen = seen_count === undefined || seen_at === undefined ? undefined : { count: seen_count, at: seen_at };
      return count === undefined && seen === undefined && Object.values(part).every((v) => v === undefined)
        ? comments.list(ctx, user, content_id, sorting)
        : comments.page(ctx, user, content_id, { sorting, count: count ?? COMMENTS_PAGE_THREADS, seen, ...part });
    },
  }),

  route.implement(contracts.add, {
    rateLimit: [10, 60],
    message: messages.commentAdded,
    handler: async ({ ctx, user, body }) => {
      // New accounts: a few comments an hour, then rc 418 and the captcha (modules/captcha).
      await guardComment(ctx, user, body.captcha);
      return comments.add(ctx, user, {
        entryId: body.id,
        text: body.text,
        replyTo: body.reply_to,
        asSubsiteId: body.as_subsite_id ?? null,
        attach: body.attach,
      });
    },
  }),

  route.implement(contracts.edit, {
    rateLimit: [30, 60],
    message: messages.commentEdited,
    handler: ({ ctx, user, body }) => comments.edit(ctx, user, body),
  }),

  route.implement(contracts.remove, {
    rateLimit: [30, 60],
    message: messages.commentRemoved,
    handler: ({ ctx, user, body }) => comments.remove(ctx, user, body.id),
  }),

  // Staff tools (spec/content.md §7): one comment, or the comment with every reply under it.
  route.implement(contracts.adminRemove, {
    rateLimit: [60, 60],
    message: messages.commentRemoved,
    handler: ({ ctx, user, body }) => comments.remove(ctx, user, body.id),
  }),

  route.implement(contracts.adminRemoveBranch, {
    rateLimit: [60, 60],
    message: messages.commentBranchRemoved,
    handler: ({ ctx, user, body }) => comments.removeBranch(ctx, user, body.id),
  }),

  route.implement(contracts.saveSeen, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, body }) => comments.saveSeen(ctx, user, body.content_id, body.count),
  }),
];
