import type { CompanySuggestion, DonationsCabinet, Sponsor } from '../../../shared/billing.ts';
import { api } from '../../api/request.ts';

/** Billing calls of the web client (src/server/modules/billing/routes.ts). Amounts in whole roubles. */
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
  cabinet: () => api.get<DonationsCabinet>('donations/cabinet'),
  requestPayout: (amount: number) => api.post('donations/payouts/request', { amount }),
};
