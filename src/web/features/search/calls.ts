import type { SearchEntity, SearchOrder, SearchPage, SearchPeriod } from '../../../shared/search.ts';
import { api } from '../../api/request.ts';

/** `GET /v3.0/search_ajax/v2/{entity}/{order}/{page}?query=…`; `quiet`: no toast (the header box, spec §8 popover). */
export function searchCall(
  entity: SearchEntity,
  order: SearchOrder,
  page: number,
  params: { query: string; period?: SearchPeriod },
  quiet = false,
) {
  const data: Record<string, unknown> = { query: params.query };
  if (params.period && params.period !== 'all') data.period = params.period;
  return api.get<SearchPage>(`search_ajax/v2/${entity}/${order}/${page}`, data, quiet ? { notify: false } : {});
}
