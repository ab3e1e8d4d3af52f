import { z } from 'zod';
import { isValidInn, isValidKpp, needsKpp } from '../../../shared/billing.ts';
import { messages } from '../../../shared/catalogue.ts';
import {
  isValidAccount,
  isValidBik,
  isValidCorrAccount,
  isValidOgrn,
  ogrnFitsInn,
  SELLER_TEXT_MAX,
  VAT_RATES,
  type SellerRequisites,
} from '../../../shared/requisites.ts';
import { collapse, plainBody, withoutControlChars } from '../../../shared/validation.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, forbidden } from '../../lib/errors.ts';
import type { Role } from '../../../shared/api.ts';
import { enqueue } from '../../jobs/queue.ts';
import * as q from './queries.ts';

const text = (rm: string) =>
  withoutControlChars(z.string({ error: rm }))
    .transform(collapse)
    .pipe(z.string().min(1, rm).max(SELLER_TEXT_MAX, messages.tooLong(SELLER_TEXT_MAX)));
/** Digits as typed, spaces and dashes dropped, checked by `ok`. */
const digits = (rm: string, ok: (s: string) => boolean) =>
  withoutControlChars(z.string({ error: rm }))
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .refine(ok, rm);

/** The requisites form: each number with its check digits, the accounts keyed with the БИК, КПП and ОГРН by the ИНН. */
export const sellerBody = plainBody({
  name: text(messages.sellerNameRequired),
  inn: digits(messages.innInvalid, isValidInn),
  kpp: digits(messages.kppInvalid, (s) => s === '' || isValidKpp(s)).default(''),
  ogrn: digits(messages.ogrnInvalid, isValidOgrn),
  address: text(messages.sellerAddressRequired),
  bank: text(messages.sellerBankRequired),
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
});

/** The seller's requisites, or null while the superuser has not set them. */
export async function sellerRequisites(ctx: Ctx): Promise<SellerRequisites | null> {
  return q.sellerRequisites(ctx.db);
}

/** The site's owner only: the requisites say whom companies pay, so admins and moderators may not change them. */
function assertSuperuser(user: { role: Role }) {
  if (user.role !== 'superuser') throw forbidden(messages.sellerSuperuserOnly);
}

/**
 * The requisites an invoice is issued with. Without them no invoice is made: the buyer is told in Russian, and the
 * superusers get one notice (until the requisites are saved).
 */
export async function requireSeller(ctx: Ctx): Promise<SellerRequisites> {
  const seller = await sellerRequisites(ctx);
  if (seller) return seller;
  await transaction(ctx, async (ctx) => {
    if (!(await q.claimSellerNotice(ctx.db, ctx.now()))) return;
    for (const id of await q.superuserIds(ctx.db))
      await enqueue(ctx, 'notify.system', { userId: id, text: messages.invoiceSellerMissingNotice });
  });
  throw new ApiError(409, messages.invoiceSellerMissing);
}

/** `GET /v3.0/admin/seller`. */
export async function readSeller(ctx: Ctx, user: { role: Role }) {
  assertSuperuser(user);
  return { seller: await sellerRequisites(ctx) };
}

/** `POST /v3.0/admin/seller`. */
export async function saveSeller(ctx: Ctx, user: { role: Role }, seller: SellerRequisites) {
  assertSuperuser(user);
  await transaction(ctx, (ctx) => q.setSellerRequisites(ctx.db, seller));
  return { seller };
}
