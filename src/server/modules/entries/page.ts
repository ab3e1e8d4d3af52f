import type { EntriesPageServices } from '../../../web/features/entries/services.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/queries.ts';

export function entriesPage(ctx: Ctx, user: UserRow | null): EntriesPageServices {
  void ctx;
  void user;
  return {};
}
