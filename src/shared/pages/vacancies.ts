import type { JobWidgetData, TownData, VacanciesPageData, VacancyData, VacancyFilters } from '../api/vacancies.ts';

/** What page loaders may ask about vacancies; implemented in src/server/modules/vacancies/page.ts. */
export interface VacanciesPageServices {
  /** The first page of published vacancies by the filters. */
  list(filters: VacancyFilters): Promise<VacanciesPageData>;
  /** One vacancy as the reader may see it (rc 404 otherwise). */
  one(id: number): Promise<VacancyData>;
  /** The signed-in reader's own vacancies in every state ([] for anonymous readers). */
  mine(): Promise<VacancyData[]>;
  /** Staff's queue (rc 403 for others). */
  queue(): Promise<VacancyData[]>;
  /** The reader's town: their setting, else the cookie's value (`city_id`). */
  readerTown(cookie: string | null): Promise<TownData | null>;
  town(id: number): Promise<TownData | null>;
  /** The right column's widget: the first vacancies of the town. */
  widget(townId: number | null): Promise<JobWidgetData>;
  /** The blogs the reader may post a vacancy from: their own and the companies and communities they run. */
  authorBlogs(): Promise<{ id: number; name: string; type: 'user' | 'community' | 'company' }[]>;
}
