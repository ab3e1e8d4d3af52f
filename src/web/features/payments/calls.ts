import type {
  BankInfo,
  CreateResult,
  PaymentItem,
  PlusStatus,
  PrepareData,
  RefundPreview,
  StaffPaymentItem,
} from '../../../shared/payments.ts';
import { api } from '../../api/request.ts';

/** The payment calls (spec/content.md §7). The buy popup shows its own errors, so none of them toasts. */
export const paymentCalls = {
  prepare: () => api.get<PrepareData>('payments/accounts/orders/prepare', {}, { notify: false }),
  create: (
    data: { stuff_id: number; email: string; order: string; gift_to?: number; promo?: string },
    cryptogram: string,
  ) => api.post<CreateResult>('payments/accounts/orders/create', { data, cryptogram }, { notify: false }),
  quote: (stuff_id: number, code: string) =>
    api.post<{ price: number; full_price: number; discount: number }>(
      'payments/promo/quote',
      { stuff_id, ...(code ? { code } : {}) },
      { notify: false },
    ),
  giftCheck: (userId: number) => api.get<{ can_gift: boolean }>(`payments/gift/check/${userId}`, {}, { notify: false }),
  bank: (card_prefix: string) => api.post<BankInfo>('payments/bank/info', { card_prefix }, { notify: false }),
  status: () => api.get<PlusStatus>('payments/plus'),
  history: () => api.get<PaymentItem[]>('payments/history'),
  cancel: (reason: string) => api.post<PlusStatus>('payments/recurring/cancel', { reason }),
  gift: (user_id: number, days: number) => api.post<PlusStatus>('payments/gift', { user_id, days }),
  staffOrders: () => api.get<StaffPaymentItem[]>('payments/admin/orders'),
  refundPreview: (order_id: number) => api.get<RefundPreview>(`payments/admin/refund/${order_id}`),
  refund: (order_id: number) => api.post<{ status: string }>('payments/admin/refund', { order_id }),
};
