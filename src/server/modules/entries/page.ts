import type { EntriesPageServices } from '../../../shared/pages/entries.ts';
import type { Ctx } from '../../context.ts';
import { found } from '../../http/page-status.ts';
import type { UserRow } from '../auth/index.ts';
import * as entries from './service.ts';

export function entriesPage(ctx: Ctx, user: UserRow | null): EntriesPageServices {
  return {
    entry: (id, options) => entries.readEntry(ctx, user, id, { access: options?.access }),
    closedIn: (id) => entries.closedSubsiteOf(ctx, user, id),
    editable: (id) => found(user, async (u) => ({ entry: await entries.entryForEdit(ctx, u, id) })),
    writingTargets: async () => (user ? entries.writingTargets(ctx, user) : []),
    drafts: async () => (user ? entries.drafts(ctx, user, null) : null),
  };
}
