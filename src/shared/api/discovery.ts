import { z } from 'zod';
import { messages } from '../catalogue.ts';
import {
  LAYOUT_CONTENT_TYPES,
  RATING_KINDS,
  RATING_PERIODS,
  STATS_DAYS_MAX,
  TUNE_MAX,
  TUNE_MODES,
} from '../discovery.ts';
import { flagField, idField, intField, plainBody, withoutControlChars } from '../validation.ts';
import { subsiteCard } from './cards.ts';
import { contract, type ContractOutput } from './contract.ts';
import { chartSeries } from './hits.ts';

/** Feed tuning, initial data, rating, companies and statistics (spec/content.md §2–3, issue 14). */

const int = z.number().int();

/** `settings[12]=1&settings[40]=0` (or a JSON object): subsite id → 0|1, at most TUNE_MAX; none means 'skip'. */
export const tuneSettings = z
  .record(z.string(), z.unknown(), { error: messages.tuneSettingsInvalid })
  .transform((rec, c) => {
    const out = new Map<number, 0 | 1>();
    for (const [key, value] of Object.entries(rec)) {
      const id = idField(messages.tuneSettingsInvalid).safeParse(key);
      const on = flagField(messages.tuneSettingsInvalid).safeParse(value);
      if (!id.success || !on.success) {
        c.addIssue({ code: 'custom', message: messages.tuneSettingsInvalid });
        return z.NEVER;
      }
      out.set(id.data, on.data ? 1 : 0);
    }
    if (out.size > TUNE_MAX) {
      c.addIssue({ code: 'custom', message: messages.tuneSettingsTooMany(TUNE_MAX) });
      return z.NEVER;
    }
    return out;
  });

const pageField = intField(messages.badRequest, 1, 1000).optional();

/**
 * The feed tuning popup's communities, the most followed first, with the reader's marks: our JSON counterpart of the
 * spec's `data.html`. `mode` (popup or settings) shares its name with the transport's `mode=raw`, accepted on every
 * route, so any other value is 'popup'.
 */
export const tuneOffer = contract({
  method: 'GET',
  path: '/subsites/tune-html',
  access: 'user',
  query: plainBody({}),
  response: z.object({ mode: z.enum(TUNE_MODES), items: z.array(subsiteCard) }),
});
export type TuneData = ContractOutput<typeof tuneOffer>;

/** Subscribes to the 1s, unsubscribes from the 0s and marks the feed tuned; empty settings ('Пропустить') only mark it. */
export const tune = contract({
  method: 'POST',
  path: '/subsites/tune',
  access: 'active',
  body: plainBody({ settings: tuneSettings.optional() }),
  /** `subscribed_ids`: the communities the reader follows after the change. */
  response: z.object({ is_subsites_tuned: z.literal(true), subscribed_ids: z.array(int) }),
  errors: ['tune_settings_invalid', 'tune_settings_too_many', 'tune_subsite_not_found'],
});
export type TuneResult = ContractOutput<typeof tune>;

/**
 * The body layout options (spec/content.md §2), which the page shell follows (web/root.tsx `Shell`): `content_type`
 * feed and entry are one content column of the same width, full takes the room the columns leave, the 2-cols kinds
 * are pages that draw their own second column (the job and events boards); `right_column` shows the shell's right
 * column (the live feed, popular entries, the board widgets) at desktop widths; `right_column_reserve` keeps its room
 * empty where it is off, so the content column stands where a feed's does.
 */
export const layoutOptions = z.object({
  content_type: z.enum(LAYOUT_CONTENT_TYPES),
  left_column: z.boolean(),
  right_column: z.boolean(),
  right_column_reserve: z.boolean(),
  livestream: z.boolean(),
  sidebar_alignment: z.enum(['left', 'right']),
  /** Ads (spec/content.md §2): `on` content pages, `off` only the floating unit, `off-all` none (shared/ads.ts). */
  propaganda: z.enum(['on', 'off', 'off-all']),
});
export type LayoutOptions = z.output<typeof layoutOptions>;

/** What the page's address asked for once (ACTION_PARAMS): a catalogue message to show, or the sign-in form. */
const pageAction = z.union([
  z.object({
    type: z.literal('notify'),
    data: z.object({ type: z.enum(['success', 'error', 'info']), text: z.string() }),
  }),
  z.object({ type: z.literal('auth'), data: z.object({ name: z.string() }) }),
]);

