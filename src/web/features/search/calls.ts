import type { SearchEntity, SearchOrder, SearchPage, SearchPeriod } from '../../../shared/search.ts';
import type { search } from '../../../shared/api/search.ts';
import { call } from '../../api/call.ts';
import type { ApiResult } from '../../api/request.ts';

/** `GET /v3.0/search_ajax/v2/{entity}/{order}/{page}?query=…`; `quiet`: no toast (the header box, spec §8 popover). */
export function searchCall(
  entity: SearchEntity,
  order: SearchOrder,
  page: number,
  params: { query: string; period?: SearchPeriod },
  quiet = false,
): Promise<ApiResult<SearchPage>> {
  const period = params.period && params.period !== 'all' ? { period: params.period } : {};
  return call<typeof search>(
    'GET /search_ajax/v2/:entity/:order/:page',
    { entity, order, page, query: params.query, ...period },
    quiet ? { notify: false } : {},
  );
}
