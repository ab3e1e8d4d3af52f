import { z } from 'zod';
import { BANNER_TEXT_MAX, isValidInn, isValidKpp, needsKpp, PROMO_DAYS_MAX } from '../billing.ts';
import { bannerUrl, expiryField, idParams, text } from '../billing-fields.ts';
import { messages } from '../catalogue.ts';
import {
  isValidAccount,
  isValidBik,
  isValidCorrAccount,
  isValidOgrn,
  ogrnFitsInn,
  SELLER_TEXT_MAX,
  VAT_RATES,
} from '../requisites.ts';
import {
  collapse,
  flagField,
  idField,
  intField,
  plainBody,
  promoCodeField,
  withoutControlChars,
} from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { donor, invoiceItem, payoutStatus } from './billing.ts';

/** Staff's billing (/admin/billing): invoices, promo codes, the site's account, the feed banner, payouts, requisites. */

const date = z.string();
const int = z.number().int();

export const promoItem = z.object({
  id: int,
  code: z.string(),
  /** Days of Plus the code gives, or 0 for a discount code. */
  days: int,
  /** Percent off the next purchase, or 0 for a days code. */
  discount: int,
  max_uses: int,
  uses: int,
  expires_at: date.nullable(),
});
export type PromoItem = z.output<typeof promoItem>;

/** The operator's banner slot in the feed (staff set it; a Plus reader may hide it). */
export const feedBanner = z.object({ image_url: z.string(), link: z.string(), text: z.string() });
export type FeedBanner = z.output<typeof feedBanner>;

const bannerData = z.object({ banner: feedBanner.nullable() });

const sellerRequisites = z.object({
  name: z.string(),
  inn: z.string(),
  kpp: z.string(),
  ogrn: z.string(),
  address: z.string(),
  bank: z.string(),
  bik: z.string(),
  account: z.string(),
  corr_account: z.string(),
  vat: z.enum(VAT_RATES),
});

/** Company invoices, newest first; `status` narrows them to issued or paid ones. */
export const staffInvoices = contract({
  method: 'GET',
  path: '/admin/bills',
  access: 'staff',
  query: plainBody({ status: z.enum(['issued', 'paid'], { error: messages.badRequest }).optional() }),
  response: z.object({ items: z.array(invoiceItem) }),
  errors: ['bad_request'],
});

/** Staff saw an invoice's money arrive: it is paid and its Plus granted. */
export const markInvoicePaid = contract({
  method: 'POST',
  path: '/admin/bills/:id/paid',
  access: 'staff',
  params: idParams(messages.invoiceNotFound),
  response: z.object({ invoice: invoiceItem }),
  errors: ['invoice_not_found', 'invoice_already_paid', 'stuff_invalid', 'stuff_not_for_invoice'],
});

/** Staff make a promo code: days of Plus or a discount; the answer has the /plus address that applies it. */
export const createPromo = contract({
  method: 'POST',
  path: '/private/digest/promo/store',
  access: 'staff',
  body: plainBody({
    code: promoCodeField,
    days: intField(messages.promoDaysInvalid, 0, PROMO_DAYS_MAX).default(0),
    discount: intField(messages.promoDiscountInvalid, 0, 100).default(0),
    max_uses: intField(messages.promoUsesInvalid, 1, 1_000_000).default(1),
    expires_at: expiryField,
  }),
  response: z.object({ promo: promoItem, redirect_url: z.string() }),
  errors: [
    'promo_code_invalid',
    'promo_days_invalid',
    'promo_discount_invalid',
    'promo_uses_invalid',
    'promo_expiry_invalid',
    'promo_kind_invalid',
    'promo_code_taken',
  ],
});

/** The latest promo codes. */
export const promoList = contract({
  method: 'GET',
  path: '/admin/promo',
  access: 'staff',
  response: z.object({ items: z.array(promoItem) }),
});

/** The site's account (the sum of its ledger rows) and the editorial donations. */
export const siteDonations = contract({
  method: 'GET',
  path: '/admin/donations/site',
  access: 'staff',
  response: z.object({
    total: int,
    items: z.array(z.object({ id: int, amount: int, message: z.string(), donor, created_at: date })),
  }),
});
export type SiteDonations = ContractOutput<typeof siteDonations>;

/**
 * The site's own account: its balance, sums by kind and ledger rows (newest first, paged by `before_id`), and the
 * money passing through the site: card top-ups and authors' payouts.
 */
export const siteAccount = contract({
  method: 'GET',
  path: '/admin/account',
  access: 'staff',
  query: plainBody({ before_id: idField(messages.siteAccountBeforeInvalid).optional() }),
  response: z.object({
    balance: int,
    totals: z.array(z.object({ kind: z.string(), amount: int, count: int })),
    items: z.array(
      z.object({
        id: int,
        kind: z.string(),
        amount: int,
        note: z.string(),
        order_id: int.nullable(),
        created_at: date,
      }),
    ),
    /** The next page's `before_id`; null on the last page. */
    next_before_id: int.nullable(),
    topups: z.object({ received: int, refunded: int }),
    payouts: z.object({ requested: int, paid: int }),
  }),
  errors: ['site_account_before_invalid'],
});
export type SiteAccount = ContractOutput<typeof siteAccount>;

