/** Payments' SQL, by table: the ledger and Plus, orders and charges, gifts and subscriptions. */
export * from './queries/ledger.ts';
export * from './queries/orders.ts';
export * from './queries/subscriptions.ts';
