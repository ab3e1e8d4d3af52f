import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { plainBody } from '../../../shared/validation.ts';
import { idField, intChoice, targetField } from '../../../shared/reactions.ts';
import { route } from '../../http/route.ts';
import * as bookmarks from './service.ts';
import { shares } from './shares.ts';

const changeBody = plainBody({
  id: idField,
  type: targetField,
  state: intChoice([0, 1] as const, messages.favoriteStateInvalid),
});

/** The microsecond UTC timestamp the list hands out as `last_sorting_value`, and a real date at that. */
const SORT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const isSortingValue = (v: string) => {
  const m = SORT_RE.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    y >= 1970
  );
};
const listQuery = plainBody({
  type: targetField.optional(),
  last_id: idField.optional(),
  last_sorting_value: z
    .string({ error: messages.bookmarksCursorInvalid })
    .refine(isSortingValue, messages.bookmarksCursorInvalid)
    .optional(),
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
    params: z.object({ id: idField }),
    handler: ({ ctx, params }) => shares(ctx, params.id),
  }),
];
