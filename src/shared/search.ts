/**
 * Full-text search (spec/content.md §7 `GET /search_ajax/v2/{entity}/{order}/{page}`): the wire contract shared by
 * the server and the web client. Our JSON counterpart of the spec's `feed_html` is `{items, is_finished}` with the
 * card shapes the feed and the comments already use, plus the highlighted matches.
 */
import type { z } from 'zod';
import type { searchComment, searchEntry, searchEvent, searchSubsite, searchVacancy } from './api/search.ts';
import type { HashtagItem } from './hashtags.ts';

export const SEARCH_ENTITIES = ['entries', 'comments', 'subsites', 'users', 'hashtags', 'vacancies', 'events'] as const;
export type SearchEntity = (typeof SEARCH_ENTITIES)[number];

/** `relevant`: best match first (title above text); `date`: newest first; `popular`: rating / subscribers. */
export const SEARCH_ORDERS = ['relevant', 'date', 'popular'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export const SEARCH_PERIODS = ['all', 'day', 'week', 'month', 'year'] as const;
export type SearchPeriod = (typeof SEARCH_PERIODS)[number];
export const SEARCH_PERIOD_DAYS: Record<Exclude<SearchPeriod, 'all'>, number> = {
  day: 1,
  week: 7,
  month: 30,
  year: 365,
};

/** Longest query taken, in characters (longer ones are refused with 400, not cut). */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;
/** Pages go 1…SEARCH_MAX_PAGE (1 000 results): deeper offsets cost more than any reader scrolls. */
export const SEARCH_MAX_PAGE = 50;
/** The header box: how many suggestions of each kind, and how many lines are visible (spec/foundation.md §9). */
export const SUGGEST_PER_KIND = 3;
export const SUGGEST_VISIBLE = 7;
export const SUGGEST_DEBOUNCE_MS = 300;
/** Recent searches kept on the device (localStorage). */
export const RECENT_SEARCHES_MAX = 8;
export const RECENT_SEARCHES_KEY = 'sreda:recent-searches';

/**
 * Highlighted text: HTML-escaped, the matched words wrapped in `<mark>`; nothing else is markup, so the client
 * may render it as HTML.
 */
export type Highlighted = string;

/** An entry card with its title and a fragment marked; a comment; a blog or community (src/shared/api/search.ts). */
export type SearchEntry = z.output<typeof searchEntry>;
export type SearchComment = z.output<typeof searchComment>;
export type SearchSubsite = z.output<typeof searchSubsite>;
export type SearchVacancy = z.output<typeof searchVacancy>;
export type SearchEvent = z.output<typeof searchEvent>;

export type SearchItem<E extends SearchEntity> = E extends 'entries'
  ? SearchEntry
  : E extends 'comments'
    ? SearchComment
    : E extends 'hashtags'
      ? HashtagItem
      : E extends 'vacancies'
        ? SearchVacancy
        : E extends 'events'
          ? SearchEvent
          : SearchSubsite;

export interface SearchPage<E extends SearchEntity = SearchEntity> {
  items: SearchItem<E>[];
  is_finished: boolean;
}

/** `?query=…&period=…&subsite_id=…` of the search call and of the `/search` page. */
export interface SearchParams {
  query: string;
  period?: SearchPeriod;
  subsite_id?: number;
}

/** The URL of the search page for a query, tab, order and period (defaults left out so links stay short). */
export function searchPageUrl(p: { query: string; entity?: SearchEntity; order?: SearchOrder; period?: SearchPeriod }) {
  const q = new URLSearchParams({ query: p.query });
  if (p.entity && p.entity !== 'entries') q.set('type', p.entity);
  if (p.order && p.order !== 'relevant') q.set('order', p.order);
  if (p.period && p.period !== 'all') q.set('period', p.period);
  return `/search?${q.toString()}`;
}
