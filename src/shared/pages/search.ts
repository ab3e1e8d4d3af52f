import type { SearchEntity, SearchOrder, SearchPage, SearchPeriod } from '../search.ts';

/** What the `/search` page loader asks; implemented in src/server/modules/search/page.ts. */
export interface SearchPageServices {
  /** The first page of results, as `GET /v3.0/search_ajax/v2/{entity}/{order}/1` answers it. */
  first(req: { query: string; entity: SearchEntity; order: SearchOrder; period: SearchPeriod }): Promise<SearchPage>;
}
