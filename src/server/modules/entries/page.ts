import type { EntriesPageServices } from '../../../shared/pages/entries.ts';
import type { Ctx } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import type { UserRow } from '../auth/queries.ts';
import * as entries from './service.ts';

/** The API's refusals as statuses a page turns into its error screen (401 opens the sign-in dialog). */
export async function found<T>(user: UserRow | null, read: (user: UserRow) => Promise<T>): Promise<({ status: 200 } & T) | { status: 401 | 403 | 404 }> {
  if (!user) return { status: 401 };
  try {
    return { status: 200, ...(await read(user)) };
  } catch (err) {
    if (err instanceof ApiError && (err.rc === 403 || err.rc === 404)) return { status: err.rc };
    throw err;
  }
}

export function entriesPage(ctx: Ctx, user: UserRow | null): EntriesPageServices {
  return {
    entry: (id) => entries.readEntry(ctx, user, id),
    editable: (id) => found(user, async (u) => ({ entry: await entries.entryForEdit(ctx, u, id) })),
    writingTargets: async () => (user ? entries.writingTargets(ctx, user) : []),
    drafts: async () => (user ? entries.drafts(ctx, user, null) : null),
  };
}
