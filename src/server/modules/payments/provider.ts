import crypto from 'node:crypto';
import { messages } from '../../../shared/catalogue.ts';
import { cardBrand, type CashierKey } from '../../../shared/payments.ts';
import type { Config } from '../../config.ts';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';

/**
 * A card payment provider as the payments service sees it: the built-in test cashier (test-cashier.ts) or
 * CloudPayments. Both take the browser's cryptogram, never a card number.
 */
export type CardResult =
  | { kind: 'success'; transactionId: string; cardLast4?: string; cardType?: string; token?: string }
  | { kind: 'declined'; transactionId: string; reason: string; cardLast4?: string; cardType?: string }
  | { kind: '3ds'; transactionId: string; acsUrl: string; paReq: string }
  /** The provider refused the request itself (a broken or foreign cryptogram): nothing was tried. */
  | { kind: 'invalid'; reason: string };

export interface ChargeRequest {
  /** Kopecks. */
  amount: number;
  cryptogram: string;
  /** Our order id (InvoiceId) and the order number the cryptogram was made for. */
  orderId: number;
  orderNumber: string;
  accountId: number;
  email: string;
  description: string;
  ip: string;
}

export interface TokenChargeRequest {
  amount: number;
  token: string;
  orderId: number;
  accountId: number;
  email: string;
  description: string;
}

/** One payment in the provider's own list of a day (the reconciliation compares it with our charges). */
export interface ProviderPayment {
  transactionId: string;
  /** Kopecks, or null when the provider's figure is not a sum of money. */
  amount: number | null;
  currency: string;
  invoiceId: string;
  accountId: string;
  /** CloudPayments' status: `Completed` is money taken (`Declined`, `Cancelled`, `Authorized` are not). */
  status: string;
  cardLast4: string;
  cardType: string;
}

export interface PaymentProvider {
  type: 'test' | 'cloudpayments';
  /** What the checkout script encrypts the card with. */
  key: CashierKey;
  charge(req: ChargeRequest): Promise<CardResult>;
  post3ds(transactionId: string, paRes: string): Promise<CardResult>;
  chargeToken(req: TokenChargeRequest): Promise<CardResult>;
  refund(transactionId: string, amount: number): Promise<void>;
  /** The provider's payments of one day (`YYYY-MM-DD`, UTC); the test cashier keeps none. */
  list?(date: string): Promise<ProviderPayment[]>;
}

/** A sum in roubles as the provider writes it (`749`, `749.00`, 749.5) in kopecks; null when it is not one. */
export function kopecksOf(value: string | number | null | undefined): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(value ?? ''));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

export interface OpenedCard {
  number: string;
  month: string;
  year: string;
  publicId: string;
  order: string;
  cardType: string;
}

