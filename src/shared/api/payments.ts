import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { ACS_TRIES } from '../payments.ts';
import { emailField, idField, intField, plainBody, promoCodeField } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Card payments (spec/content.md §7), the reader's and staff's payment screens, the 3-D Secure pages. Kopecks. */

const ORDER_RE = /^[0-9a-f]{12}\.[0-9a-f]{16}$/;
const orderField = z.string({ error: messages.paymentOrderInvalid }).regex(ORDER_RE, messages.paymentOrderInvalid);
const cryptogramField = z
  .string({ error: messages.paymentCryptogramRequired })
  .min(1, messages.paymentCryptogramRequired)
  .max(4096, messages.paymentCryptogramInvalid);
const beforeQuery = plainBody({ before_id: idField(messages.paymentOrderNotFound).optional() });
const date = z.string();

const stuffId = z.union([z.literal(18), z.literal(1), z.literal(2), z.literal(3)]);

/** The bank's 3-D Secure step: its page, the request for it, and where its answer is posted. */
export const threeDsData = z.object({
  AcsUrl: z.string(),
  PaReq: z.string(),
  TransactionId: z.string(),
  term_url: z.string(),
  /** The order's receipt email. */
  site_email: z.string(),
});
export type ThreeDsData = z.output<typeof threeDsData>;

/** A card payment's answer: paid (Plus now lasts till `paid_until`, null for other kinds), or the bank's step first. */
export const createResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), order_id: z.number().int(), paid_until: date.nullable() }),
  threeDsData.extend({ status: z.literal('3ds'), order_id: z.number().int() }),
]);
export type CreateResult = z.output<typeof createResult>;

/**
 * Refusals of any card payment (payments' `payByCard`): a bad order number or cryptogram, no cashier, a repeat too
 * soon, the cashier's decline (its own text, `bad_request`, where it gives one).
 */
export const cardErrors = [
  'payment_amount_invalid',
  'payment_order_invalid',
  'payment_cryptogram_required',
  'payment_cryptogram_invalid',
  'payment_cryptogram_other_order',
  'payments_off',
  'payment_order_busy',
  'payment_order_declined',
  'payment_failed',
  'payment_provider_down',
  'payment_do_not_honor',
  'payment_insufficient_funds',
  'payment_card_expired',
  'bad_request',
] as const;

const plusStatusData = z.object({
  is_paid: z.boolean(),
  paid_until: date.nullable(),
  /** The monthly tariff's next charge, when it is on. */
  recurring: z.object({ date_next_transaction: date, date_created: date, price: z.number().int() }).nullable(),
  balance: z.number().int(),
});

const paymentItem = z.object({
  id: z.number().int(),
  /** `plus`, `gift`, `topup`, `donation`… */
  kind: z.string(),
  stuff_id: z.number().int().nullable(),
  amount: z.number().int(),
  /** `new`, `pending`, `paid`, `declined`, `refunded`. */
  status: z.string(),
  created_at: date,
  recipient_id: z.number().int().nullable(),
  card_last4: z.string().nullable(),
  /** Why it was declined. */
  reason: z.string().nullable(),
});

/** The buy popup's start: the products, the cashier and its key, the reader's email, this purchase's order number. */
export const prepare = contract({
  method: 'GET',
  path: '/payments/accounts/orders/prepare',
  access: 'active',
  response: z.object({
    stuff: z.array(
      z.object({ stuff_id: stuffId, price: z.number().int(), days: z.number().int(), recurring: z.boolean() }),
    ),
    /** `test` (the built-in cashier) or `cloudpayments`, and its public id. */
    cashier: z.object({ type: z.enum(['test', 'cloudpayments']), public_id: z.string() }),
    /** The key the card is encrypted with (base64 SPKI DER). */
    cp_public: z.object({ public_id: z.string(), key: z.string(), key_version: z.string() }),
    user_email: z.string(),
    /** This purchase's order number: a repeated create with it pays once. */
    order: z.string(),
  }),
  errors: ['payments_off'],
});
export type PrepareData = ContractOutput<typeof prepare>;

/** Plus by card: one charge per order number; a gift (`gift_to`) or a typed discount code (`promo`). */
export const create = contract({
  method: 'POST',
  path: '/payments/accounts/orders/create',
  access: 'active',
  body: plainBody({
    data: z.strictObject(
      {
        stuff_id: idField(messages.paymentStuffInvalid),
        email: emailField,
        /** None (the spec's body): the order of the reader's last `prepare`. */
        order: orderField.optional(),
        gift_to: idField(messages.paymentRecipientNotFound).optional(),
        promo: promoCodeField.optional(),
      },
      {
        error: (iss) =>
          iss.code === 'unrecognized_keys' ? messages.unknownField((iss.keys ?? []).join(', ')) : messages.badRequest,
      },
    ),
    cryptogram: cryptogramField,
  }),
  response: createResult,
  errors: [
    ...cardErrors,
    'payment_order_not_prepared',
    'payment_order_expired',
    'payment_order_paid',
    'payment_order_other_stuff',
    'email_required',
    'email_invalid',
    'stuff_invalid',
    'payment_gift_period_invalid',
    'payment_gift_self',
    'payment_recipient_not_found',
    'payment_promo_free',
    'promo_not_for_recurring',
    'promo_not_found',
    'promo_not_discount',
    'promo_already_used',
    'promo_expired',
    'promo_used_up',
    'promo_held',
  ],
});

