/**
 * Distributions: the site's own ads, with no third-party script (issue 30; spec/content.md §3, §7, §8, §9). Staff run
 * campaigns of a native unit or a banner; the pages ask `GET /distributions/random {place}` for one and count a shown
 * unit by `POST /distributions/{id}/hit {place}`.
 */
import { MOBILE_WIDTH } from './viewport.ts';

/** Where a unit shows: in a feed, the right column, under an entry, floating in a corner. */
export const AD_PLACES = ['feed', 'right', 'entry', 'floating'] as const;
export type AdPlace = (typeof AD_PLACES)[number];

export const AD_FORMATS = ['native', 'banner'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

/** launched / not launched / archived. */
export const AD_STATES = ['launched', 'not_launched', 'archived'] as const;
export type AdState = (typeof AD_STATES)[number];

export const AD_DEVICES = ['desktop', 'phone'] as const;
export type AdDevice = (typeof AD_DEVICES)[number];

/** The page kinds a campaign may target (initial data's `navigation_name`, spec/content.md §3). */
export const AD_SECTIONS = ['main', 'popular', 'new', 'all', 'my', 'entry', 'subsite', 'tag'] as const;
export type AdSection = (typeof AD_SECTIONS)[number];

/** "Ad hold 4 hours" (spec/foundation.md §9): a launch or a change shows this long after it was made. */
export const AD_HOLD_HOURS = 4;
export const AD_HOLD_MS = AD_HOLD_HOURS * 3_600_000;

/** A reader's frequency cap counts the impressions of this window. */
export const AD_FREQUENCY_WINDOW_MS = 86_400_000;

/** spec/content.md §9: a closed floating unit stays hidden for a day. */
export const FLOATING_HIDDEN_COOKIE = 'distribution-fl-hidden';
export const FLOATING_HIDDEN_DAYS = 1;

/** spec/content.md §9: the ad-block probe's result, kept 365 days; each pixel waits 2000 ms. */
export const ADBLOCK_COOKIE = 'adblock-state';
export const ADBLOCK_DAYS = 365;
export const PIXEL_TIMEOUT_MS = 2000;
/** The two pixel probes (`/px.gif?ch=1|2&rn=…`). */
export const PIXEL_CHANNELS = [1, 2] as const;
export const PIXEL_RN_RE = /^[A-Za-z0-9]{1,40}$/;

/** Phones are up to this width (spec/content.md §9 "Breakpoints: mobile 859"; the viewport classes of shared/viewport.ts). */
export const PHONE_MAX_WIDTH = MOBILE_WIDTH - 1;

export const AD_LIMITS = {
  title: 120,
  text: 500,
  url: 1000,
  advertiser: 200,
  erid: 64,
  tags: 20,
  subsites: 50,
  impressions: 1_000_000_000,
  frequency: 1000,
  budget: 100_000_000,
  price: 10_000_000,
  requestName: 100,
  requestCompany: 200,
  requestMessage: 3000,
} as const;

/** An advertiser's token of the ad register (erid): letters and digits. */
export const ERID_RE = /^[A-Za-z0-9]{4,64}$/;

/** A picture of a unit: a file of the media module (`/media/{uuid}/…`) or an https address. */
export const AD_IMAGE_RE = /^(\/media\/[A-Za-z0-9-]+\/[^\s"'<>\\]*|https:\/\/[^\s"'<>\\]+)$/;

/** `YYYY-MM-DD`: a campaign's first and last day (Moscow days, taken as UTC+3). */
export const AD_DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The layout's `propaganda` option (spec/content.md §2): `on` where content pages show units, `off` on other pages
 * (only the floating unit), `off-all` on pages with no ads at all (staff's, settings, paying, writing, the ad page).
 */
export type Propaganda = 'on' | 'off' | 'off-all';
const AD_FREE = /^\/(admin|settings|account|plus|ad|writing|drafts|messenger|donations|signin|recover|email)(\/|$)/;

export function propagandaOf(navigationName: string, path: string): Propaganda {
  if (AD_FREE.test(path)) return 'off-all';
  return (AD_SECTIONS as readonly string[]).includes(navigationName) ? 'on' : 'off';
}

/** Prices per thousand impressions of each format (roubles), set by staff and shown on /ad. */
export type AdPrices = Record<AdFormat, number>;
export const DEFAULT_AD_PRICES: AdPrices = { native: 350, banner: 250 };

/** The impressions a campaign may still buy: its cap, or what its budget pays for at the format's price. */
export function impressionLimit(
  c: { impression_cap: number | null; budget: number | null; format: AdFormat },
  prices: AdPrices,
): number | null {
  const byBudget = c.budget === null ? null : Math.floor((c.budget * 1000) / Math.max(1, prices[c.format]));
  if (c.impression_cap === null) return byBudget;
  return byBudget === null ? c.impression_cap : Math.min(byBudget, c.impression_cap);
}

// ── The booster (issue 30 point 2): an author promotes an entry as a native unit marked «Продвигается» ──────────

/** Where a booster is paid from: the buyer's balance, or the promotion balance of a company they manage. */
export const BOOSTER_SOURCES = ['balance', 'promotion'] as const;
export type BoosterSource = (typeof BOOSTER_SOURCES)[number];

/** Budget in whole roubles and days of a booster; it shows in feeds and under entries, at most 3 times a day a reader. */
export const BOOSTER_LIMITS = { minBudget: 100, maxBudget: 1_000_000, maxDays: 30, frequency: 3 } as const;
/**
 * A company's promotion balance is topped up by its managers (the cabinet): from their balance or by card, in whole
 * roubles within these bounds; `refund` is a card top-up taken back.
 */
export const PROMOTION_TOPUP = { min: 100, max: 1_000_000 } as const;
export const PROMOTION_SOURCES = ['balance', 'card', 'refund'] as const;
export const BOOSTER_PLACES: readonly AdPlace[] = ['feed', 'entry'];
/** The constructor's first proposal. */
export const BOOSTER_DEFAULTS = { budget: 1000, days: 7 } as const;
/** The days of readers an estimate of reach looks back on. */
export const BOOSTER_TRAFFIC_DAYS = 7;

/**
 * What a budget buys (server-side only: the client's figures are never taken): impressions at the native unit's price
 * per thousand; the reach is the readers a day of the last week times the days, never above the impressions.
 */
export function boosterEstimate(budget: number, days: number, pricePerThousand: number, dailyReaders: number) {
  const impressions = Math.floor((budget * 1000) / Math.max(1, pricePerThousand));
  return { cost: budget * 100, impressions, reach: Math.min(impressions, Math.round(dailyReaders * days)) };
}
