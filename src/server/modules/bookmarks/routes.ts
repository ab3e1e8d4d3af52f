import { messages } from '../../../shared/catalogue.ts';
import { microsecondTimeField, plainBody } from '../../../shared/validation.ts';
import { idField, targetField } from '../../../shared/reactions.ts';
import * as contracts from '../../../shared/api/bookmarks.ts';
import { READS, route } from '../../http/route.ts';
import * as bookmarks from './service.ts';
import { shares } from './shares.ts';

const listQuery = plainBody({
  type: targetField.optional(),
  last_id: idField.optional(),
  last_sorting_value: microsecondTimeField(messages.bookmarksCursorInvalid).optional(),
}).refine((v) => (v.last_id === undefined) === (v.last_sorting_value === undefined), {
  message: messages.bookmarksCursorInvalid,
  path: ['last_id'],
});

export const bookmarksRoutes = [
  route.implement(contracts.change, {
    rateLimit: [120, 60],
    handler: ({ ctx, user, body }) => bookmarks.change(ctx, user.id, body),
  }),

  // The bookmarks page's "show more": `type` content (default) or comment, cursor from the previous page.
  route.get('/bookmarks', {
    access: 'user',
    rateLimit: [120, 60],
    query: listQuery,
    handler: async ({ ctx, user, query }) => {
      const cursor =
        query.last_id !== undefined && query.last_sorting_value !== undefined
          ? { lastId: query.last_id, lastSortingValue: query.last_sorting_value }
          : null;
      return query.type === 'comment'
        ? bookmarks.comments(ctx, user.id, cursor)
        : bookmarks.entries(ctx, user.id, cursor);
    },
  }),

  route.implement(contracts.shares, {
    rateLimit: READS,
    handler: ({ ctx, params }) => shares(ctx, params.id),
  }),
];