/** The card's bank by its first six digits (the card form's colour and name). */
export const bankInfo = contract({
  method: 'POST',
  path: '/payments/bank/info',
  access: 'anyone',
  body: plainBody({
    card_prefix: z.string({ error: messages.paymentCardPrefixInvalid }).max(6, messages.paymentCardPrefixInvalid),
  }),
  response: z.object({ is_unknown: z.boolean(), color: z.string(), name: z.string() }),
  errors: ['payment_card_prefix_invalid'],
});
export type BankInfo = ContractOutput<typeof bankInfo>;

/** The reader's Plus, monthly tariff and balance (the settings' Payments section). */
export const plusStatus = contract({
  method: 'GET',
  path: '/payments/plus',
  access: 'user',
  response: plusStatusData,
});
export type PlusStatus = ContractOutput<typeof plusStatus>;

/** The reader's orders, newest first, paged by `before_id`. */
export const history = contract({
  method: 'GET',
  path: '/payments/history',
  access: 'user',
  query: beforeQuery,
  response: z.array(paymentItem),
});
export type PaymentItem = ContractOutput<typeof history>[number];

/** Ends the monthly tariff (Plus lasts till the paid date); the answer is the reader's status after it. */
export const cancelRecurring = contract({
  method: 'POST',
  path: '/payments/recurring/cancel',
  access: 'user',
  body: plainBody({
    reason: z.string({ error: messages.wrongType }).max(1000, messages.paymentCancelReasonTooLong).default(''),
  }),
  response: plusStatusData,
  errors: ['payment_cancel_reason_too_long', 'payment_no_subscription'],
});

/** Staff and community managers give Plus; the answer is the receiver's Plus (`recurring` null, `balance` 0). */
export const gift = contract({
  method: 'POST',
  path: '/payments/gift',
  access: 'active',
  body: plainBody({
    user_id: idField(messages.paymentRecipientNotFound),
    days: intField(messages.paymentGiftPeriodInvalid, 1, 366),
  }),
  response: plusStatusData,
  errors: [
    'payment_recipient_not_found',
    'payment_gift_period_invalid',
    'payment_gift_self',
    'payment_gift_not_member',
    'payment_gift_community_too_small',
    'payment_gift_limit',
    'payment_gift_recipient_limit',
  ],
});

/** Whether the caller may gift Plus to this reader (the profile's gift button). */
export const giftCheck = contract({
  method: 'GET',
  path: '/payments/gift/check/:user_id',
  access: 'user',
  params: z.strictObject({ user_id: idField(messages.paymentRecipientNotFound) }),
  response: z.object({ can_gift: z.boolean() }),
  errors: ['payment_recipient_not_found'],
});

/** Staff: everyone's orders, newest first, with whose they are and the reconciliation's flag (`not-at-provider:{day}`). */
export const staffOrders = contract({
  method: 'GET',
  path: '/payments/admin/orders',
  access: 'staff',
  query: beforeQuery,
  response: z.array(paymentItem.extend({ user_id: z.number().int(), flag: z.string().nullable() })),
  errors: ['payment_order_not_found'],
});
export type StaffPaymentItem = ContractOutput<typeof staffOrders>[number];

const refundErrors = ['payment_order_not_found', 'payment_refund_denied', 'forbidden'] as const;

/** What a refund would do: the order's amount, what the site's account would cover, what goes back to the card. */
export const refundPreview = contract({
  method: 'GET',
  path: '/payments/admin/refund/:order_id',
  access: 'staff',
  params: z.strictObject({ order_id: idField(messages.paymentOrderNotFound) }),
  response: z.object({ amount: z.number().int(), site_covers: z.number().int(), refund: z.number().int() }),
  errors: refundErrors,
});
export type RefundPreview = ContractOutput<typeof refundPreview>;

/** Staff refund a paid card order: the card is paid back and what the order bought is undone. */
export const refund = contract({
  method: 'POST',
  path: '/payments/admin/refund',
  access: 'staff',
  body: plainBody({ order_id: idField(messages.paymentOrderNotFound) }),
  response: z.object({ status: z.literal('refunded') }),
  errors: [...refundErrors, 'payments_off'],
});

const acsBody = z.object({ PaReq: z.string().max(4096), MD: z.string().max(64), TermUrl: z.string().max(1000) });

/** The test cashier's bank page (its own "ACS"), posted by the 3-D Secure window's form: asks the code, posts to TermUrl. */
export const testCashierAcs = contract({
  method: 'POST',
  path: '/payments/test-cashier/acs',
  access: 'anyone',
  body: acsBody.extend({
    code: z.string().max(16).optional(),
    decision: z.enum(['confirm', 'decline']).optional(),
    tries: intField(messages.badRequest, 0, ACS_TRIES).default(0),
  }),
  raw: { type: 'text/html; charset=utf-8', description: "The test cashier's 3-D Secure page." },
});

/** Where the bank's answer lands: the payment is completed, the window hands the result to the checkout and closes. */
export const threeDsTerm = contract({
  method: 'POST',
  path: '/payments/3ds/term',
  access: 'anyone',
  body: z.object({ MD: z.string().max(64), PaRes: z.string().max(8192) }),
  raw: { type: 'text/html; charset=utf-8', description: "The 3-D Secure window's last page: the payment's result." },
});
