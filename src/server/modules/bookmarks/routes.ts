import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { microsecondTimeField, plainBody } from '../../../shared/validation.ts';
import { idField, intChoice, targetField } from '../../../shared/reactions.ts';
import { READS, route } from '../../http/route.ts';
import * as bookmarks from './service.ts';
import { shares } from './shares.ts';

const changeBody = plainBody({
  id: idField,
  type: targetField,
  state: intChoice([0, 1] as const, messages.favoriteStateInvalid),
});

const listQuery = plainBody({
  type: targetField.optional(),
  last_id: idField.optional(),
  last_sorting_value: microsecondTimeField(messages.bookmarksCursorInvalid).optional(),
}).refine((v) => (v.last_id === undefined) === (v.last_sorting_value === undefined), {
  message: messages.bookmarksCursorInvalid,
  path: ['last_id'],
});

export const bookmarksRoutes = [
  route.post('/favorite/change', {
    access: 'active',
    rateLimit: [120, 60],
    body: changeBody,
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

  route.get('/content/shares/mobile/:id', {
    access: 'anyone',
    rateLimit: READS,
    params: z.object({ id: idField }),
    handler: ({ ctx, params }) => shares(ctx, params.id),
  }),
];
