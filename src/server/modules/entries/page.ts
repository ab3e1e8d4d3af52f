import type { EntriesPageServices } from '../../../web/features/entries/services.ts';
import type { Ctx } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import type { UserRow } from '../auth/queries.ts';
import * as entries from './service.ts';

export function entriesPage(ctx: Ctx, user: UserRow | null): EntriesPageServices {
  return {
    entry: (id) => entries.readEntry(ctx, user, id),
    async editable(id) {
      if (!user) return { status: 401 };
      try {
        return { status: 200, entry: await entries.entryForEdit(ctx, user, id) };
      } catch (err) {
        if (err instanceof ApiError && (err.rc === 403 || err.rc === 404)) return { status: err.rc };
        throw err;
      }
    },
    writingTargets: async () => (user ? entries.writingTargets(ctx, user) : []),
  };
}
