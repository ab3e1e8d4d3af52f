import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { CardResult, ChargeRequest, PaymentProvider, TokenChargeRequest } from './provider.ts';
import { openPacket } from './provider.ts';

/**
 * The test cashier's key pair. It guards nothing real (only the test cards below pay, and no money moves): it is
 * shipped so the browser's checkout script and `scripts/cryptogram.ts` encrypt cards the way the real provider's
 * script does, and only this cashier (not the rest of the site) opens them.
 */
const PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC9acDIKPOQs4UZ
N9aThY8XJfZfsrRkPNp8TuC6sJeCjiHJCFJXDbUoubRSFMoOWnhvsHJEsh5mMqSi
ewP39BlMiPkxXleK6ByptzKxAR4BKr4rTET4VbUJTeQZ/nP3ciWYufg7WqjKjRoX
KdWdgjyQhPllt9BhsP0vn1RFds0pwnUVicvSQ2J5Vhn/7APS19ydxcgfKOV51xCa
OKxrMkp/HuKaVx/+xXtt7Ti7R1dqIaUy71eE6bbwkxuqYoXevYIrXI/t/KfyoF3c
sa+G+448dfaB97CTjpM5Hz0MiahpQ/4fBkReQpvGKCtOMihE4CbmcFRnsYHjOWyA
HRPOaaonAgMBAAECggEAS+wAvvpTLrQWbJZKJxWI1nF8AL3juq39sYf4Yjx4bndE
KY1xW7192NYe5iu5FenDjpk+JDT1JGe2P/5pB9FK9reMkvJKyr3hB1IMOpDFExir
4zUODDBmgVU8UgMBPrT9Rut8CWZ8c7v9Mj2thxX16sOyJ8h2+UF1KsqFf9ZvxAWg
ychdYJgGk2Im7Z8sSq/FTxwzKUYPBgG+cA+iTRmFTmgtM1zfzaIs2yqGwSYrsAx8
s7RiIlbouUn/6G9w+Iyk/a8VTPDjWF7rH/0IShwH9gHqZJGwgY1gk0YaCxvS6io+
q55QqHfVUEqAwuPV1VqpClvDrZ9/fnFM+jbst9NAEQKBgQD7kdV71FQuURckCHdC
Llf1U5Q33lquai1qLRxjlIbw8b30v7WSqEzE9oMU7SmpmD16YgSN+BTq3+fQpSOq
M/ttCn660nULxw6IWXIfsQ3eNNmfUAJTkQjoaTihKMkphtYZfVdyfUo2g00LvvUl
PuBYymOO0y5tIkklKRC+0SQOfwKBgQDAv7HxWv+TASZ8vKlaUHIQrewdmsC0hZpY
ealprtKKo+K4oSmB7kjRx397n5oq2a0UT+/YwWqmgTN7aVsbFvbZJIexk2o3IMxr
CUE3Qk2ZtmnxkO+D8Kj7qanOBH9eDXaMbY4mm1XMAUMOgtigvW5DuconApfx1jRz
8HrERg9gWQKBgQCGFvFnk4FbPrXK6whGKlWP2gDC1q4XEVkroufi3CQhAXlyn0y0
4ygoRA0SdmcikpcSSHSNB5J+ruHtAFjGO/bj5BgwlET3Bh7k5mhCJCl0K09j702O
JVxOJOeeXxL6I3izFXArAkUwUUQb4qjgNWd3bEkss7unSAMc34qhavCBGQKBgBfL
0tEkVec1PiYqOJJA2kQ65Kqm/2GKGQsRQhwdDDs3jncS1ogG/hCAG7oMc0EVDKw0
Tj0pa9xQmSWEVU4b4K/gNaxzsapKr1ILm3SSB/iRL7U2Govke0hOovsfTQY0jU06
/VDA3q/H/BpfhxUZLfLIji+Qv2eI9YLWzqFKsP1JAoGAAYTXyx0+2du9YZMkLAXR
XN1tOJj6+bjJQ5pzrmfGrIIOgdx8znGKZIFJptrYD8KXPHP/l7dDbV32ZNpySQZq
hlWQOKOTpcan+O7RoJ1HVwJLtoPF3UCRcToKEP4Tp3+9vTjTfrialwKRSwe4f0dl
3iWM5RTI7NKMdmAzpn2DwjM=
-----END PRIVATE KEY-----`;

export const TEST_PUBLIC_ID = 'test_sreda';
export const TEST_KEY_VERSION = '1';
const privateKey = crypto.createPrivateKey(PRIVATE_KEY);
export const TEST_PUBLIC_KEY = crypto
  .createPublicKey(privateKey)
  .export({ type: 'spki', format: 'der' })
  .toString('base64');

type Behaviour = { threeDs: boolean; decline: string | null };

/** CloudPayments' test cards: success or decline, with or without 3-D Secure (README lists them). */
export const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': { threeDs: true, decline: null },
  '5555555555554444': { threeDs: true, decline: null },
  '2200000000000004': { threeDs: true, decline: null },
  '4012888888881881': { threeDs: false, decline: null },
  '5105105105105100': { threeDs: false, decline: null },
  '4000056655665556': { threeDs: true, decline: messages.paymentInsufficientFunds },
  '5200828282828210': { threeDs: true, decline: messages.paymentInsufficientFunds },
  '4111111111111111': { threeDs: false, decline: messages.paymentInsufficientFunds },
  '5404000000000043': { threeDs: false, decline: messages.paymentInsufficientFunds },
};

/** The code the test 3-D Secure page accepts. */
export const TEST_3DS_CODE = '4242';
export { ACS_TRIES } from '../../../shared/payments.ts';

const b64url = (s: string) => Buffer.from(s).toString('base64url');

/** Signed tokens of the cashier (a 3-D Secure step, a recurring card): data anyone can read, nobody can forge. */
function sealer(secret: string) {
  const sign = (s: string) => crypto.createHmac('sha256', `${secret}:test-cashier`).update(s).digest('base64url');
  return {
    seal(data: object): string {
      const body = b64url(JSON.stringify(data));
      return `${body}.${sign(body)}`;
    },
    unseal<T>(token: string): T | null {
      const [body, mac] = token.split('.');
      const want = body ? sign(body) : '';
      if (!body || !mac || mac.length !== want.length) return null;
      if (!crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(want))) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString()) as T;
      } catch {
        return null;
      }
    },
  };
}

interface PaReq {
  t: 'pareq' | 'pares';
  id: string;
  b: Behaviour;
  last4: string;
  cardType: string;
  ok?: boolean;
}

/**
 * The built-in cashier: answers as CloudPayments does, with no state of its own. A 3-D Secure transaction id and a
 * recurring token are signed with the site's secret and carry what the cashier needs later (the card's behaviour),
 * so any node can finish them. It reads the card only to pick the test behaviour and keeps just the last four digits.
 */
export function testCashier(config: Pick<Config, 'secret' | 'publicUrl'>): PaymentProvider {
  const { seal, unseal } = sealer(config.secret);
  const newTransaction = () => String(crypto.randomInt(1_000_000_000, 9_999_999_999));

  function settle(b: Behaviour, last4: string, cardType: string, transactionId = newTransaction()): CardResult {
    if (b.decline) return { kind: 'declined', transactionId, reason: b.decline, cardLast4: last4, cardType };
    return {
      kind: 'success',
      transactionId,
      cardLast4: last4,
      cardType,
      token: seal({ t: 'tok', b, last4, cardType }),
    };
  }

  return {
    type: 'test',
    key: { public_id: TEST_PUBLIC_ID, key: TEST_PUBLIC_KEY, key_version: TEST_KEY_VERSION },

    async charge(req: ChargeRequest): Promise<CardResult> {
      const card = openPacket(privateKey, req.cryptogram);
      if (!card || card.publicId !== TEST_PUBLIC_ID)
        return { kind: 'invalid', reason: messages.paymentCryptogramInvalid };
      if (card.order !== req.orderNumber) return { kind: 'invalid', reason: messages.paymentCryptogramOtherOrder };
      const now = new Date();
      const expiry = new Date(Date.UTC(2000 + Number(card.year), Number(card.month), 1));
      if (!(Number(card.month) >= 1 && Number(card.month) <= 12) || expiry <= now)
        return { kind: 'declined', transactionId: newTransaction(), reason: messages.paymentCardExpired };
      const behaviour = TEST_CARDS[card.number] ?? { threeDs: false, decline: messages.paymentDoNotHonor };
      const last4 = card.number.slice(-4);
      if (!behaviour.threeDs) return settle(behaviour, last4, card.cardType);
      const transactionId = newTransaction();
      return {
        kind: '3ds',
        transactionId,
        acsUrl: `${config.publicUrl}/payments/test-cashier/acs`,
        paReq: seal({ t: 'pareq', id: transactionId, b: behaviour, last4, cardType: card.cardType }),
      };
    },

    async post3ds(transactionId: string, paRes: string): Promise<CardResult> {
      const res = unseal<PaReq>(paRes);
      if (!res || res.t !== 'pares' || res.id !== transactionId)
        return { kind: 'declined', transactionId, reason: messages.payment3dsFailed };
      if (!res.ok) return { kind: 'declined', transactionId, reason: messages.payment3dsFailed };
      return settle(res.b, res.last4, res.cardType, transactionId);
    },

    async chargeToken(req: TokenChargeRequest): Promise<CardResult> {
      const tok = unseal<{ t: string; b: Behaviour; last4: string; cardType: string }>(req.token);
      if (!tok || tok.t !== 'tok')
        return { kind: 'declined', transactionId: newTransaction(), reason: messages.paymentDoNotHonor };
      // The test's way to make a stored card fail later: an amount ending in 13 kopecks is declined.
      const b = req.amount % 100 === 13 ? { threeDs: false, decline: messages.paymentInsufficientFunds } : tok.b;
      return settle(b, tok.last4, tok.cardType);
    },

    async refund() {},
  };
}

/** The test 3-D Secure page's answer for a PaReq: signed, so only this page can say "confirmed". */
export function testPaRes(config: Pick<Config, 'secret'>, paReq: string, ok: boolean): string | null {
  const { seal, unseal } = sealer(config.secret);
  const req = unseal<PaReq>(paReq);
  return req?.t === 'pareq' ? seal({ ...req, t: 'pares', ok }) : null;
}
