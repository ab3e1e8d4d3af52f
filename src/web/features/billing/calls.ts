import type {
  CompanySuggestion,
  DonationsCabinet,
  FeedBanner,
  SiteAccount,
  SiteDonations,
  Sponsor,
} from '../../../shared/billing.ts';
import type { CreateResult } from '../../../shared/payments.ts';
import { api } from '../../api/request.ts';

/** Billing calls of the web client (src/server/modules/billing/routes.ts). Amounts in kopecks, as every money field of the API. */
export const billingCalls = {
  suggest: (query: string) =>
    api.get<{ items: CompanySuggestion[] }>('bills/companies/suggest', { query }, { notify: false }),
  sponsors: (count: number) => api.get<{ items: Sponsor[] }>(`plus/sponsors/${count}`, {}, { notify: false }),
  redeem: (code: string) =>
    api.post<{ days: number; discount: number; paid_until: string | null }>('payments/promo/redeem', { code }),
  payPlusFromBalance: (stuffId: number) =>
    api.post<{ balance: number; paid_until: string | null }>('balance/plus', { stuff_id: stuffId }),
  donate: (entryId: number, amount: number, message: string) =>
    api.post<{ id: number; balance: number }>('donations/balance', { entry_id: entryId, amount, message }),
  /** Card payments: the order number of `prepare` and its cryptogram; the buy popup's card form shows the errors. */
  donateByCard: (entryId: number | null, amount: number, message: string, card: CardFields) =>
    api.post<CreateResult>(
      entryId === null ? 'donations/site/card' : 'donations/card',
      { ...(entryId === null ? {} : { entry_id: entryId }), amount, message, ...card },
      { notify: false },
    ),
  donateToSite: (amount: number, message: string) =>
    api.post<{ id: number; balance: number }>('donations/site/balance', { amount, message }),
  topUp: (amount: number, card: CardFields) =>
    api.post<CreateResult>('balance/topup', { amount, ...card }, { notify: false }),
  siteDonations: () => api.get<SiteDonations>('admin/donations/site'),
  siteAccount: (beforeId: number | null) =>
    api.get<SiteAccount>('admin/account', beforeId === null ? {} : { before_id: beforeId }),
  setBanner: (banner: FeedBanner) => api.post<{ banner: FeedBanner }>('admin/banner', { ...banner }),
  removeBanner: () => api.post('admin/banner/remove', {}),
  ads: () => api.get<{ hide_ads: boolean; has_banner: boolean }>('plus/ads'),
  setHideAds: (hide: boolean) =>
    api.post<{ hide_ads: boolean; has_banner: boolean }>('plus/ads', { hide_ads: hide ? 1 : 0 }),
  setHiddenForPlus: (entryId: number, hidden: boolean) =>
    api.post<{ is_hidden_for_plus: boolean }>(`admin/entries/${entryId}/hidden_for_plus`, { hidden: hidden ? 1 : 0 }),
  cabinet: () => api.get<DonationsCabinet>('donations/cabinet'),
  requestPayout: (amount: number) => api.post('donations/payouts/request', { amount }),
};

export interface CardFields {
  email: string;
  order: string;
  cryptogram: string;
}
