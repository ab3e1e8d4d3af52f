import type { FeedPageServices } from '../../../web/features/feed/services.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/queries.ts';

export function feedPage(ctx: Ctx, user: UserRow | null): FeedPageServices {
  void ctx;
  void user;
  return {};
}
