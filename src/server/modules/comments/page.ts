import { COMMENTS_FIRST_PAGE_BYTES, COMMENTS_PAGE_THREADS } from '../../../shared/comments.ts';
import type { CommentsPageServices } from '../../../shared/pages/comments.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import * as comments from './service.ts';

export function commentsPage(ctx: Ctx, user: UserRow | null): CommentsPageServices {
  return {
    async page(entryId, { sorting = 'popular', comment } = {}) {
      const page = await comments.page(ctx, user, entryId, {
        sorting,
        count: COMMENTS_PAGE_THREADS,
        comment,
        budget: COMMENTS_FIRST_PAGE_BYTES,
      });
      return { page, sorting, now: ctx.now().getTime() };
    },
  };
}
