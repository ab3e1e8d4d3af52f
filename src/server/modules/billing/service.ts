/** Billing's actions, one job per file: invoices, /plus, promo codes, the balance, donations, payouts, perks. */
export * from './invoices.ts';
export * from './plus.ts';
export * from './promo.ts';
export * from './balance.ts';
export * from './donations.ts';
export * from './payouts.ts';
export * from './perks.ts';
