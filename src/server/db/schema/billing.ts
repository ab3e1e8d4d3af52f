import { pgTable, integer, text, timestamp, boolean, primaryKey, index } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { entries } from './entries.ts';
import { paymentOrders } from './payments.ts';
import { users } from './users.ts';

/** Billing (issue 12): a company's invoice for Plus; staff mark it paid, which grants the Plus it was for. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stuffId: integer('stuff_id').notNull(),
    /** Kopecks. */
    amount: integer('amount').notNull(),
    inn: text('inn').notNull(),
    kpp: text('kpp').notNull().default(''),
    companyName: text('company_name').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['issued', 'paid'] })
      .notNull()
      .default('issued'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paidById: integer('paid_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_user').on(t.userId, t.id), index('invoices_inn').on(t.inn)],
);

/** Billing: staff-made promo codes, days of Plus or a discount on the next purchase, with a use limit and expiry. */
export const promoCodes = pgTable('promo_codes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  days: integer('days').notNull().default(0),
  /** Percent off a purchase (0 for a days code). */
  discount: integer('discount').notNull().default(0),
  maxUses: integer('max_uses').notNull().default(1),
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  createdById: integer('created_by_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/** One use of a promo code per account; a discount code waits here (`orderId` null) until a purchase takes it. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** The card order that spent a discount code. */
    orderId: integer('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] })],
);

/** Billing: a reader's donation to the author of an entry (kopecks); `paid` once the card charge went through. */
export const donations = pgTable(
  'donations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Both null: an editorial donation to the site itself. */
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'cascade' }),
    donorId: integer('donor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The card order that paid it (null: paid from the balance); unique, so a repeated callback stores one. */
    orderId: integer('order_id')
      .unique()
      .references(() => paymentOrders.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('donations_author').on(t.authorId, t.id)],
);

/** Billing: an author's request to pay out collected donations; staff mark it paid. */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['requested', 'paid'] })
      .notNull()
      .default('requested'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paidById: integer('paid_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('payouts_author').on(t.authorId, t.id)],
);

/** Plus perks a reader chose (issue 12, item 7): hiding the feed banner. */
export const plusSettings = pgTable('plus_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hideAds: boolean('hide_ads').notNull().default(false),
});
