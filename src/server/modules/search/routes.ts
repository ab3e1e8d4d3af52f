import * as contracts from '../../../shared/api/search.ts';
import { route } from '../../http/route.ts';
import * as search from './service.ts';

/** Search (spec/content.md §7): `{items, is_finished}`, the JSON counterpart of `feed_html`. */
export const searchRoutes = [
  route.implement(contracts.search, {
    rateLimit: [120, 60],
    // Most answers are a shared page's envelope, encoded once (service.searchAnswer).
    handler: ({ ctx, user, params, query }) => search.searchAnswer(ctx, user?.id ?? null, { ...params, ...query }),
  }),
];
