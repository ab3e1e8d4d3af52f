/** Wire types of discovery (issue 14): feed tuning, initial data, rating, companies, statistics. */
import type { SubsiteCard } from './api.ts';

export const TUNE_MODES = ['popup', 'settings'] as const;
export type TuneMode = (typeof TUNE_MODES)[number];
/** Communities the tuning popup offers. */
export const TUNE_OFFER = 30;
/** Subsites one `POST /subsites/tune` may change. */
export const TUNE_MAX = 100;

/** `GET /subsites/tune-html {mode}`: our JSON counterpart of the spec's `data.html`. */
export interface TuneData {
  mode: TuneMode;
  items: SubsiteCard[];
}

export interface TuneResult {
  is_subsites_tuned: true;
  subscribed_ids: number[];
}

/** spec/content.md §3: MyPopular 0, MyRecent 1, AllPopular 2, AllRecent 3. */
export const DEFAULT_FEED_TYPES = { myPopular: 0, myRecent: 1, allPopular: 2, allRecent: 3 } as const;
export type DefaultFeedType = 0 | 1 | 2 | 3;

export interface LayoutOptions {
  content_type: 'feed' | 'entry' | 'full';
  left_column: boolean;
  right_column: boolean;
  livestream: boolean;
  sidebar_alignment: 'left' | 'right';
}

/**
 * What a page's address may ask `initialData` to do once it is open (its `action`): `?authForm=1` opens the sign-in
 * form for a visitor, `?notify=<name>` shows one of these messages. Names, not texts: an address cannot make the
 * site say anything but the catalogue's words.
 */
export const NOTIFY_ACTIONS = { signedIn: 'success' } as const;
export type NotifyAction = keyof typeof NOTIFY_ACTIONS;
/** The query fields the action is read from; the page drops them from its address once the action is done. */
export const ACTION_PARAMS = ['authForm', 'notify'] as const;

/** `GET /initialData {updateRecentLastSeen, url}` (spec/content.md §3). */
export interface InitialData {
  /** Unread notifications (0 for a visitor). */
  unread_count: number;
  defaultFeedType: DefaultFeedType;
  /** When the reader last opened a recent feed, unix seconds (before this call's update). */
  lastSeenDate: number;
  /** Entries of the main feed published since `lastSeenDate`, capped at RECENT_COUNT_CAP + 1: the /new badge. */
  recent_count: number;
  layout_options: LayoutOptions;
  navigation_name: string;
  sorting_name: string;
  is_content: boolean;
  subsite: SubsiteCard | null;
  action?:
    | { type: 'notify'; data: { type: 'success' | 'error' | 'info'; text: string } }
    | { type: 'auth'; data: { name: string } };
}

export const RATING_PERIODS = ['week', 'month', 'all'] as const;
export type RatingPeriod = (typeof RATING_PERIODS)[number];
export const RATING_KINDS = ['users', 'subsites'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];
export const RATING_PAGE_SIZE = 50;

export interface RatingItem {
  place: number;
  subsite: SubsiteCard;
  rating: number;
}

export interface RatingList {
  kind: RatingKind;
  period: RatingPeriod;
  items: RatingItem[];
  is_finished: boolean;
}

export interface CompanyDetails {
  legal_name: string;
  industry: string;
  city: string;
  website: string;
  employees: number | null;
  founded_year: number | null;
}

export interface CompanyItem {
  subsite: SubsiteCard;
  details: CompanyDetails;
  entries_count: number;
}

export const COMPANIES_PAGE_SIZE = 30;

export interface CompanyList {
  items: CompanyItem[];
  is_finished: boolean;
}

export const STATS_DAYS_DEFAULT = 30;
export const STATS_DAYS_MAX = 365;

/** One series of a chart: a label and one value per day of `days`. */
export interface ChartSeries {
  key: string;
  label: string;
  values: number[];
}

/** `GET /content/stats/{id} {days}`: an entry's statistics (its contract: api/hits.ts). */
export type { EntryStats } from './api/hits.ts';

/** `GET /stats {days}`: per-day counts (Moscow days, oldest first) and totals. */
export interface SiteStats {
  /** Day starts as unix seconds (00:00 Moscow). */
  days: number[];
  series: ChartSeries[];
  totals: { entries: number; comments: number; users: number; subsites: number };
}
