import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import {
  SEARCH_ENTITIES,
  SEARCH_MAX_PAGE,
  SEARCH_ORDERS,
  SEARCH_PERIODS,
  SEARCH_QUERY_MAX,
} from '../../../shared/search.ts';
import { collapse, idField, intField, plainBody } from '../../../shared/validation.ts';
import { route } from '../../http/route.ts';
import * as search from './service.ts';

const queryField = z
  .string({ error: (iss) => (iss.input === undefined ? messages.searchQueryRequired : messages.wrongType) })
  // The length is checked before anything else is done with the text.
  .max(SEARCH_QUERY_MAX * 4, messages.searchQueryTooLong(SEARCH_QUERY_MAX))
  .transform(collapse)
  .pipe(
    z
      .string()
      .min(1, messages.searchQueryRequired)
      .max(SEARCH_QUERY_MAX, messages.searchQueryTooLong(SEARCH_QUERY_MAX)),
  );

/** Search (spec/content.md §7): `{items, is_finished}`, the JSON counterpart of `feed_html`. */
export const searchRoutes = [
  route.get('/search_ajax/v2/:entity/:order/:page', {
    access: 'anyone',
    rateLimit: [120, 60],
    params: z.strictObject({
      entity: z.enum(SEARCH_ENTITIES, { error: messages.searchEntityInvalid }),
      order: z.enum(SEARCH_ORDERS, { error: messages.searchOrderInvalid }),
      page: intField(messages.searchPageInvalid(SEARCH_MAX_PAGE), 1, SEARCH_MAX_PAGE),
    }),
    query: plainBody({
      query: queryField,
      period: z.enum(SEARCH_PERIODS, { error: messages.searchPeriodInvalid }).default('all'),
      subsite_id: idField(messages.searchSubsiteInvalid).optional(),
    }),
    // Most answers are a shared page's envelope, encoded once (service.searchAnswer).
    handler: ({ ctx, user, params, query }) => search.searchAnswer(ctx, user?.id ?? null, { ...params, ...query }),
  }),
];
