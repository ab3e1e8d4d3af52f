/**
 * What other modules (billing: invoices, donations, top-ups, promo codes) use of payments: the ledger, Plus, and the
 * order and charge rows.
 */
export {
  postLedger,
  balanceOf,
  grantPlus,
  revokePlus,
  siteAccount,
  type LedgerInput,
  type LedgerKind,
} from './ledger.ts';
export type { OrderRow, ChargeRow } from './queries.ts';
/** Card payments of other kinds (top-ups, donations): the order number comes from `prepare`, the rest is the same flow. */
export {
  payByCard,
  onOrderPaid,
  newOrderNumber,
  orderHolds,
  setPlusPricing,
  type CardPayment,
  type PaidHandler,
  type RefundHandler,
  type PlusPricing,
} from './service.ts';
