import type * as c from '../../../shared/api/billing.ts';
import type * as admin from '../../../shared/api/billing-admin.ts';
import type { FeedBanner } from '../../../shared/api/billing-admin.ts';
import { call } from '../../api/call.ts';

/** Billing calls of the web client (src/shared/api/billing*.ts). Amounts in kopecks, as every money field of the API. */
export const billingCalls = {
  suggest: (query: string) =>
    call<typeof c.suggestCompanies>('GET /bills/companies/suggest', { query }, { notify: false }),
  sponsors: (count: number) => call<typeof c.sponsors>('GET /plus/sponsors/:count', { count }, { notify: false }),
  redeem: (code: string) => call<typeof c.redeemPromo>('POST /payments/promo/redeem', { code }),
  payPlusFromBalance: (stuffId: number) =>
    call<typeof c.payPlusFromBalance>('POST /balance/plus', { stuff_id: stuffId }),
  donate: (entryId: number, amount: number, message: string) =>
    call<typeof c.donateFromBalance>('POST /donations/balance', { entry_id: entryId, amount, message }),
  /** Card payments: the order number of `prepare` and its cryptogram; the buy popup's card form shows the errors. */
  donateByCard: (entryId: number | null, amount: number, message: string, card: CardFields) =>
    entryId === null
      ? call<typeof c.donateToSiteByCard>('POST /donations/site/card', { amount, message, ...card }, { notify: false })
      : call<typeof c.donateByCard>(
          'POST /donations/card',
          { entry_id: entryId, amount, message, ...card },
          { notify: false },
        ),
  donateToSite: (amount: number, message: string) =>
    call<typeof c.donateToSiteFromBalance>('POST /donations/site/balance', { amount, message }),
  topUp: (amount: number, card: CardFields) =>
    call<typeof c.topUp>('POST /balance/topup', { amount, ...card }, { notify: false }),
  siteDonations: () => call<typeof admin.siteDonations>('GET /admin/donations/site', {}),
  siteAccount: (beforeId: number | null) =>
    call<typeof admin.siteAccount>('GET /admin/account', beforeId === null ? {} : { before_id: beforeId }),
  setBanner: (banner: FeedBanner) => call<typeof admin.setBanner>('POST /admin/banner', { ...banner }),
  removeBanner: () => call<typeof admin.removeBanner>('POST /admin/banner/remove', {}),
  ads: () => call<typeof c.ads>('GET /plus/ads', {}),
  setHideAds: (hide: boolean) => call<typeof c.setHideAds>('POST /plus/ads', { hide_ads: hide ? 1 : 0 }),
  setHiddenForPlus: (entryId: number, hidden: boolean) =>
    call<typeof admin.setHiddenForPlus>('POST /admin/entries/:id/hidden_for_plus', {
      id: entryId,
      hidden: hidden ? 1 : 0,
    }),
  cabinet: () => call<typeof c.donationsCabinet>('GET /donations/cabinet', {}),
  requestPayout: (amount: number) => call<typeof c.requestPayout>('POST /donations/payouts/request', { amount }),
};

export interface CardFields {
  email: string;
  order: string;
  cryptogram: string;
}
