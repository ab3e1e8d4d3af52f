import type { CommentsPageServices } from '../../../web/features/comments/services.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/queries.ts';

export function commentsPage(ctx: Ctx, user: UserRow | null): CommentsPageServices {
  void ctx;
  void user;
  return {};
}
