import { z } from 'zod';
import { PAYOUT_MIN, SPONSOR_COUNTS, TOPUP_MAX, TOPUP_MIN, DONATION_MAX } from '../billing.ts';
import { cardFields, donationFields, idParams, invoiceQuery, kopecks, text } from '../billing-fields.ts';
import { messages } from '../catalogue.ts';
import { flagField, idField, intField, plainBody, promoCodeField } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { cardErrors, createResult } from './payments.ts';

/** A reader's billing (issue 12): company invoices, /plus, promo codes, the balance, donations, payouts. Kopecks. */

const date = z.string();
const int = z.number().int();

/** A company the invoice form may fill itself with (spec/content.md §7). */
export const companySuggestion = z.object({ value: z.string(), inn: z.string(), kpp: z.string(), address: z.string() });
export type CompanySuggestion = z.output<typeof companySuggestion>;

export const invoiceItem = z.object({
  id: int,
  /** The invoice's printed number. */
  number: z.string(),
  stuff_id: int,
  amount: int,
  company: companySuggestion,
  email: z.string(),
  status: z.enum(['issued', 'paid']),
  created_at: date,
  paid_at: date.nullable(),
  pdf_url: z.string(),
});
export type InvoiceItem = z.output<typeof invoiceItem>;

export const sponsor = z.object({ url: z.string(), name: z.string(), avatar: z.string().nullable() });
export type Sponsor = z.output<typeof sponsor>;

/** A donation's donor; null when the account is gone. */
export const donor = z.object({ id: int, name: z.string(), url: z.string() }).nullable();

export const payoutStatus = z.enum(['requested', 'paid']);

const donationsCabinetData = z.object({
  /** `available`: received less paid out and requested. */
  totals: z.object({ received: int, paid_out: int, requested: int, available: int, count: int }),
  items: z.array(
    z.object({
      id: int,
      amount: int,
      message: z.string(),
      donor,
      entry: z.object({ id: int, title: z.string(), url: z.string() }),
      created_at: date,
    }),
  ),
  payouts: z.array(
    z.object({ id: int, amount: int, status: payoutStatus, created_at: date, paid_at: date.nullable() }),
  ),
});
export type DonationsCabinet = z.output<typeof donationsCabinetData>;

const adsData = z.object({ hide_ads: z.boolean(), has_banner: z.boolean() });
const afterDonation = z.object({ id: int, /** The donor's balance after it. */ balance: int });

const donationErrors = ['donation_amount_invalid', 'donation_message_too_long'] as const;
const entryDonationErrors = ['entry_not_found', 'donations_disabled', 'donation_to_self', ...donationErrors] as const;
const promoErrors = ['promo_code_invalid', 'promo_not_found', 'promo_expired', 'promo_used_up', 'promo_already_used'];
const invoiceProductErrors = ['stuff_invalid', 'stuff_not_for_invoice'] as const;

/** Companies matching the typed name or INN, for the invoice form. */
export const suggestCompanies = contract({
  method: 'GET',
  path: '/bills/companies/suggest',
  access: 'active',
  query: plainBody({ query: text(messages.companyQueryInvalid, 300) }),
  response: z.object({ items: z.array(companySuggestion) }),
  errors: ['company_query_invalid', 'too_long', 'wrong_type', 'company_suggest_failed'],
});

/** The reader's invoices, newest first. */
export const myInvoices = contract({
  method: 'GET',
  path: '/bills',
  access: 'user',
  response: z.object({ items: z.array(invoiceItem) }),
});

/** People with Plus for the avatar grid of /plus. */
export const sponsors = contract({
  method: 'GET',
  path: '/plus/sponsors/:count',
  access: 'anyone',
  params: z.strictObject({
    count: intField(messages.sponsorsCountInvalid).pipe(
      z.union(
        SPONSOR_COUNTS.map((n) => z.literal(n)),
        { error: messages.sponsorsCountInvalid },
      ),
    ),
  }),
  response: z.object({ items: z.array(sponsor) }),
  errors: ['sponsors_count_invalid'],
});

/** A promo code: days of Plus at once, or a discount (percent) waiting for the next purchase. */
export const redeemPromo = contract({
  method: 'POST',
  path: '/payments/promo/redeem',
  access: 'active',
  body: plainBody({ code: promoCodeField }),
  /** `message`: what the code gave, also the answer's `rm`. */
  response: z.object({ days: int, discount: int, paid_until: date.nullable(), message: z.string() }),
  errors: promoErrors,
});

export const balance = contract({
  method: 'GET',
  path: '/balance',
  access: 'user',
  response: z.object({ balance: int }),
});

