/**
 * What other modules (billing: invoices, donations, top-ups, promo codes) use of payments: the ledger, Plus, and the
 * order and charge rows.
 */
export { postLedger, balanceOf, grantPlus, revokePlus, type LedgerInput, type LedgerKind } from './ledger.ts';
export type { OrderRow, ChargeRow } from './queries.ts';
