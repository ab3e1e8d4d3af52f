import { z } from 'zod';
import {
  BANNER_TEXT_MAX,
  DONATION_MAX,
  PAYOUT_MIN,
  PROMO_DAYS_MAX,
  SPONSOR_COUNTS,
  TOPUP_MAX,
  TOPUP_MIN,
} from '../../../shared/billing.ts';
import { messages } from '../../../shared/catalogue.ts';
import { flagField, idField, intField, plainBody, promoCodeField } from '../../../shared/validation.ts';
import { READS, route } from '../../http/route.ts';
import {
  text,
  invoiceQuery,
  kopecks,
  expiryField,
  idParams,
  donationFields,
  cardFields,
  card,
  bannerUrl,
} from './fields.ts';
import * as seller from './seller.ts';
import * as billing from './service.ts';

/** Company invoices, /plus, donations, the balance and promo codes (issue 12). */
export const billingRoutes = [
  route.get('/bills/companies/suggest', {
    access: 'active',
    rateLimit: [60, 60],
    query: plainBody({ query: text(messages.companyQueryInvalid, 300) }),
    handler: async ({ ctx, query }) => ({ items: await billing.suggestCompanies(ctx, query.query) }),
  }),

  route.get('/bills', {
    access: 'user',
    rateLimit: READS,
    handler: async ({ ctx, user }) => ({ items: await billing.myInvoices(ctx, user) }),
  }),

  route.get('/admin/bills', {
    access: 'staff',
    rateLimit: READS,
    query: plainBody({ status: z.enum(['issued', 'paid'], { error: messages.badRequest }).optional() }),
    handler: async ({ ctx, query }) => ({ items: await billing.staffInvoices(ctx, query.status ?? null) }),
  }),

  route.post('/admin/bills/:id/paid', {
    access: 'staff',
    rateLimit: [60, 60],
    params: idParams(messages.invoiceNotFound),
    message: messages.invoiceMarkedPaid,
    handler: async ({ ctx, user, params }) => ({ invoice: await billing.markInvoicePaid(ctx, user, params.id) }),
  }),

  route.get('/plus/sponsors/:count', {
    access: 'anyone',
    rateLimit: [60, 60],
    params: z.strictObject({
      count: intField(messages.sponsorsCountInvalid).pipe(
        z.union(
          SPONSOR_COUNTS.map((n) => z.literal(n)),
          { error: messages.sponsorsCountInvalid },
        ),
      ),
    }),
    handler: async ({ ctx, params }) => ({ items: await billing.sponsors(ctx, params.count) }),
  }),

  route.post('/private/digest/promo/store', {
    access: 'staff',
    rateLimit: [30, 60],
    body: plainBody({
      code: promoCodeField,
      days: intField(messages.promoDaysInvalid, 0, PROMO_DAYS_MAX).default(0),
      discount: intField(messages.promoDiscountInvalid, 0, 100).default(0),
      max_uses: intField(messages.promoUsesInvalid, 1, 1_000_000).default(1),
      expires_at: expiryField,
    }),
    message: messages.promoCreated,
    handler: ({ ctx, user, body }) =>
      billing.createPromo(ctx, user, {
        code: body.code,
        days: body.days,
        discount: body.discount,
        maxUses: body.max_uses,
        expiresAt: body.expires_at ?? null,
      }),
  }),

  route.get('/admin/promo', {
    access: 'staff',
    rateLimit: READS,
    handler: async ({ ctx }) => ({ items: await billing.promoList(ctx) }),
  }),

  route.post('/payments/promo/redeem', {
    access: 'active',
    rateLimit: [10, 60],
    body: plainBody({ code: promoCodeField }),
    message: (r: { message: string }) => r.message,
    handler: ({ ctx, user, body }) => billing.redeemPromo(ctx, user, body.code),
  }),

  route.get('/balance', {
    access: 'user',
    rateLimit: READS,
    handler: ({ ctx, user }) => billing.balance(ctx, user),
  }),

  route.post('/balance/plus', {
    access: 'active',
    rateLimit: [10, 60],
    body: plainBody({ stuff_id: idField(messages.stuffInvalid) }),
    message: messages.plusPaidFromBalance,
    handler: ({ ctx, user, body }) => billing.payPlusFromBalance(ctx, user, body.stuff_id),
  }),

  route.post('/donations/balance', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({
      entry_id: idField(messages.entryNotFound),
      ...donationFields,
    }),
    message: messages.donationDone,
    handler: ({ ctx, user, body }) =>
      billing.donateFromBalance(ctx, user, { entryId: body.entry_id, amount: body.amount, message: body.message }),
  }),

  route.post('/donations/card', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({
      entry_id: idField(messages.entryNotFound),
      ...donationFields,
      ...cardFields,
    }),
    handler: ({ ctx, user, body, req }) =>
      billing.donateByCard(
        ctx,
        user,
        { entryId: body.entry_id, amount: body.amount, message: body.message },
        card(body, req.ip),
      ),
  }),

  route.post('/donations/site/card', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({
      ...donationFields,
      ...cardFields,
    }),
    handler: ({ ctx, user, body, req }) =>
      billing.donateByCard(
        ctx,
        user,
        { entryId: null, amount: body.amount, message: body.message },
        card(body, req.ip),
      ),
  }),

  route.post('/donations/site/balance', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({
      ...donationFields,
    }),
    message: messages.siteDonationDone,
    handler: ({ ctx, user, body }) => billing.donateToSiteFromBalance(ctx, user, body.amount, body.message),
  }),

  route.get('/admin/donations/site', {
    access: 'staff',
    rateLimit: READS,
    handler: ({ ctx }) => billing.siteDonations(ctx),
  }),
  route.get('/admin/account', {
    access: 'staff',
    rateLimit: READS,
    query: plainBody({ before_id: idField(messages.siteAccountBeforeInvalid).optional() }),
    handler: ({ ctx, query }) => billing.siteAccount(ctx, query.before_id ?? null),
  }),

  route.post('/balance/topup', {
    access: 'active',
    rateLimit: [20, 60],
    body: plainBody({ amount: kopecks(messages.topupAmountInvalid, TOPUP_MIN, TOPUP_MAX), ...cardFields }),
    handler: ({ ctx, user, body, req }) => billing.topUpByCard(ctx, user, body.amount, card(body, req.ip)),
  }),

  route.post('/payments/promo/quote', {
    access: 'active',
    rateLimit: [30, 60],
    readOnly: true,
    body: plainBody({ stuff_id: idField(messages.stuffInvalid), code: promoCodeField.optional() }),
    handler: ({ ctx, user, body }) => billing.quotePromo(ctx, user, body.stuff_id, body.code ?? null),
  }),

  route.get('/plus/ads', {
    access: 'user',
    rateLimit: READS,
    handler: ({ ctx, user }) => billing.adsSettings(ctx, user),
  }),

  route.post('/plus/ads', {
    access: 'plus',
    rateLimit: [30, 60],
    body: plainBody({ hide_ads: flagField(messages.wrongType) }),
    message: (r: { hide_ads: boolean }) => (r.hide_ads ? messages.adsHidden : messages.adsShown),
    handler: ({ ctx, user, body }) => billing.setHideAds(ctx, user, body.hide_ads),
  }),

  route.post('/admin/banner', {
    access: 'staff',
    rateLimit: [30, 60],
    body: plainBody({
      image_url: bannerUrl(messages.bannerImageInvalid, /^(https:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]+)$/),
      link: bannerUrl(messages.bannerLinkInvalid, /^(https?:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/),
      text: text(messages.bannerTextInvalid, BANNER_TEXT_MAX),
    }),
    message: messages.bannerSaved,
    handler: ({ ctx, body }) => billing.setFeedBanner(ctx, body),
  }),

  route.post('/admin/banner/remove', {
    access: 'staff',
    rateLimit: [30, 60],
    message: messages.bannerRemoved,
    handler: ({ ctx }) => billing.setFeedBanner(ctx, null),
  }),

  route.post('/admin/entries/:id/hidden_for_plus', {
    access: 'staff',
    rateLimit: [60, 60],
    params: idParams(messages.entryNotFound),
    body: plainBody({ hidden: flagField(messages.wrongType) }),
    message: (r: { is_hidden_for_plus: boolean }) =>
      r.is_hidden_for_plus ? messages.hiddenForPlusSet : messages.hiddenForPlusUnset,
    handler: ({ ctx, params, body }) => billing.setHiddenForPlus(ctx, params.id, body.hidden),
  }),

  route.get('/donations/cabinet', {
    access: 'user',
    rateLimit: READS,
    handler: ({ ctx, user }) => billing.donationsCabinet(ctx, user),
  }),

  route.post('/donations/payouts/request', {
    access: 'active',
    rateLimit: [10, 60],
    body: plainBody({ amount: kopecks(messages.payoutTooSmall, PAYOUT_MIN, DONATION_MAX * 1000) }),
    message: messages.payoutRequested,
    handler: ({ ctx, user, body }) => billing.requestPayout(ctx, user, body.amount),
  }),

  route.get('/admin/payouts', {
    access: 'staff',
    rateLimit: READS,
    handler: async ({ ctx }) => ({ items: await billing.staffPayouts(ctx) }),
  }),

  route.post('/admin/payouts/:id/paid', {
    access: 'staff',
    rateLimit: [60, 60],
    params: idParams(messages.payoutNotFound),
    message: messages.payoutMarkedPaid,
    handler: ({ ctx, user, params }) => billing.markPayoutPaid(ctx, user, params.id),
  }),
  /** The superuser reads and saves the requisites invoices are issued with. */
  route.get('/admin/seller', {
    access: 'admin',
    rateLimit: READS,
    handler: ({ ctx, user }) => seller.readSeller(ctx, user),
  }),
  route.post('/admin/seller', {
    access: 'admin',
    rateLimit: [30, 60],
    body: seller.sellerBody,
    message: messages.sellerSaved,
    handler: ({ ctx, user, body }) => seller.saveSeller(ctx, user, body),
  }),
];

/** Outside the API prefix (spec/content.md §2): the invoice form's redirect and the PDF it leads to. */
export const billingRootRoutes = [
  route.get('/tools/bills/store', {
    access: 'active',
    rateLimit: [20, 60],
    query: invoiceQuery,
    raw: true,
    handler: async ({ ctx, user, query, reply }) => {
      const url = await billing.createInvoice(ctx, user, {
        stuffId: query.stuff_id,
        inn: query.inn,
        kpp: query.kpp,
        name: query.name,
        address: query.address,
        email: query.email,
      });
      return reply.redirect(url, 303);
    },
  }),

  route.get('/tools/bills/:id/invoice.pdf', {
    access: 'user',
    rateLimit: [60, 60],
    params: idParams(messages.invoiceNotFound),
    raw: true,
    handler: async ({ ctx, user, params, reply }) => {
      const file = await billing.invoiceFile(ctx, user, params.id);
      reply.header('content-disposition', `inline; filename="${file.name}"`);
      reply.header('cache-control', 'private, no-store');
      reply.type('application/pdf');
      return Buffer.from(file.pdf);
    },
  }),
];
