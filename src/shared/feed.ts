/** Feeds as the API and the pages see them: sortings, paging cursors, subsite headers (spec/content.md §2, §3). */

/** `hotness`: the stored ranking score; `date`: newest first; `day`…`all`: top by votes within the period. */
export const FEED_SORTINGS = ['hotness', 'date', 'day', 'week', 'month', 'year', 'all'] as const;
export type FeedSorting = (typeof FEED_SORTINGS)[number];
export const TOP_PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
/** `/all/top/…` has no year (spec/content.md §2). */
export const ALL_TOP_PERIODS = ['day', 'week', 'month', 'all'] as const;

export const isFeedSorting = (v: unknown): v is FeedSorting =>
  typeof v === 'string' && (FEED_SORTINGS as readonly string[]).includes(v);

export const FEED_PAGE_SIZE = 20;
/**
 * Cards a signed-in reader's feed page renders on the server (its first screen and a little more): the rest of the
 * first page reaches the browser once, in the hydration data, and is drawn after hydration. Anonymous pages (shared,
 * and what crawlers read) render the whole first page.
 */
export const FEED_SERVER_CARDS = 5;
export const FEED_MAX_PAGE_SIZE = 50;
/** How many already shown ids a client may send back in `exclude_ids`. */
export const FEED_MAX_EXCLUDE = 500;

/** `main`: the front page (hidden-from-main and voted-down entries left out); `all`: every subsite; `my`: subscriptions. */
export type FeedScope = 'main' | 'all' | 'my';

/** `GET /v3.0/feed` query, as the client sends it. */
export interface FeedQuery {
  sorting?: FeedSorting;
  subsite_id?: number;
  /** A hashtag's feed (src/shared/hashtags.ts). */
  hashtag?: string;
  all?: 1;
  my?: 1;
  last_id?: number;
  last_sorting_value?: number;
  /** Comma-joined ids already shown. */
  exclude_ids?: string;
  count?: number;
}

/** `data` of `GET /v3.0/feed`: the page and the cursor for the next one (src/shared/api/feed.ts). */
export type { FeedPageData as FeedPage } from './api/feed.ts';

/** Cookie with the time (unix seconds) the reader last opened /new; the sidebar badge counts entries since then. */
export const RECENT_SEEN_COOKIE = 'last-recent-seen';
export const RECENT_SEEN_DAYS = 365;
/** The badge shows at most this, as "99+". */
export const RECENT_COUNT_CAP = 99;

/** The subsite page header, the mute and the bell's answers (src/shared/api/subsites.ts). */
export type { MuteData, NotifyData, SubsiteDetailsData as SubsiteDetails } from './api/subsites.ts';

export type { HideData } from './api/feed.ts';

/** Which feed a page path shows (the route id tells the same; paths are what links and tests use). */
export interface FeedRoute {
  scope: FeedScope;
  /** null: the reader's saved default (the main page `/`). */
  sorting: FeedSorting | null;
  /** `/popular?authForm=1` opens the sign-in form for anonymous visitors. */
  isPopular: boolean;
  /** `/new`: visiting it resets the sidebar badge. */
  isRecent: boolean;
}

/** A feed's name in initial data's `navigation_name` (spec/content.md §3), also the ads' section. */
export const feedNavigationName = (fr: FeedRoute) =>
  fr.scope === 'my' ? 'my' : fr.isPopular ? 'popular' : fr.isRecent ? 'new' : fr.scope === 'all' ? 'all' : 'main';

/** Parses a feed path; null when it is not a feed (or names a period the feed does not have). */
export function feedRoute(pathname: string): FeedRoute | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const plain = (scope: FeedScope, sorting: FeedSorting | null, extra: Partial<FeedRoute> = {}): FeedRoute => ({
    scope,
    sorting,
    isPopular: false,
    isRecent: false,
    ...extra,
  });
  switch (path) {
    case '/':
      return plain('main', null);
    case '/popular':
      return plain('main', 'hotness', { isPopular: true });
    case '/all':
      return plain('all', 'hotness');
    case '/new':
      return plain('main', 'date', { isRecent: true });
    case '/all/new':
      return plain('all', 'date');
    case '/my/new':
      return plain('my', 'date');
  }
  const top = /^\/(all\/)?top\/([a-z]+)$/.exec(path);
  if (!top) return null;
  const periods: readonly string[] = top[1] ? ALL_TOP_PERIODS : TOP_PERIODS;
  return periods.includes(top[2]) ? plain(top[1] ? 'all' : 'main', top[2] as TopPeriod) : null;
}

/** The path of a feed with a sorting; `/` keeps the reader's default. */
export function feedPath(scope: FeedScope, sorting: FeedSorting): string {
  if (scope === 'my') return '/my/new';
  const prefix = scope === 'all' ? '/all' : '';
  if (sorting === 'hotness') return prefix || '/';
  if (sorting === 'date') return `${prefix}/new`;
  return `${prefix}/top/${scope === 'all' && sorting === 'year' ? 'all' : sorting}`;
}

/** Reposts a page of `GET /reposts/…` answers at most; a full page means there may be more (`before`). */
export const REPOSTS_PAGE = 20;
