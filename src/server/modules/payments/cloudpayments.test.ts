import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledger, paymentOrders, users } from '../../db/schema.ts';
import { isRussianError, newUser, startTestApp, type TestApp } from '../../testing/harness.ts';
import { makeCryptogram, type PrepareData } from '../../../shared/payments.ts';
import { messages } from '../../../shared/catalogue.ts';
import { openPacket } from './provider.ts';

/**
 * A local server answering as CloudPayments' API does (https://developers.cloudpayments.ru/#api): Basic auth with the
 * public id and API secret, `{Success, Message, Model}`; 4242… asks for 3-D Secure, 4111… is declined.
 */
const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_ID = 'pk_test_local';
const SECRET = 'cp-api-secret';
const calls: { path: string; body: Record<string, unknown> }[] = [];
let nextId = 5000;

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const send = (o: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o));
    if (req.headers.authorization !== `Basic ${Buffer.from(`${PUBLIC_ID}:${SECRET}`).toString('base64')}`)
      return res.writeHead(401).end();
    const body = JSON.parse(raw) as Record<string, unknown>;
    calls.push({ path: req.url!, body });
    const ok = (extra = {}) =>
      send({
        Success: true,
        Message: null,
        Model: {
          TransactionId: nextId++,
          CardLastFour: '4242',
          CardType: 'Visa',
          Token: 'tk_1',
          Status: 'Completed',
          ...extra,
        },
      });
    if (req.url === '/payments/cards/charge') {
      const card = openPacket(keys.privateKey, String(body.CardCryptogramPacket));
      if (!card) return send({ Success: false, Message: 'Неверный CardCryptogramPacket', Model: null });
      if (card.number.startsWith('4111'))
        return send({
          Success: false,
          Message: null,
          Model: { TransactionId: nextId++, ReasonCode: 5051, CardHolderMessage: 'Недостаточно средств на карте' },
        });
      if (card.number.startsWith('4242'))
        return send({
          Success: false,
          Message: null,
          Model: { TransactionId: nextId++, PaReq: 'pareq-from-bank', AcsUrl: 'https://acs.example/3ds' },
        });
      return ok();
    }
    if (req.url === '/payments/cards/post3ds' && body.PaRes === 'broken')
      return send({ Success: false, Message: 'Ошибка обработки 3-D Secure', Model: null });
    if (req.url === '/payments/cards/post3ds')
      return body.PaRes === 'good'
        ? ok()
        : send({
            Success: false,
            Model: {
              TransactionId: body.TransactionId,
              ReasonCode: 5206,
              CardHolderMessage: 'Не пройдена аутентификация 3-D Secure',
            },
          });
    if (req.url === '/payments/tokens/charge') return ok();
    if (req.url === '/payments/refund')
      return send({ Success: true, Message: null, Model: { TransactionId: nextId++ } });
    res.writeHead(404).end();
  });
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  t = await startTestApp({
    fetchAllowHosts: ['127.0.0.1'],
    cloudpayments: {
      publicId: PUBLIC_ID,
      apiSecret: SECRET,
      apiUrl: `http://127.0.0.1:${port}`,
      publicKey: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      keyVersion: '4',
    },
  });
  await newUser(t.app); // the site's first account
});
afterAll(async () => {
  await t?.close();
  server.close();
});

async function order(v: Awaited<ReturnType<typeof newUser>>['v'], number: string, stuffId = 1) {
  const p: PrepareData = (await v.get('/v3.0/payments/accounts/orders/prepare')).json().data;
  const cryptogram = await makeCryptogram(p.cp_public, { number, month: '12', year: '30', cvv: '123' });
  return v.post('/v3.0/payments/accounts/orders/create', {
    data: { stuff_id: stuffId, email: 'cp@example.ru', order: p.order },
    cryptogram,
  });
}
const ledgerOf = async (id: number) =>
  (await t.database.db.select().from(ledger).where(eq(ledger.userId, id))).map((r) => [r.kind, r.amount]);
