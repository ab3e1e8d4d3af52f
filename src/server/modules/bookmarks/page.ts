import type { ReactionsPageServices } from '../../../web/features/reactions/services.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/queries.ts';

export function reactionsPage(ctx: Ctx, user: UserRow | null): ReactionsPageServices {
  void ctx;
  void user;
  return {};
}
