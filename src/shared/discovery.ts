/** Wire types of discovery (issue 14): feed tuning, initial data, rating, companies, statistics. */

export const TUNE_MODES = ['popup', 'settings'] as const;
export type TuneMode = (typeof TUNE_MODES)[number];
/** Communities the tuning popup offers. */
export const TUNE_OFFER = 30;
/** Subsites one `POST /subsites/tune` may change. */
export const TUNE_MAX = 100;

/** spec/content.md §3: MyPopular 0, MyRecent 1, AllPopular 2, AllRecent 3. */
export const DEFAULT_FEED_TYPES = { myPopular: 0, myRecent: 1, allPopular: 2, allRecent: 3 } as const;
export type DefaultFeedType = 0 | 1 | 2 | 3;

/** The body layout's content types (spec/content.md §2: feed, entry, full, 2-cols fixed/entry/adaptive). */
export const LAYOUT_CONTENT_TYPES = [
  'feed',
  'entry',
  'full',
  '2-cols-fixed',
  '2-cols-entry',
  '2-cols-adaptive',
] as const;

/**
 * What a page's address may ask `initialData` to do once it is open (its `action`): `?authForm=1` opens the sign-in
 * form for a visitor, `?notify=<name>` shows one of these messages. Names, not texts: an address cannot make the
 * site say anything but the catalogue's words.
 */
export const NOTIFY_ACTIONS = { signedIn: 'success' } as const;
export type NotifyAction = keyof typeof NOTIFY_ACTIONS;
/** The query fields the action is read from; the page drops them from its address once the action is done. */
export const ACTION_PARAMS = ['authForm', 'notify'] as const;

export const RATING_PERIODS = ['week', 'month', 'all'] as const;
export type RatingPeriod = (typeof RATING_PERIODS)[number];
export const RATING_KINDS = ['users', 'subsites'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];
export const RATING_PAGE_SIZE = 50;

export const COMPANIES_PAGE_SIZE = 30;

export const STATS_DAYS_DEFAULT = 30;
export const STATS_DAYS_MAX = 365;

/** `GET /content/stats/{id} {days}`: an entry's statistics (its contract: api/hits.ts). */
export type { ChartSeries, EntryStats } from './api/hits.ts';

/** The answers of tuning, initial data, rating, companies and statistics: their contracts are api/discovery.ts. */
export type {
  CompanyDetails,
  CompanyItem,
  CompanyList,
  InitialData,
  LayoutOptions,
  RatingItem,
  RatingList,
  SiteStats,
  TuneData,
  TuneResult,
} from './api/discovery.ts';