/**
 * The page's facts and the /new badge (spec/content.md §3). The last-seen time is the account's (signed in) or the
 * `last-recent-seen` cookie's (visitors); `updateRecentLastSeen` moves it to now after the count. `url`: the page's
 * path and query on this site.
 */
export const initialData = contract({
  method: 'GET',
  path: '/initialData',
  access: 'anyone',
  query: plainBody({
    updateRecentLastSeen: flagField(messages.feedFlagInvalid).optional(),
    url: withoutControlChars(z.string({ error: messages.initialDataUrlInvalid }))
      .pipe(z.string().max(2000, messages.initialDataUrlInvalid))
      .optional(),
  }),
  response: z.object({
    /** Unread notifications (0 for a visitor). */
    unread_count: int,
    /** spec/content.md §3: MyPopular 0, MyRecent 1, AllPopular 2, AllRecent 3. */
    defaultFeedType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    /** When the reader last opened a recent feed, unix seconds (before this call's update). */
    lastSeenDate: int,
    /** Entries of the main feed published since `lastSeenDate`, capped at RECENT_COUNT_CAP + 1: the /new badge. */
    recent_count: int,
    layout_options: layoutOptions,
    navigation_name: z.string(),
    sorting_name: z.string(),
    is_content: z.boolean(),
    /** The subsite the page belongs to (a blog, a community, an entry's), else null. */
    subsite: subsiteCard.nullable(),
    action: pageAction.optional(),
  }),
  errors: ['feed_flag_invalid', 'initial_data_url_invalid'],
});
export type InitialData = ContractOutput<typeof initialData>;

/** When the reader last opened a recent feed, unix seconds: the account's or the cookie's; 0 when never. */
export const lastSeen = contract({
  method: 'GET',
  path: '/recent/lastSeen',
  access: 'anyone',
  response: z.object({ time: int }),
});

export const ratingItem = z.object({ place: int, subsite: subsiteCard, rating: int });
export type RatingItem = z.output<typeof ratingItem>;

/** The rating of people's blogs (`kind` users, default) or communities and companies over a period (default month). */
export const rating = contract({
  method: 'GET',
  path: '/rating',
  access: 'anyone',
  query: plainBody({
    kind: z.enum(RATING_KINDS, { error: messages.ratingKindInvalid }).optional(),
    period: z.enum(RATING_PERIODS, { error: messages.ratingPeriodInvalid }).optional(),
    page: pageField,
  }),
  response: z.object({
    kind: z.enum(RATING_KINDS),
    period: z.enum(RATING_PERIODS),
    items: z.array(ratingItem),
    is_finished: z.boolean(),
  }),
  errors: ['rating_kind_invalid', 'rating_period_invalid', 'bad_request'],
});
export type RatingList = ContractOutput<typeof rating>;

/** A company's card details; empty strings and nulls where the company told nothing. */
export const companyDetails = z.object({
  legal_name: z.string(),
  industry: z.string(),
  city: z.string(),
  website: z.string(),
  employees: int.nullable(),
  founded_year: int.nullable(),
  /** The commercial contacts (issue 32): phone as +7XXXXXXXXXX, e-mail, address, INN. */
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  inn: z.string(),
});
export type CompanyDetails = z.output<typeof companyDetails>;

export const companyItem = z.object({
  subsite: subsiteCard,
  details: companyDetails,
  /** Its published entries. */
  entries_count: int,
});
export type CompanyItem = z.output<typeof companyItem>;

/** Company blogs, the most followed first. */
export const companies = contract({
  method: 'GET',
  path: '/companies',
  access: 'anyone',
  query: plainBody({ page: pageField }),
  response: z.object({ items: z.array(companyItem), is_finished: z.boolean() }),
  errors: ['bad_request'],
});
export type CompanyList = ContractOutput<typeof companies>;

/** The site's statistics: per-day counts over the last `days` days (oldest first) and totals. */
export const stats = contract({
  method: 'GET',
  path: '/stats',
  access: 'anyone',
  query: plainBody({
    days: intField(messages.statsDaysInvalid(STATS_DAYS_MAX), 7, STATS_DAYS_MAX).optional(),
  }),
  response: z.object({
    /** Day starts as unix seconds (00:00 UTC). */
    days: z.array(int),
    /** Entries, comments, readers and new accounts. */
    series: z.array(chartSeries),
    totals: z.object({ entries: int, comments: int, users: int, subsites: int }),
  }),
  errors: ['stats_days_invalid'],
});
export type SiteStats = ContractOutput<typeof stats>;