/** A Plus period paid from the balance (after a redeemed discount). */
export const payPlusFromBalance = contract({
  method: 'POST',
  path: '/balance/plus',
  access: 'active',
  body: plainBody({ stuff_id: idField(messages.stuffInvalid) }),
  response: z.object({ balance: int, paid_until: date.nullable() }),
  errors: [...invoiceProductErrors, 'balance_too_low'],
});

/** A donation to an entry's author from the balance. */
export const donateFromBalance = contract({
  method: 'POST',
  path: '/donations/balance',
  access: 'active',
  body: plainBody({ entry_id: idField(messages.entryNotFound), ...donationFields }),
  response: afterDonation,
  errors: [...entryDonationErrors, 'balance_too_low'],
});

/** A donation to an entry's author by card (the order number of `prepare` and its cryptogram). */
export const donateByCard = contract({
  method: 'POST',
  path: '/donations/card',
  access: 'active',
  body: plainBody({ entry_id: idField(messages.entryNotFound), ...donationFields, ...cardFields }),
  response: createResult,
  errors: [...entryDonationErrors, ...cardErrors, 'email_required', 'email_invalid'],
});

/** A donation to the site itself by card. */
export const donateToSiteByCard = contract({
  method: 'POST',
  path: '/donations/site/card',
  access: 'active',
  body: plainBody({ ...donationFields, ...cardFields }),
  response: createResult,
  errors: [...donationErrors, ...cardErrors, 'email_required', 'email_invalid'],
});

/** A donation to the site itself from the balance. */
export const donateToSiteFromBalance = contract({
  method: 'POST',
  path: '/donations/site/balance',
  access: 'active',
  body: plainBody({ ...donationFields }),
  response: afterDonation,
  errors: [...donationErrors, 'balance_too_low'],
});

/** A balance top-up by card. */
export const topUp = contract({
  method: 'POST',
  path: '/balance/topup',
  access: 'active',
  body: plainBody({ amount: kopecks(messages.topupAmountInvalid, TOPUP_MIN, TOPUP_MAX), ...cardFields }),
  response: createResult,
  errors: ['topup_amount_invalid', ...cardErrors, 'email_required', 'email_invalid'],
});

/** What a product costs this reader with a typed code (or a discount redeemed before); nothing is taken yet. */
export const quotePromo = contract({
  method: 'POST',
  path: '/payments/promo/quote',
  access: 'active',
  body: plainBody({ stuff_id: idField(messages.stuffInvalid), code: promoCodeField.optional() }),
  /** `discount`: percent. */
  response: z.object({ price: int, full_price: int, discount: int }),
  errors: ['stuff_invalid', 'promo_not_for_recurring', 'promo_not_discount', ...promoErrors],
});

/** Whether the reader hides the feed banner, and whether there is one. */
export const ads = contract({
  method: 'GET',
  path: '/plus/ads',
  access: 'user',
  response: adsData,
});
export type AdsSettings = ContractOutput<typeof ads>;

/** A Plus reader hides (or shows again) the feed banner. */
export const setHideAds = contract({
  method: 'POST',
  path: '/plus/ads',
  access: 'plus',
  body: plainBody({ hide_ads: flagField(messages.wrongType) }),
  response: adsData,
  errors: ['wrong_type'],
});

/** The author's donations cabinet: paid donations, totals, payout requests. */
export const donationsCabinet = contract({
  method: 'GET',
  path: '/donations/cabinet',
  access: 'user',
  response: donationsCabinetData,
});

/** An author asks to be paid collected donations; the money leaves the balance at once. */
export const requestPayout = contract({
  method: 'POST',
  path: '/donations/payouts/request',
  access: 'active',
  body: plainBody({ amount: kopecks(messages.payoutTooSmall, PAYOUT_MIN, DONATION_MAX * 1000) }),
  response: z.object({ id: int, amount: int, status: payoutStatus }),
  errors: ['payout_too_small', 'payout_too_large'],
});

/** The invoice form (outside /v3.0): stores the invoice and redirects to its PDF. */
export const storeInvoice = contract({
  method: 'GET',
  path: '/tools/bills/store',
  access: 'active',
  query: invoiceQuery,
  raw: { type: 'redirect', description: "303 to the new invoice's PDF." },
  errors: [
    ...invoiceProductErrors,
    'inn_invalid',
    'kpp_invalid',
    'kpp_required',
    'kpp_forbidden',
    'company_name_required',
    'company_address_required',
    'email_required',
    'email_invalid',
    'invoice_seller_missing',
  ],
});

/** An invoice's PDF (outside /v3.0), for its buyer and staff. */
export const invoicePdf = contract({
  method: 'GET',
  path: '/tools/bills/:id/invoice.pdf',
  access: 'user',
  params: idParams(messages.invoiceNotFound),
  raw: { type: 'application/pdf', description: 'The invoice, a PDF.' },
  errors: ['invoice_not_found', 'invoice_seller_missing'],
});
