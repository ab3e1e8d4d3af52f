import type { ReactionsPageServices } from '../../../shared/pages/reactions.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import { requireUser } from '../auth/index.ts';
import * as bookmarks from './service.ts';

export function reactionsPage(ctx: Ctx, user: UserRow | null): ReactionsPageServices {
  return {
    bookmarkedEntries: async (cursor) => bookmarks.entries(ctx, requireUser(user), cursor ?? null),
    bookmarkedComments: async (cursor) => bookmarks.comments(ctx, requireUser(user), cursor ?? null),
  };
}
