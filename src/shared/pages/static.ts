import type { Found } from './history.ts';
import type { PageVersion, StaticPage, StaticSlug } from '../static-pages.ts';

/** What the site's own pages read on the server (implemented in src/server/modules/pages/page.ts). */
export interface StaticPagesServices {
  /** The page at its address, for anyone. */
  page(slug: StaticSlug): Promise<StaticPage>;
  /** The administrators' screen: every page, and the chosen one's versions (401 anonymous, 403 not an admin). */
  admin(slug: StaticSlug | null): Promise<Found<{ pages: StaticPage[]; versions: PageVersion[] }>>;
}
