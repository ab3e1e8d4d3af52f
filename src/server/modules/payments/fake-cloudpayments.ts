/**
 * A local server answering as CloudPayments' API does (https://developers.cloudpayments.ru/#api), for the payments
 * tests: Basic auth with the public id and API secret, `{Success, Message, Model}`; 4242… asks for 3-D Secure, 4111…
 * is declined. It keeps the payments it took, so `payments/list` answers the day's transactions as the provider's.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../config.ts';
import { openPacket } from './provider.ts';

export const PUBLIC_ID = 'pk_test_local';
export const SECRET = 'cp-api-secret';

export interface FakePayment {
  TransactionId: number;
  Amount: number;
  Currency: string;
  InvoiceId: string;
  AccountId: string;
  Status: 'Completed' | 'Declined';
  CardLastFour: string;
  CardType: string;
  /** The day (UTC) `payments/list` files it under. */
  day: string;
}

export async function startFakeCloudPayments() {
  const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const payments: FakePayment[] = [];
  const state = { nextId: 5000, brokenCharge: false, refusedRefund: false };
  const today = () => new Date().toISOString().slice(0, 10);

  const take = (body: Record<string, unknown>, extra: Partial<FakePayment> = {}) => {
    const p: FakePayment = {
      TransactionId: state.nextId++,
      Amount: Number(body.Amount),
      Currency: String(body.Currency ?? 'RUB'),
      InvoiceId: String(body.InvoiceId ?? ''),
      AccountId: String(body.AccountId ?? ''),
      Status: 'Completed',
      CardLastFour: '4242',
      CardType: 'Visa',
      day: today(),
      ...extra,
    };
    payments.push(p);
    return p;
  };
  const pending = new Map<number, Record<string, unknown>>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (o: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      if (req.headers.authorization !== `Basic ${Buffer.from(`${PUBLIC_ID}:${SECRET}`).toString('base64')}`)
        return res.writeHead(401).end();
      const body = JSON.parse(raw) as Record<string, unknown>;
      calls.push({ path: req.url ?? '', body });
      const ok = (p: FakePayment) =>
        send({
          Success: true,
          Message: null,
          Model: {
            TransactionId: p.TransactionId,
            CardLastFour: p.CardLastFour,
            CardType: p.CardType,
            Token: 'tk_1',
            Status: 'Completed',
          },
        });
      if (req.url === '/payments/cards/charge') {
        const card = openPacket(keys.privateKey, String(body.CardCryptogramPacket));
        if (!card) return send({ Success: false, Message: 'Неверный CardCryptogramPacket', Model: null });
        if (card.number.startsWith('4111'))
          return send({
            Success: false,
            Message: null,
            Model: {
              TransactionId: state.nextId++,
              ReasonCode: 5051,
              CardHolderMessage: 'Недостаточно средств на карте',
            },
          });
        if (card.number.startsWith('4242')) {
          const id = state.nextId++;
          pending.set(id, body);
          return send({
            Success: false,
            Message: null,
            Model: { TransactionId: id, PaReq: 'pareq-from-bank', AcsUrl: 'https://acs.example/3ds' },
          });
        }
        const p = take(body, { CardLastFour: card.number.slice(-4) });
        // The money is taken, but our side never reads the answer (a timeout, a broken proxy).
        if (state.brokenCharge) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"Succ');
        return ok(p);
      }
      if (req.url === '/payments/cards/post3ds' && body.PaRes === 'broken')
        return send({ Success: false, Message: 'Ошибка обработки 3-D Secure', Model: null });
      if (req.url === '/payments/cards/post3ds') {
        const first = pending.get(Number(body.TransactionId));
        if (body.PaRes === 'good' && first) {
          const p = take(first, { TransactionId: Number(body.TransactionId), CardLastFour: '4242' });
          return ok(p);
        }
        return send({
          Success: false,
          Model: {
            TransactionId: body.TransactionId,
            ReasonCode: 5206,
            CardHolderMessage: 'Не пройдена аутентификация 3-D Secure',
          },
        });
      }
      if (req.url === '/payments/tokens/charge') return ok(take(body));
      if (req.url === '/payments/refund') {
        if (state.refusedRefund)
          return send({ Success: false, Message: 'Операция не может быть выполнена', Model: null });
        return send({ Success: true, Message: null, Model: { TransactionId: state.nextId++ } });
      }
      if (req.url === '/payments/list') {
        const model = payments.filter((p) => p.day === body.Date).map(({ day: _day, ...p }) => p);
        return send({ Success: true, Message: null, Model: model });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const config: NonNullable<Config['cloudpayments']> = {
    publicId: PUBLIC_ID,
    apiSecret: SECRET,
    apiUrl: `http://127.0.0.1:${port}`,
    publicKey: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    keyVersion: '4',
  };
  return {
    config,
    calls,
    payments,
    state,
    /** A payment made at the provider without us (its own widget, a lost answer). */
    take,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A notification body signed as the provider signs it (Content-HMAC: base64 HMAC-SHA256 of the body). */
export const signNotification = (body: string) => crypto.createHmac('sha256', SECRET).update(body).digest('base64');
