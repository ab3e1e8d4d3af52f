import { pgTable, integer, text, timestamp, jsonb, index, uniqueIndex, bigint } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ThreeDsData } from '../../../shared/api/payments.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** What an order keeps beside its columns (payments and, for its kinds, billing write it). */
export interface OrderMeta {
  /** A Plus purchase at a promo code's price: the code it took (billing's promo codes). */
  promo?: { id: number; code: string; discount: number };
  /** A card payment waiting for the bank's 3-D Secure answer: a repeated create answers the same. */
  threeDs?: ThreeDsData;
  /** A gift from a community's managers. */
  community_id?: number;
  /** A donation: its entry (null: to the site) and the donor's message. */
  entry_id?: number | null;
  message?: string;
  /** A top-up of a company's promotion balance (distributions): the company. */
  subsite_id?: number;
  /** Reconciliation's mark for staff: a charge we hold as paid that the provider does not list. */
  flag?: string;
}

/**
 * A purchase: Plus for the buyer or, with `recipient_id`, a gift to another reader (`kind` names what is bought, so
 * billing's top-ups, donations and invoices share the table). `idempotency_key` (the client's order number for a
 * card payment) makes a repeated create find the same order. Money is in kopecks.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('plus'),
    stuffId: integer('stuff_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    email: text('email').notNull().default(''),
    status: text('status', { enum: ['new', 'pending', 'paid', 'declined', 'refunded'] })
      .notNull()
      .default('new'),
    provider: text('provider').notNull().default('test'),
    idempotencyKey: text('idempotency_key').unique(),
    reason: text('reason'),
    meta: jsonb('meta').$type<OrderMeta>().notNull().default({}),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('payment_orders_user').on(t.userId, t.id)],
);

/**
 * The order number each reader's last `prepare` handed out, so a create that names no order (the spec's body) pays
 * that one: one row per reader, replaced by each prepare.
 */
export const paymentPreparedOrders = pgTable('payment_prepared_orders', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orderNumber: text('order_number').notNull(),
  createdAt: createdAt(),
});

/**
 * One attempt to take money from a card (the first payment, a 3-D Secure step, a recurring charge). The provider's
 * transaction id is unique per provider, so a repeated callback or notification finds the stored charge.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id'),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['3ds', 'succeeded', 'declined', 'refunded'] }).notNull(),
    reason: text('reason'),
    cardLast4: text('card_last4'),
    cardType: text('card_type'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_charges_transaction').on(t.provider, t.transactionId),
    index('payment_charges_order').on(t.orderId),
  ],
);

/**
 * Every money movement, one signed row in kopecks: a reader's balance is the sum of their rows. A card payment is
 * `charge` (+) then `order` (−); a refund returns the order (+) and pays the card back (−). `idempotency_key` is
 * unique: posting the same movement twice stores it once.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Null: the site's own account (editorial donations). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['order', 'charge', 'refund', 'gift', 'topup', 'donation', 'promo'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    chargeId: integer('charge_id').references(() => paymentCharges.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_user').on(t.userId, t.id)],
);

/**
 * Tariff 18: the monthly recurring Plus. The provider keeps the card (`token`); we charge it every 30 days from
 * `date_next_transaction`; `failures` counts the declined retries (days 1, 3 and 5), then the subscription ends.
 */
export const paymentSubscriptions = pgTable(
  'payment_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    price: bigint('price', { mode: 'number' }).notNull(),
    email: text('email').notNull().default(''),
    status: text('status', { enum: ['active', 'cancelled', 'failed'] })
      .notNull()
      .default('active'),
    failures: integer('failures').notNull().default(0),
    cancelReason: text('cancel_reason'),
    dateNextTransaction: timestamp('date_next_transaction', { withTimezone: true, mode: 'date' }).notNull(),
    /** After a decline: when the next try runs (the due date plus 1, 3 or 5 days). */
    retryAt: timestamp('retry_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_subscriptions_active')
      .on(t.userId)
      .where(sql`status = 'active'`),
    index('payment_subscriptions_due')
      .on(sql`coalesce(retry_at, date_next_transaction)`)
      .where(sql`status = 'active'`),
  ],
);
