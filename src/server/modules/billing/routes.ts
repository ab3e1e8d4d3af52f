import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/billing.ts';
import * as admin from '../../../shared/api/billing-admin.ts';
import { READS, route } from '../../http/route.ts';
import * as seller from './seller.ts';
import * as billing from './service.ts';

/** The card part of a form as payments takes it: the fields and the caller's address. */
const card = (b: { email: string; order: string; cryptogram: string }, ip: string) => ({
  email: b.email,
  order: b.order,
  cryptogram: b.cryptogram,
  ip,
});

/** Company invoices, /plus, donations, the balance and promo codes (issue 12). */
export const billingRoutes = [
  route.implement(contracts.suggestCompanies, {
    rateLimit: [60, 60],
    handler: async ({ ctx, query }) => ({ items: await billing.suggestCompanies(ctx, query.query) }),
  }),

  route.implement(contracts.myInvoices, {
    rateLimit: READS,
    handler: async ({ ctx, user }) => ({ items: await billing.myInvoices(ctx, user) }),
  }),

  route.implement(admin.staffInvoices, {
    rateLimit: READS,
    handler: async ({ ctx, query }) => ({ items: await billing.staffInvoices(ctx, query.status ?? null) }),
  }),

  route.implement(admin.markInvoicePaid, {
    rateLimit: [60, 60],
    message: messages.invoiceMarkedPaid,
    handler: async ({ ctx, user, params }) => ({ invoice: await billing.markInvoicePaid(ctx, user, params.id) }),
  }),

  route.implement(contracts.sponsors, {
    rateLimit: [60, 60],
    handler: async ({ ctx, params }) => ({ items: await billing.sponsors(ctx, params.count) }),
  }),

  route.implement(admin.createPromo, {
    rateLimit: [30, 60],
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

  route.implement(admin.promoList, {
    rateLimit: READS,
    handler: async ({ ctx }) => ({ items: await billing.promoList(ctx) }),
  }),

  route.implement(contracts.redeemPromo, {
    rateLimit: [10, 60],
    message: (r) => r.message,
    handler: ({ ctx, user, body }) => billing.redeemPromo(ctx, user, body.code),
  }),

  route.implement(contracts.balance, {
    rateLimit: READS,
    handler: ({ ctx, user }) => billing.balance(ctx, user),
  }),

  route.implement(contracts.payPlusFromBalance, {
    rateLimit: [10, 60],
    message: messages.plusPaidFromBalance,
    handler: ({ ctx, user, body }) => billing.payPlusFromBalance(ctx, user, body.stuff_id),
  }),

  route.implement(contracts.donateFromBalance, {
    rateLimit: [20, 60],
    message: messages.donationDone,
    handler: ({ ctx, user, body }) =>
      billing.donateFromBalance(ctx, user, { entryId: body.entry_id, amount: body.amount, message: body.message }),
  }),

  route.implement(contracts.donateByCard, {
    rateLimit: [20, 60],
    handler: ({ ctx, user, body, req }) =>
      billing.donateByCard(
        ctx,
        user,
        { entryId: body.entry_id, amount: body.amount, message: body.message },
        card(body, req.ip),
      ),
  }),

  route.implement(contracts.donateToSiteByCard, {
    rateLimit: [20, 60],
    handler: ({ ctx, user, body, req }) =>
      billing.donateByCard(
        ctx,
        user,
        { entryId: null, amount: body.amount, message: body.message },
        card(body, req.ip),
      ),
  }),

  route.implement(contracts.donateToSiteFromBalance, {
    rateLimit: [20, 60],
    message: messages.siteDonationDone,
    handler: ({ ctx, user, body }) => billing.donateToSiteFromBalance(ctx, user, body.amount, body.message),
  }),

  route.implement(admin.siteDonations, {
    rateLimit: READS,
    handler: ({ ctx }) => billing.siteDonations(ctx),
  }),
  route.implement(admin.siteAccount, {
    rateLimit: READS,
    handler: ({ ctx, query }) => billing.siteAccount(ctx, query.before_id ?? null),
  }),

  route.implement(contracts.topUp, {
    rateLimit: [20, 60],
    handler: ({ ctx, user, body, req }) => billing.topUpByCard(ctx, user, body.amount, card(body, req.ip)),
  }),

  route.implement(contracts.quotePromo, {
    rateLimit: [30, 60],
    readOnly: true,
    handler: ({ ctx, user, body }) => billing.quotePromo(ctx, user, body.stuff_id, body.code ?? null),
  }),

  route.implement(contracts.ads, {
    rateLimit: READS,
    handler: ({ ctx, user }) => billing.adsSettings(ctx, user),
  }),

  route.implement(contracts.setHideAds, {
    rateLimit: [30, 60],
    message: (r) => (r.hide_ads ? messages.adsHidden : messages.adsShown),
    handler: ({ ctx, user, body }) => billing.setHideAds(ctx, user, body.hide_ads),
  }),

  route.implement(admin.setBanner, {
    rateLimit: [30, 60],
    message: messages.bannerSaved,
    handler: ({ ctx, body }) => billing.setFeedBanner(ctx, body),
  }),

  route.implement(admin.removeBanner, {
    rateLimit: [30, 60],
    message: messages.bannerRemoved,
    handler: ({ ctx }) => billing.setFeedBanner(ctx, null),
  }),

  route.implement(admin.setHiddenForPlus, {
    rateLimit: [60, 60],
    message: (r) => (r.is_hidden_for_plus ? messages.hiddenForPlusSet : messages.hiddenForPlusUnset),
    handler: ({ ctx, params, body }) => billing.setHiddenForPlus(ctx, params.id, body.hidden),
  }),

  route.implement(contracts.donationsCabinet, {
    rateLimit: READS,
    handler: ({ ctx, user }) => billing.donationsCabinet(ctx, user),
  }),

  route.implement(contracts.requestPayout, {
    rateLimit: [10, 60],
    message: messages.payoutRequested,
    handler: ({ ctx, user, body }) => billing.requestPayout(ctx, user, body.amount),
  }),

  route.implement(admin.staffPayouts, {
    rateLimit: READS,
    handler: async ({ ctx }) => ({ items: await billing.staffPayouts(ctx) }),
  }),

  route.implement(admin.markPayoutPaid, {
    rateLimit: [60, 60],
    message: messages.payoutMarkedPaid,
    handler: ({ ctx, user, params }) => billing.markPayoutPaid(ctx, user, params.id),
  }),
  /** The superuser reads and saves the requisites invoices are issued with. */
  route.implement(admin.readSeller, {
    rateLimit: READS,
    handler: ({ ctx, user }) => seller.readSeller(ctx, user),
  }),
  route.implement(admin.saveSeller, {
    rateLimit: [30, 60],
    message: messages.sellerSaved,
    handler: ({ ctx, user, body }) => seller.saveSeller(ctx, user, body),
  }),
];

/** Outside the API prefix (spec/content.md §2): the invoice form's redirect and the PDF it leads to. */
export const billingRootRoutes = [
  route.implement(contracts.storeInvoice, {
    rateLimit: [20, 60],
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

  route.implement(contracts.invoicePdf, {
    rateLimit: [60, 60],
    handler: async ({ ctx, user, params, reply }) => {
      const file = await billing.invoiceFile(ctx, user, params.id);
      reply.header('content-disposition', `inline; filename="${file.name}"`);
      reply.header('cache-control', 'private, no-store');
      reply.type('application/pdf');
      return Buffer.from(file.pdf);
    },
  }),
];
