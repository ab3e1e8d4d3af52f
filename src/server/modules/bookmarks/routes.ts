import * as contracts from '../../../shared/api/bookmarks.ts';
import { READS, route } from '../../http/route.ts';
import * as bookmarks from './service.ts';
import { shares } from './shares.ts';

export const bookmarksRoutes = [
  route.implement(contracts.change, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, body }) => bookmarks.change(ctx, user, body),
  }),

  // The bookmarks page's "show more": `type` content (default) or comment, cursor from the previous page.
  route.implement(contracts.list, {
    rateLimit: [120, 60],
    handler: async ({ ctx, user, query }) => {
      const cursor =
        query.last_id !== undefined && query.last_sorting_value !== undefined
          ? { lastId: query.last_id, lastSortingValue: query.last_sorting_value }
          : null;
      return query.type === 'comment' ? bookmarks.comments(ctx, user, cursor) : bookmarks.entries(ctx, user, cursor);
    },
  }),

  route.implement(contracts.shares, {
    rateLimit: READS,
    handler: ({ ctx, user, params }) => shares(ctx, user, params.id),
  }),
];
