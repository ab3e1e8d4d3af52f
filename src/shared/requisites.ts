/**
 * The seller's requisites printed on company invoices (set by the superuser in /admin/billing) and their checks, the
 * same on the form and on the server.
 */
import { needsKpp } from './billing.ts';

/** VAT on the invoice: none («Без НДС», the simplified tax system) or a rate in percent. */
export const VAT_RATES = ['none', '0', '5', '7', '10', '20', '22'] as const;
export type VatRate = (typeof VAT_RATES)[number];

export interface SellerRequisites {
  /** The full legal name: «ООО «Среда»», «ИП Иванов Иван Иванович». */
  name: string;
  inn: string;
  /** Empty for a sole trader. */
  kpp: string;
  /** ОГРН (13 digits) of an organisation, ОГРНИП (15) of a sole trader. */
  ogrn: string;
  address: string;
  bank: string;
  bik: string;
  /** The settlement account (расчётный счёт). */
  account: string;
  /** The bank's correspondent account. */
  corr_account: string;
  vat: VatRate;
}

export const SELLER_TEXT_MAX = 500;

/**
 * ОГРН: the first 12 digits taken as a number, modulo 11, then modulo 10, is the 13th; ОГРНИП: the first 14 modulo
 * 13, then modulo 10, is the 15th (the registry's order of 2002).
 */
export function isValidOgrn(ogrn: string): boolean {
  if (!/^(\d{13}|\d{15})$/.test(ogrn)) return false;
  const body = BigInt(ogrn.slice(0, -1));
  const mod = ogrn.length === 13 ? 11n : 13n;
  return String((body % mod) % 10n) === ogrn.at(-1);
}

/** БИК: nine digits (Russian banks start with 04). */
export const isValidBik = (bik: string) => /^\d{9}$/.test(bik);

/** The Bank of Russia's key check: weights 7, 1, 3 over 23 digits; the sum of the products ends in 0. */
const keyOk = (digits: string) => [...digits].reduce((s, d, i) => s + Number(d) * [7, 1, 3][i % 3], 0) % 10 === 0;

/** A settlement account: 20 digits, keyed with the last three digits of its bank's БИК. */
export const isValidAccount = (account: string, bik: string) =>
  /^\d{20}$/.test(account) && isValidBik(bik) && keyOk(bik.slice(-3) + account);

/** A correspondent account: 20 digits starting 301, keyed with «0» and the 5th–6th digits of the БИК. */
export const isValidCorrAccount = (corr: string, bik: string) =>
  /^301\d{17}$/.test(corr) && isValidBik(bik) && keyOk('0' + bik.slice(4, 6) + corr);

/** An organisation (10-digit ИНН) has a КПП and a 13-digit ОГРН; a sole trader neither КПП and a 15-digit ОГРНИП. */
export const ogrnFitsInn = (ogrn: string, inn: string) => ogrn.length === (needsKpp(inn) ? 13 : 15);