/** Opens a CloudCard packet with the cashier's private key (the test cashier's side of the checkout script). */
export function openPacket(privateKey: crypto.KeyObject, cryptogram: string): OpenedCard | null {
  try {
    const packet = JSON.parse(Buffer.from(cryptogram, 'base64').toString()) as { Type?: string; Value?: string };
    if (packet.Type !== 'CloudCard' || typeof packet.Value !== 'string') return null;
    const plain = crypto
      .privateDecrypt(
        { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
        Buffer.from(packet.Value, 'base64'),
      )
      .toString();
    const [number, yymm, , publicId, order = ''] = plain.split('@');
    if (!/^\d{12,19}$/.test(number ?? '') || !/^\d{4}$/.test(yymm ?? '')) return null;
    return {
      number,
      year: yymm.slice(0, 2),
      month: yymm.slice(2),
      publicId: publicId ?? '',
      order,
      cardType: cardBrand(number),
    };
  } catch {
    return null;
  }
}

// ——— CloudPayments ———

export type CloudPaymentsConfig = NonNullable<Config['cloudpayments']>;

interface CpModel {
  TransactionId?: number | string;
  CardLastFour?: string;
  CardType?: string;
  Token?: string;
  AcsUrl?: string;
  PaReq?: string;
  CardHolderMessage?: string;
  Reason?: string;
  ReasonCode?: number;
}

interface CpAnswer<M = CpModel> {
  Success: boolean;
  Message?: string | null;
  Model?: M | null;
}

/** A transaction of `payments/list` (the fields we compare). */
interface CpListed {
  TransactionId?: number | string;
  Amount?: number | string;
  Currency?: string;
  InvoiceId?: string | null;
  AccountId?: string | null;
  Status?: string;
  CardLastFour?: string | null;
  CardType?: string | null;
}

/** The API answer as a card result: Success, then a 3-D Secure step (AcsUrl), then a decline with its reason. */
export function cpResult(answer: CpAnswer): CardResult {
  const m = answer.Model;
  if (!m || m.TransactionId === undefined) return { kind: 'invalid', reason: answer.Message || messages.paymentFailed };
  const transactionId = String(m.TransactionId);
  if (answer.Success)
    return { kind: 'success', transactionId, cardLast4: m.CardLastFour, cardType: m.CardType, token: m.Token };
  if (m.AcsUrl && m.PaReq) return { kind: '3ds', transactionId, acsUrl: m.AcsUrl, paReq: m.PaReq };
  return {
    kind: 'declined',
    transactionId,
    reason: m.CardHolderMessage || m.Reason || messages.paymentDoNotHonor,
    cardLast4: m.CardLastFour,
    cardType: m.CardType,
  };
}

/**
 * CloudPayments' API (https://developers.cloudpayments.ru/#api): charge by cryptogram, post3ds, charge a saved
 * card's token (our recurring job), refund. HTTP Basic with the public id and the API secret; JSON both ways.
 */
export function cloudPayments(config: Pick<Config, 'fetchAllowHosts'>, cp: CloudPaymentsConfig): PaymentProvider {
  async function call<M = CpModel>(path: string, body: object): Promise<CpAnswer<M>> {
    try {
      const res = await safeFetch(config, `${cp.apiUrl}${path}`, {
        method: 'POST',
        maxBytes: 256 * 1024,
        timeoutMs: 30_000,
        maxRedirects: 0,
        accept: 'application/json',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${cp.publicId}:${cp.apiSecret}`).toString('base64')}`,
        },
        body: JSON.stringify(body),
      });
      return JSON.parse(res.body.toString()) as CpAnswer<M>;
    } catch (err) {
      if (err instanceof SafeFetchError || err instanceof SyntaxError)
        return { Success: false, Message: messages.paymentProviderDown };
      throw err;
    }
  }
  const rub = (kopecks: number) => kopecks / 100;
  return {
    type: 'cloudpayments',
    key: { public_id: cp.publicId, key: cp.publicKey, key_version: cp.keyVersion },
    async charge(req) {
      return cpResult(
        await call('/payments/cards/charge', {
          Amount: rub(req.amount),
          Currency: 'RUB',
          IpAddress: req.ip,
          CardCryptogramPacket: req.cryptogram,
          InvoiceId: String(req.orderId),
          AccountId: String(req.accountId),
          Email: req.email || undefined,
          Description: req.description,
        }),
      );
    },
    async post3ds(transactionId, paRes) {
      return cpResult(await call('/payments/cards/post3ds', { TransactionId: Number(transactionId), PaRes: paRes }));
    },
    async chargeToken(req) {
      return cpResult(
        await call('/payments/tokens/charge', {
          Amount: rub(req.amount),
          Currency: 'RUB',
          Token: req.token,
          InvoiceId: String(req.orderId),
          AccountId: String(req.accountId),
          Email: req.email || undefined,
          Description: req.description,
        }),
      );
    },
    async refund(transactionId, amount) {
      const answer = await call('/payments/refund', { TransactionId: Number(transactionId), Amount: rub(amount) });
      if (!answer.Success) throw new Error(`CloudPayments refund refused: ${answer.Message ?? 'no message'}`);
    },
    // `payments/list`: every transaction of the day in the given time zone (https://developers.cloudpayments.ru/#api).
    async list(date) {
      const answer = await call<CpListed[]>('/payments/list', { Date: date, TimeZone: 'UTC' });
      if (!answer.Success || !Array.isArray(answer.Model))
        throw new Error(`CloudPayments payments/list refused: ${answer.Message ?? 'no message'}`);
      return answer.Model.filter((m) => m.TransactionId !== undefined).map((m) => ({
        transactionId: String(m.TransactionId),
        amount: kopecksOf(m.Amount),
        currency: m.Currency ?? '',
        invoiceId: m.InvoiceId ?? '',
        accountId: m.AccountId ?? '',
        status: m.Status ?? '',
        cardLast4: m.CardLastFour ?? '',
        cardType: m.CardType ?? '',
      }));
    },
  };
}

/** A notification is CloudPayments' when `Content-HMAC` is the base64 HMAC-SHA256 of the raw body with the API secret. */
export function notificationSigned(apiSecret: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  const want = crypto.createHmac('sha256', apiSecret).update(rawBody).digest();
  const got = Buffer.from(header, 'base64');
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}
