/**
 * Billing rules shared by the server and the forms (issue 12): company invoices (INN and KPP checks), donations,
 * balance top-ups, promo codes and the sponsors grid of /plus (spec/content.md §7, §9).
 */

/** Money travels as whole kopecks in every API field; the forms' inputs take whole roubles and send kopecks. */
export const KOPECKS = 100;

/** Donation and top-up limits in roubles (the catalogue's messages name them). */
export const DONATION_MIN = 10;
export const DONATION_MAX = 100_000;
export const DONATION_MESSAGE_MAX = 500;
export const TOPUP_MIN = 100;
export const TOPUP_MAX = 75_000;
/** A payout request takes at least this much of the collected donations. */
export const PAYOUT_MIN = 500;

/** The sponsors grid of /plus: 714 avatars on phones, 2178 on wide screens, 32 px each (spec/content.md §9). */
export const SPONSOR_COUNTS = [714, 2178] as const;
export const SPONSOR_AVATAR_SIZE = 32;

export const COMPANY_NAME_MAX = 300;
export const COMPANY_ADDRESS_MAX = 500;
export const PROMO_CODE_RE = /^[A-Z0-9_-]{4,32}$/;
export const PROMO_DAYS_MAX = 3650;

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

const checkDigit = (digits: number[], weights: number[]) =>
  (weights.reduce((sum, w, i) => sum + w * digits[i], 0) % 11) % 10;

/**
 * A taxpayer number as the tax service issues it: 10 digits for an organisation (one check digit), 12 for a sole
 * trader or a person (two check digits), each the weighted sum modulo 11, then modulo 10.
 */
export function isValidInn(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const d = [...inn].map(Number);
  if (d.length === 10) return checkDigit(d, INN10) === d[9];
  return checkDigit(d, INN11) === d[10] && checkDigit(d, INN12) === d[11];
}

/** KPP: 4 digits of the tax office, 2 of the reason (digits or capital Latin letters), 3 digits of the number. */
export const isValidKpp = (kpp: string) => /^\d{4}[0-9A-Z]{2}\d{3}$/.test(kpp);

/** An organisation (10-digit INN) needs its KPP; a sole trader (12 digits) has none. */
export const needsKpp = (inn: string) => inn.length === 10;

/** The feed banner's limits (src/shared/api/billing-admin.ts `setBanner`). */
export const BANNER_TEXT_MAX = 200;
export const BANNER_URL_MAX = 1000;
