/** Payments' actions, one job per file: buying by card, settling a charge, status, the monthly tariff, gifts, refunds. */
export { newOrderNumber } from './order-number.ts';
export * from './hooks.ts';
export * from './checkout.ts';
export * from './settle.ts';
export * from './status.ts';
export * from './recurring.ts';
export * from './gifts.ts';
export * from './refunds.ts';
