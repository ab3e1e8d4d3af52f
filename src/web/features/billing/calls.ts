import type * as c from '../../../shared/api/billing.ts';
import type * as admin from '../../../shared/api/billing-admin.ts';
import type { FeedBanner } from '../../../shared/api/billing-admin.ts';
import { call } from '../../api/call.ts';
import type { CardFields } from './donation-calls.ts';

/** Billing calls of the web client (src/shared/api/billing*.ts). Amounts in kopecks, as every money field of the API. */
export const billingCalls = {
  suggest: (query: string) =>
    call<typeof c.suggestCompanies>('GET /bills/companies/suggest', { query }, { notify: false }),
  sponsors: (count: number) => call<typeof c.sponsors>('GET /plus/sponsors/:count', { count }, { notify: false }),
  redeem: (code: string) => call<typeof c.redeemPromo>('POST /payments/promo/redeem', { code }),
  payPlusFromBalance: (stuffId: number) =>
    call<typeof c.payPlusFromBalance>('POST /balance/plus', { stuff_id: stuffId }),
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
