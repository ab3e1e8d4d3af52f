/**
 * Payments shared by both sides (spec/content.md §3, §5, §9): the Plus products, card number rules, the bank table and
 * the wire shapes of the payment calls. Money is in kopecks everywhere except where a price is shown.
 */

export type StuffId = 18 | 1 | 2 | 3;

export interface Product {
  stuff_id: StuffId;
  /** Days of Plus one payment buys (tariff 18: one period of the recurring charge). */
  days: number;
  /** Price in kopecks. */
  price: number;
  recurring: boolean;
}

/** spec/content.md §9: 75 ₽ monthly recurring (id 18), 99 ₽ one month (1), 229 ₽ three months (2), 749 ₽ a year (3). */
export const RECURRING_PRODUCT: Product = { stuff_id: 18, days: 30, price: 7500, recurring: true };
export const PRODUCTS: readonly Product[] = [
  RECURRING_PRODUCT,
  { stuff_id: 1, days: 30, price: 9900, recurring: false },
  { stuff_id: 2, days: 90, price: 22900, recurring: false },
  { stuff_id: 3, days: 365, price: 74900, recurring: false },
];

export const RECURRING_STUFF_ID = 18;
/** Recurring charge every 30 days; a declined charge is retried this many days after the due date. */
export const RECURRING_PERIOD_DAYS = 30;
export const RECURRING_RETRY_DAYS = [1, 3, 5] as const;
/**
 * A card order waiting for its payment (the bank's 3-D Secure window) holds its discount this long; after that the
 * next purchase ends it as expired and takes the discount.
 */
export const ORDER_HOLD_MINUTES = 30;

export const productOf = (stuffId: number): Product | undefined => PRODUCTS.find((p) => p.stuff_id === stuffId);

/** Gift periods (the gift modal): one month, three months, one year. */
export const GIFT_PERIODS = [
  { stuff_id: 1, days: 30 },
  { stuff_id: 2, days: 90 },
  { stuff_id: 3, days: 365 },
] as const;
/** A community manager (not staff) gifts at most this many times in `GIFT_LIMIT_DAYS` days. */
export const GIFT_MANAGER_LIMIT = 5;
export const GIFT_LIMIT_DAYS = 30;
/**
 * A manager's gift is free Plus, so it needs a community that is a real one: at least this old and with this many
 * subscribers (two fresh accounts cannot make one). Gifts paid by card (`gift_to`) need none of this.
 */
export const GIFT_COMMUNITY_MIN_AGE_DAYS = 90;
export const GIFT_COMMUNITY_MIN_SUBSCRIBERS = 100;
/** A reader receives at most this many days of managers' gifts in `GIFT_RECIPIENT_PERIOD_DAYS` days (staff: no limit). */
export const GIFT_RECIPIENT_MAX_DAYS = 365;
export const GIFT_RECIPIENT_PERIOD_DAYS = 365;

// ——— Card form (spec/content.md §5) ———

export type CardBrand = 'mastercard' | 'maestro' | 'visa' | 'mir' | 'unknown';

/** 51–55 one system, 50 and 56–58 another, 4 another, 2 Mir. */
export function cardBrand(digits: string): CardBrand {
  const two = Number(digits.slice(0, 2));
  if (two >= 51 && two <= 55) return 'mastercard';
  if (two === 50 || (two >= 56 && two <= 58)) return 'maestro';
  if (digits.startsWith('4')) return 'visa';
  if (digits.startsWith('2')) return 'mir';
  return 'unknown';
}

/** Digits only, grouped 4-4-4-4-3 (19 digits at most, 23 characters with spaces). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return (digits.match(/.{1,4}/g) ?? []).join(' ');
}

export const digitsOnly = (input: string, max: number) => input.replace(/\D/g, '').slice(0, max);

/** Luhn's check of a card number. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// ——— Cryptogram ———

/** What the card form hands to the checkout script; `order` binds a test cashier's cryptogram to one order. */
export interface CardInput {
  /** Card number, digits only. */
  number: string;
  /** Expiry month and year, two digits each. */
  month: string;
  year: string;
  cvv: string;
  order?: string;
}

/** The cashier's key the card is encrypted with (`cp_public` of `prepare`). */
export interface CashierKey {
  public_id: string;
  /** Base64 of the RSA public key (SPKI DER). */
  key: string;
  key_version: string;
}

const base64 = (bytes: Uint8Array) => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};

/**
 * The checkout script's work, in the browser and in `scripts/cryptogram.ts` alike (Web Crypto): CloudPayments'
 * card cryptogram packet, base64 of `{Type: 'CloudCard', CardInfo, KeyVersion, Format: 1, Value}` where `Value` is
 * `number@YYMM@cvv@publicId` (then `@order` for the test cashier) encrypted by RSA-OAEP (SHA-1) with the cashier's
 * key. The site only passes it on: the card number never reaches it in the clear.
 */
export async function makeCryptogram(cashier: CashierKey, card: CardInput): Promise<string> {
  const der = Uint8Array.from(atob(cashier.key), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-1' }, false, ['encrypt']);
  const fields = [card.number, card.year + card.month, card.cvv, cashier.public_id];
  if (card.order) fields.push(card.order);
  const plain = new TextEncoder().encode(fields.join('@'));
  const value = base64(new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain)));
  const packet = {
    Type: 'CloudCard',
    CardInfo: {
      FirstSixDigits: card.number.slice(0, 6),
      LastFourDigits: card.number.slice(-4),
      ExpDateMonth: card.month,
      ExpDateYear: card.year,
    },
    KeyVersion: cashier.key_version,
    Format: 1,
    Value: value,
  };
  return btoa(JSON.stringify(packet));
}

// ——— 3-D Secure (the wire shapes of the payment calls: src/shared/api/payments.ts) ———

/** Wrong codes the test cashier's 3-D Secure page asks again for before it fails the payment (as a bank's page does). */
export const ACS_TRIES = 3;

/**
 * The 3-D Secure window's answer, handed from the `term_url` page to the checkout that opened it through localStorage,
 * under a key of the bank step's TransactionId (two checkouts in two tabs never read each other's): both sides write
 * and read it only through these functions. `error` is the bank's refusal text.
 */
export type ThreeDsResult = { ok: true } | { ok: false; error: string };
export const threeDsResultKey = (transaction: string) => `sreda:3ds:${transaction}`;

export const encodeThreeDsResult = (r: ThreeDsResult): string => JSON.stringify(r);

/** The stored answer, or null for anything else (nothing yet, a malformed value). */
export function decodeThreeDsResult(raw: string | null): ThreeDsResult | null {
  if (raw === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const { ok, error } = v as Record<string, unknown>;
  if (ok === true) return { ok };
  return ok === false && typeof error === 'string' ? { ok, error } : null;
}
