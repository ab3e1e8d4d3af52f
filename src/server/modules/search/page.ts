import type { SearchPageServices } from '../../../shared/pages/search.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import * as search from './service.ts';

export function searchPage(ctx: Ctx, user: UserRow | null): SearchPageServices {
  return {
    first: (req) => search.search(ctx, user?.id ?? null, { ...req, page: 1 }),
  };
}