/** Staff set the feed banner: a picture, its link and its text. */
export const setBanner = contract({
  method: 'POST',
  path: '/admin/banner',
  access: 'staff',
  body: plainBody({
    image_url: bannerUrl(messages.bannerImageInvalid, /^(https:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]+)$/),
    link: bannerUrl(messages.bannerLinkInvalid, /^(https?:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/),
    text: text(messages.bannerTextInvalid, BANNER_TEXT_MAX),
  }),
  response: bannerData,
  errors: ['banner_image_invalid', 'banner_link_invalid', 'banner_text_invalid', 'too_long', 'wrong_type'],
});

/** Staff remove the feed banner (`banner` null). */
export const removeBanner = contract({
  method: 'POST',
  path: '/admin/banner/remove',
  access: 'staff',
  response: bannerData,
});

/** Staff hide an entry from the feeds of Plus readers (or show it again). */
export const setHiddenForPlus = contract({
  method: 'POST',
  path: '/admin/entries/:id/hidden_for_plus',
  access: 'staff',
  params: idParams(messages.entryNotFound),
  body: plainBody({ hidden: flagField(messages.wrongType) }),
  response: z.object({ id: int, is_hidden_for_plus: z.boolean() }),
  errors: ['entry_not_found', 'wrong_type'],
});

const staffPayout = z.object({
  id: int,
  author_id: int,
  amount: int,
  status: payoutStatus,
  created_at: date,
  paid_at: date.nullable(),
});
export type StaffPayout = z.output<typeof staffPayout>;

/** Authors' payout requests, newest first. */
export const staffPayouts = contract({
  method: 'GET',
  path: '/admin/payouts',
  access: 'staff',
  response: z.object({ items: z.array(staffPayout) }),
});

/** Staff made the transfer: the payout is paid. */
export const markPayoutPaid = contract({
  method: 'POST',
  path: '/admin/payouts/:id/paid',
  access: 'staff',
  params: idParams(messages.payoutNotFound),
  response: z.object({ id: int, amount: int, status: z.literal('paid') }),
  errors: ['payout_not_found', 'payout_already_paid'],
});

/** The requisites invoices are issued with (the superuser's); null before they are set. */
export const readSeller = contract({
  method: 'GET',
  path: '/admin/seller',
  access: 'admin',
  response: z.object({ seller: sellerRequisites.nullable() }),
  errors: ['seller_superuser_only'],
});

const sellerText = (rm: string) =>
  withoutControlChars(z.string({ error: rm }))
    .transform(collapse)
    .pipe(z.string().min(1, rm).max(SELLER_TEXT_MAX, messages.tooLong(SELLER_TEXT_MAX)));
/** Digits as typed, spaces and dashes dropped, checked by `ok`. */
const digits = (rm: string, ok: (s: string) => boolean) =>
  withoutControlChars(z.string({ error: rm }))
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .refine(ok, rm);

/** The superuser saves the requisites: each number with its check digits, the accounts keyed with the БИК. */
export const saveSeller = contract({
  method: 'POST',
  path: '/admin/seller',
  access: 'admin',
  body: plainBody({
    name: sellerText(messages.sellerNameRequired),
    inn: digits(messages.innInvalid, isValidInn),
    kpp: digits(messages.kppInvalid, (s) => s === '' || isValidKpp(s)).default(''),
    ogrn: digits(messages.ogrnInvalid, isValidOgrn),
    address: sellerText(messages.sellerAddressRequired),
    bank: sellerText(messages.sellerBankRequired),
    bik: digits(messages.bikInvalid, isValidBik),
    account: digits(messages.accountInvalid, (s) => /^\d{20}$/.test(s)),
    corr_account: digits(messages.corrAccountInvalid, (s) => /^\d{20}$/.test(s)),
    vat: z.enum(VAT_RATES, { error: messages.vatInvalid }),
  }).superRefine((v, c) => {
    const issue = (path: string, message: string) => c.addIssue({ code: 'custom', path: [path], message });
    if (needsKpp(v.inn) && !v.kpp) issue('kpp', messages.sellerKppRequired);
    if (!needsKpp(v.inn) && v.kpp) issue('kpp', messages.kppForbidden);
    if (!ogrnFitsInn(v.ogrn, v.inn)) issue('ogrn', messages.ogrnInvalid);
    if (!isValidAccount(v.account, v.bik)) issue('account', messages.accountInvalid);
    if (!isValidCorrAccount(v.corr_account, v.bik)) issue('corr_account', messages.corrAccountInvalid);
  }),
  response: z.object({ seller: sellerRequisites }),
  errors: [
    'seller_superuser_only',
    'seller_name_required',
    'seller_address_required',
    'seller_bank_required',
    'kpp_required',
    'inn_invalid',
    'kpp_invalid',
    'kpp_forbidden',
    'ogrn_invalid',
    'bik_invalid',
    'account_invalid',
    'corr_account_invalid',
    'vat_invalid',
    'too_long',
  ],
});
