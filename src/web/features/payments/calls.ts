import type * as c from '../../../shared/api/payments.ts';
import type { quotePromo } from '../../../shared/api/billing.ts';
import { call } from '../../api/call.ts';

/** The payment calls (spec/content.md §7). The buy popup shows its own errors, so none of them toasts. */
export const paymentCalls = {
  prepare: () => call<typeof c.prepare>('GET /payments/accounts/orders/prepare', {}, { notify: false }),
  create: (
    data: { stuff_id: number; email: string; order: string; gift_to?: number; promo?: string },
    cryptogram: string,
  ) => call<typeof c.create>('POST /payments/accounts/orders/create', { data, cryptogram }, { notify: false }),
  quote: (stuff_id: number, code: string) =>
    call<typeof quotePromo>('POST /payments/promo/quote', { stuff_id, ...(code ? { code } : {}) }, { notify: false }),
  giftCheck: (userId: number) =>
    call<typeof c.giftCheck>('GET /payments/gift/check/:user_id', { user_id: userId }, { notify: false }),
  bank: (card_prefix: string) =>
    call<typeof c.bankInfo>('POST /payments/bank/info', { card_prefix }, { notify: false }),
  status: () => call<typeof c.plusStatus>('GET /payments/plus', {}),
  history: () => call<typeof c.history>('GET /payments/history', {}),
  cancel: (reason: string) => call<typeof c.cancelRecurring>('POST /payments/recurring/cancel', { reason }),
  gift: (user_id: number, days: number) => call<typeof c.gift>('POST /payments/gift', { user_id, days }),
  staffOrders: () => call<typeof c.staffOrders>('GET /payments/admin/orders', {}),
  refundPreview: (order_id: number) =>
    call<typeof c.refundPreview>('GET /payments/admin/refund/:order_id', { order_id }),
  refund: (order_id: number) => call<typeof c.refund>('POST /payments/admin/refund', { order_id }),
};
