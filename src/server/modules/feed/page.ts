import type { FeedPageServices } from '../../../shared/pages/feed.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import * as subsites from '../subsites/service.ts';
import { assertCanReadMyFeed } from './policy.ts';
import * as feed from './service.ts';

export function feedPage(ctx: Ctx, user: UserRow | null): FeedPageServices {
  const viewerId = user?.id ?? null;
  return {
    page(req) {
      if (req.scope === 'my') assertCanReadMyFeed(user);
      return feed.feed(ctx, user, req);
    },
    defaultSorting: () => subsites.defaultSorting(ctx, viewerId),
    async subsite(ref) {
      const row = 'id' in ref ? await subsites.byId(ctx, ref.id) : await subsites.communityBySlug(ctx, ref.slug);
      return row ? subsites.details(ctx, row, user) : null;
    },
  };
}
