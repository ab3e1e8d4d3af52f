/** The billing routes' input (src/shared/api/billing*.ts): invoice, donation, card, promo and banner fields. */
import { z } from 'zod';
import {
  BANNER_URL_MAX,
  COMPANY_ADDRESS_MAX,
  COMPANY_NAME_MAX,
  DONATION_MAX,
  DONATION_MESSAGE_MAX,
  DONATION_MIN,
  isValidInn,
  isValidKpp,
  KOPECKS,
  needsKpp,
} from './billing.ts';
import { messages } from './catalogue.ts';
import { collapse, emailField, idField, intField, plainBody, withoutControlChars } from './validation.ts';

export const text = (required: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? required : messages.wrongType) })
    .max(max * 2, messages.tooLong(max))
    .transform(collapse)
    .pipe(z.string().min(1, required).max(max, messages.tooLong(max)));

export const innField = withoutControlChars(z.string({ error: messages.innInvalid }))
  .transform((s) => s.trim())
  .refine(isValidInn, messages.innInvalid);
export const kppField = withoutControlChars(z.string({ error: messages.kppInvalid }))
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => s === '' || isValidKpp(s), messages.kppInvalid)
  .default('');

/** The invoice form's fields (`/tools/bills/store?{fields}`): an organisation gives its KPP, a sole trader none. */
export const invoiceQuery = plainBody({
  stuff_id: idField(messages.stuffInvalid),
  inn: innField,
  kpp: kppField,
  name: text(messages.companyNameRequired, COMPANY_NAME_MAX),
  address: text(messages.companyAddressRequired, COMPANY_ADDRESS_MAX),
  email: emailField,
}).superRefine((v, c) => {
  if (needsKpp(v.inn) && !v.kpp) c.addIssue({ code: 'custom', path: ['kpp'], message: messages.kppRequired });
  if (!needsKpp(v.inn) && v.kpp) c.addIssue({ code: 'custom', path: ['kpp'], message: messages.kppForbidden });
});

/** An amount in kopecks, as every money field of the API (limits are named in roubles). */
export const kopecks = (rm: string, minRoubles: number, maxRoubles: number) =>
  intField(rm, minRoubles * KOPECKS, maxRoubles * KOPECKS);

export const expiryField = z
  .union([z.null(), z.literal(''), z.iso.date(), z.iso.datetime({ offset: true })], {
    error: messages.promoExpiryInvalid,
  })
  .transform((s) => (s ? new Date(s) : null))
  .optional();

export const idParams = (rm: string) => z.strictObject({ id: idField(rm) });

export const donationMessage = z
  .string({ error: messages.wrongType })
  .max(DONATION_MESSAGE_MAX, messages.donationMessageTooLong)
  .transform((s) => s.trim())
  .default('');

/** What every donation form asks: its amount in kopecks and an optional message to the receiver. */
export const donationFields = {
  amount: kopecks(messages.donationAmountInvalid, DONATION_MIN, DONATION_MAX),
  message: donationMessage,
};

/** The card part of a form (spec/content.md §7): the receipt email, the order number of `prepare`, its cryptogram. */
export const cardFields = {
  email: emailField,
  order: z.string({ error: messages.paymentOrderInvalid }).max(64, messages.paymentOrderInvalid),
  cryptogram: z
    .string({ error: messages.paymentCryptogramRequired })
    .min(1, messages.paymentCryptogramRequired)
    .max(4096, messages.paymentCryptogramInvalid),
};
export const bannerUrl = (rm: string, re: RegExp) =>
  withoutControlChars(z.string({ error: rm }))
    .transform((s) => s.trim())
    .pipe(z.string().max(BANNER_URL_MAX, rm).regex(re, rm));