const sign = (body: string) => crypto.createHmac('sha256', SECRET).update(body).digest('base64');
const notify = (type: string, body: string, hmac = sign(body)) =>
  t.app.inject({
    method: 'POST',
    url: `/payments/cloudpayments/${type}`,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': hmac },
  });

describe('the CloudPayments adapter', () => {
  it('prepare hands out the CloudPayments public id and key; a charge goes out in roubles with the cryptogram', async () => {
    const { v, id } = await newUser(t.app);
    const p = (await v.get('/v3.0/payments/accounts/orders/prepare')).json().data;
    expect(p.cashier).toEqual({ type: 'cloudpayments', public_id: PUBLIC_ID });
    expect(p.cp_public.key_version).toBe('4');
    const res = await order(v, '5105105105105100');
    expect(res.json().data.status).toBe('success');
    const charge = calls.findLast((c) => c.path === '/payments/cards/charge')!;
    expect(charge.body).toMatchObject({ Amount: 99, Currency: 'RUB', AccountId: String(id) });
    expect(JSON.stringify(charge.body)).not.toContain('5105105105105100');
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
    ]);
  });

  it('a decline carries the provider message; 3-D Secure returns the bank page and post3ds finishes it', async () => {
    const { v, id } = await newUser(t.app);
    const declined = await order(v, '4111111111111111');
    expect(isRussianError(declined, 400)).toBe(true);
    expect(declined.json().rm).toBe('Недостаточно средств на карте');
    const three = (await order(v, '4242424242424242', 18)).json().data;
    expect(three).toMatchObject({ status: '3ds', AcsUrl: 'https://acs.example/3ds', PaReq: 'pareq-from-bank' });
    const term = await v.post(
      '/payments/3ds/term',
      { MD: three.TransactionId, PaRes: 'good' },
      { as: 'form', csrf: false },
    );
    expect(term.body).toContain('data-result="success"');
    expect((await t.database.db.select().from(users).where(eq(users.id, id)))[0].isPaid).toBe(true);
    expect(calls.findLast((c) => c.path === '/payments/cards/post3ds')!.body).toMatchObject({
      TransactionId: Number(three.TransactionId),
      PaRes: 'good',
    });
  });

  it('a post3ds the provider refuses outright ends the order as declined', async () => {
    const { v, id } = await newUser(t.app);
    const three = (await order(v, '4242424242424242')).json().data;
    const term = await v.post(
      '/payments/3ds/term',
      { MD: three.TransactionId, PaRes: 'broken' },
      { as: 'form', csrf: false },
    );
    expect(term.body).toContain('data-result="error"');
    expect(term.body).toContain('Ошибка обработки 3-D Secure');
    const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, three.order_id));
    expect(row.status).toBe('declined');
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('notifications: HMAC checked, a repeated pay applied once, refund undoes the order', async () => {
    const { v, id } = await newUser(t.app);
    const three = (await order(v, '4242424242424242')).json().data;
    const body = `TransactionId=${three.TransactionId}&InvoiceId=${three.order_id}&Amount=99.00&Status=Completed&Token=tk_9`;
    const forged = await notify('pay', body, sign(body + 'x'));
    expect(forged.statusCode).toBe(403);
    expect(await ledgerOf(id)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const ok = await notify('pay', body);
      expect(ok.json()).toEqual({ code: 0 });
    }
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
    ]);
    const refund = `TransactionId=1&PaymentTransactionId=${three.TransactionId}&InvoiceId=${three.order_id}&Amount=99.00`;
    expect((await notify('refund', refund)).json()).toEqual({ code: 0 });
    expect((await notify('refund', refund)).json()).toEqual({ code: 0 });
    expect(await ledgerOf(id)).toEqual([
      ['charge', 9900],
      ['order', -9900],
      ['refund', 9900],
      ['refund', -9900],
    ]);
    expect((await notify('nonsense', body)).statusCode).toBe(404);
    expect(messages.paymentNotificationSignature).toMatch(/[а-я]/);
  });
});
