import type { CommentsPageServices } from '../../../shared/pages/comments.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import * as comments from './service.ts';

export function commentsPage(ctx: Ctx, user: UserRow | null): CommentsPageServices {
  return {
    async list(entryId, sorting = 'popular') {
      return { items: await comments.list(ctx, user, entryId, sorting), sorting, now: ctx.now().getTime() };
    },
  };
}
