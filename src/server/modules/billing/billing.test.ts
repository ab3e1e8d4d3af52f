import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { isValidInn, isValidKpp } from '../../../shared/billing.ts';
import { messages } from '../../../shared/catalogue.ts';
import { donations, invoices, ledger, notifications, payouts, promoCodes, users } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { queryRows } from '../../db/index.ts';
import { buy, cryptogram, DECLINE, pass3ds, prepare, SUCCESS, SUCCESS_3DS } from '../payments/testing.ts';
import { applyNotification, readNotification } from '../payments/notifications.ts';
import { feedBanner } from './service.ts';
import { SELLER } from './testing.ts';
import { jobsOf } from '../../jobs/queue.ts';

const { t, staff, signedIn } = useTestApp();

// Real taxpayer numbers (public registry entries): a bank (10 digits) and a sole trader's form (12 digits).
const INN10 = '7707083893';
const INN12 = '500100732259';
const KPP = '773601001';

const ledgerCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledger))[0].n;
const ledgerOf = (id: number) => t.database.db.select().from(ledger).where(eq(ledger.userId, id));
const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const balanceOf = async (v: Visitor) => (await v.get('/v3.0/balance')).json().data.balance as number;
/** Money arrives on a balance as the payments module posts it (a card top-up). */
const topUp = (userId: number, kopecks: number) =>
  t.database.db
    .insert(ledger)
    .values({ userId, kind: 'topup', amount: kopecks, idempotencyKey: `test-topup:${crypto.randomUUID()}` });

const invoiceQuery = (fields: Record<string, string | number>) =>
  `/tools/bills/store?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`;
const company = {
  stuff_id: 3,
  inn: INN10,
  kpp: KPP,
  name: 'ПАО «Сбербанк»',
  address: 'Москва, ул. Вавилова, 19',
  email: 'buh@example.ru',
};

describe('INN and KPP', () => {
  it('checks the control digits of 10- and 12-digit numbers', () => {
    expect(isValidInn(INN10)).toBe(true);
    expect(isValidInn(INN12)).toBe(true);
    expect(isValidInn('7707083894')).toBe(false); // last digit off
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidInn('500100732269')).toBe(false); // 11th digit off
    expect(isValidInn('77070838')).toBe(false);
    expect(isValidInn('77070838931')).toBe(false);
    expect(isValidInn('770708389a')).toBe(false);
    expect(isValidKpp(KPP)).toBe(true);
    expect(isValidKpp('7736AB001')).toBe(true);
    expect(isValidKpp('77360100')).toBe(false);
    expect(isValidKpp('7736ab001')).toBe(false);
  });
});

describe('invoices', () => {
  beforeAll(async () => expect((await staff.post('/v3.0/admin/seller', SELLER)).json().rc).toBe(200));
  it('the form redirects to a PDF with the buyer; staff mark it paid: Plus for a year, two ledger rows, once', async () => {
    const buyer = await signedIn('Бухгалтер Анна');
    const res = await buyer.v.get(invoiceQuery(company));
    expect(res.statusCode, res.body).toBe(303);
    const pdfUrl = res.headers.location as string;
    expect(pdfUrl).toMatch(/^\/tools\/bills\/\d+\/invoice\.pdf$/);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.userId, buyer.id));
    expect(row).toMatchObject({ amount: 74900, inn: INN10, kpp: KPP, status: 'issued' });

    const pdf = await buyer.v.get(pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { text: pages } = await extractText(doc, { mergePages: true });
    expect(pages).toContain(INN10);
    expect(pages).toContain('ПАО «Сбербанк»');
    expect(pages).toContain('749 ₽');
    expect(pages).toContain('Счёт на оплату');

    // Someone else's invoice: not there. An anonymous visitor: sign in.
    const other = await signedIn();
    expect(isRussianError(await other.v.get(pdfUrl), 404)).toBe(true);
    expect((await other.v.get('/v3.0/bills')).json().data.items).toEqual([]);
    expect((await buyer.v.get('/v3.0/bills')).json().data.items[0]).toMatchObject({ status: 'issued', amount: 74900 });

    // Only staff mark it paid.
    const before = await ledgerCount();
    expect(isRussianError(await buyer.v.post(`/v3.0/admin/bills/${row.id}/paid`), 403)).toBe(true);
    expect(await ledgerCount()).toBe(before);
    const paid = await staff.post(`/v3.0/admin/bills/${row.id}/paid`);
    expect(paid.json().rc, paid.body).toBe(200);
    expect(paid.json().rm).toBe(messages.invoiceMarkedPaid);
    const u = await userRow(buyer.id);
    expect(u.isPaid).toBe(true);
    expect(u.paidUntil!.getTime() - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect((await ledgerOf(buyer.id)).map((l) => [l.kind, l.amount])).toEqual([
      ['charge', 74900],
      ['order', -74900],
    ]);
    expect(await balanceOf(buyer.v)).toBe(0);
    // A second click: already paid, nothing more stored.
    expect(isRussianError(await staff.post(`/v3.0/admin/bills/${row.id}/paid`), 409)).toBe(true);
    expect(await ledgerCount()).toBe(before + 2);
    expect(isRussianError(await staff.post('/v3.0/admin/bills/999999/paid'), 404)).toBe(true);
    expect((await staff.get('/v3.0/admin/bills?status=paid')).json().data.items[0].id).toBe(row.id);
  });

  it('bad fields are refused in Russian and store nothing', async () => {
    const buyer = await signedIn();
    const count = async () => (await t.database.db.select().from(invoices).where(eq(invoices.userId, buyer.id))).length;
    const cases: [Record<string, string | number>, string][] = [
      [{ ...company, inn: '7707083894' }, messages.innInvalid],
      [{ ...company, inn: '12345' }, messages.innInvalid],
      [{ ...company, inn: INN12 }, messages.kppForbidden],
      [{ ...company, inn: INN12, kpp: '' }, ''],
      [{ ...company, kpp: '' }, messages.kppRequired],
      [{ ...company, kpp: '77360100X' }, messages.kppInvalid],
      [{ ...company, stuff_id: 99 }, messages.stuffInvalid],
      [{ ...company, stuff_id: 18 }, messages.stuffNotForInvoice],
      [{ ...company, stuff_id: -1 }, messages.stuffInvalid],
      [{ ...company, name: '   ' }, messages.companyNameRequired],
      [{ ...company, address: 'x'.repeat(5000) }, messages.tooLong(500)],
      [{ ...company, email: 'не почта' }, messages.emailInvalid],
      [{ ...company, extra: 1 }, messages.unknownField('extra')],
    ];
    for (const [fields, rm] of cases) {
      const res = await buyer.v.get(invoiceQuery(fields));
      if (!rm) {
        expect(res.statusCode, res.body).toBe(303);
        continue;
      }
      expect(isRussianError(res, 400), `${JSON.stringify(fields)} ${res.body}`).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    expect(await count()).toBe(1);
    expect(isRussianError(await new (staff.constructor as typeof Visitor)(t.app).get(invoiceQuery(company)), 401)).toBe(
      true,
    );
  });

  it('suggests companies already invoiced here, by INN prefix or a piece of the name', async () => {
    const buyer = await signedIn();
    const res = await buyer.v.get(`/v3.0/bills/companies/suggest?query=${encodeURIComponent('сбер')}`);
    expect(res.json().data.items).toContainEqual({
      value: company.name,
      inn: INN10,
      kpp: KPP,
      address: company.address,
    });
    const byInn = await buyer.v.get('/v3.0/bills/companies/suggest?query=77070');
    expect(byInn.json().data.items[0].inn).toBe(INN10);
    expect((await buyer.v.get('/v3.0/bills/companies/suggest?query=%25')).json().data.items).toEqual([]);
    expect(isRussianError(await buyer.v.get('/v3.0/bills/companies/suggest'), 400)).toBe(true);
  });
});

describe('company suggestions from a DaData-compatible service', () => {
  let server: http.Server;
  const seen: { auth?: string; body?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body });
        if (JSON.parse(body).query === 'сломай') {
          res.writeHead(500).end('oops');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            suggestions: [
              {
                value: 'ООО «Ромашка»',
                unrestricted_value: 'ООО «Ромашка»',
                data: { inn: '7736207543', kpp: '773601001', address: { value: 'г Москва, ул Льва Толстого, д 16' } },
              },
              { value: 'Без ИНН', data: { inn: null } },
            ],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t.config.fetchAllowHosts.push('127.0.0.1');
    t.config.dadata = {
      apiKey: 'test-key',
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/suggest/party`,
    };
  });
  afterAll(() => {
    t.config.dadata = null;
    server.close();
  });

  it('asks with the key and answers value, inn, kpp, address; a failing service is a Russian 502', async () => {
    const buyer = await signedIn();
    const res = await buyer.v.get(`/v3.0/bills/companies/suggest?query=${encodeURIComponent('ромашка')}`);
    expect(res.json().data.items).toEqual([
      { value: 'ООО «Ромашка»', inn: '7736207543', kpp: '773601001', address: 'г Москва, ул Льва Толстого, д 16' },
    ]);
    expect(seen[0].auth).toBe('Token test-key');
    expect(JSON.parse(seen[0].body!)).toEqual({ query: 'ромашка', count: 10 });
    const broken = await buyer.v.get(`/v3.0/bills/companies/suggest?query=${encodeURIComponent('сломай')}`);
    expect(isRussianError(broken, 502)).toBe(true);
    expect(broken.json().rm).toBe(messages.companySuggestFailed);
  });
});

describe('sponsors', () => {
  it('answers people with Plus for 714 or 2178 avatars; other counts are refused', async () => {
    const fan = await signedIn('Меценат Пётр');
    await t.database.db
      .update(users)
      .set({ isPaid: true, paidUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, fan.id));
    const res = await new (staff.constructor as typeof Visitor)(t.app).get('/v3.0/plus/sponsors/714');
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().data.items).toContainEqual({
      url: expect.stringContaining(`/u/${fan.id}`),
      name: 'Меценат Пётр',
      avatar: null,
    });
    expect((await staff.get('/v3.0/plus/sponsors/2178')).json().rc).toBe(200);
    for (const bad of ['100', '0', '-714', 'abc', '99999999999999', '0x2ca', '7.14e2', '%20714'])
      expect(isRussianError(await staff.get(`/v3.0/plus/sponsors/${bad}`), 400), bad).toBe(true);
  });
});

describe('promo codes', () => {
  it('staff create codes and get the /plus address; readers cannot; bad fields are refused', async () => {
    const res = await staff.post('/v3.0/private/digest/promo/store', { code: 'summer-30', days: 30, max_uses: 2 });
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().data.redirect_url).toBe('/plus?promo=SUMMER-30');
    expect(
      isRussianError(await staff.post('/v3.0/private/digest/promo/store', { code: 'SUMMER-30', days: 5 }), 409),
    ).toBe(true);
    const reader = await signedIn();
    expect(
      isRussianError(await reader.v.post('/v3.0/private/digest/promo/store', { code: 'MINE1', days: 30 }), 403),
    ).toBe(true);
    const bad: [Record<string, unknown>, string][] = [
      [{ code: 'ab', days: 1 }, messages.promoCodeInvalid],
      [{ code: 'КОД1234', days: 1 }, messages.promoCodeInvalid],
      [{ code: 'BOTH1', days: 1, discount: 10 }, messages.promoKindInvalid],
      [{ code: 'NONE1' }, messages.promoKindInvalid],
      [{ code: 'BIG1', days: 10 ** 12 }, messages.promoDaysInvalid],
      [{ code: 'NEG1', days: -1 }, messages.promoDaysInvalid],
      [{ code: 'DISC1', discount: 101 }, messages.promoDiscountInvalid],
      [{ code: 'USES1', days: 1, max_uses: 0 }, messages.promoUsesInvalid],
      [{ code: 'OLD1', days: 1, expires_at: '2000-01-01' }, messages.promoExpiryInvalid],
      [{ code: 'DATE1', days: 1, expires_at: 'завтра' }, messages.promoExpiryInvalid],
      [{ code: 'X1234', days: 1, admin: true }, messages.unknownField('admin')],
    ];
    for (const [body, rm] of bad) {
      const r = await staff.post('/v3.0/private/digest/promo/store', body);
      expect(isRussianError(r, 400), JSON.stringify(body) + r.body).toBe(true);
      expect(r.json().rm).toBe(rm);
    }
    expect((await t.database.db.select().from(promoCodes)).map((p) => p.code)).toEqual(['SUMMER-30']);
  });

  it('a days code gives Plus once per account, up to its uses; expired codes are refused', async () => {
    await staff.post('/v3.0/private/digest/promo/store', { code: 'TWICE', days: 7, max_uses: 2 });
    const [a, b, c] = [await signedIn(), await signedIn(), await signedIn()];
    const ok = await a.v.post('/v3.0/payments/promo/redeem', { code: 'twice' });
    expect(ok.json().rc, ok.body).toBe(200);
    expect(ok.json().rm).toBe(messages.promoApplied(7));
    expect((await userRow(a.id)).isPaid).toBe(true);
    expect((await ledgerOf(a.id)).map((l) => [l.kind, l.amount])).toEqual([['promo', 0]]);

    const before = await ledgerCount();
    const again = await a.v.post('/v3.0/payments/promo/redeem', { code: 'TWICE' });
    expect(isRussianError(again, 400)).toBe(true);
    expect(again.json().rm).toBe(messages.promoAlreadyUsed);
    expect(await ledgerCount()).toBe(before);

    expect((await b.v.post('/v3.0/payments/promo/redeem', { code: 'TWICE' })).json().rc).toBe(200);
    const third = await c.v.post('/v3.0/payments/promo/redeem', { code: 'TWICE' });
    expect(third.json().rm).toBe(messages.promoUsedUp);
    expect((await userRow(c.id)).isPaid).toBe(false);

    await staff.post('/v3.0/private/digest/promo/store', {
      code: 'SOON',
      days: 7,
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    t.clock.now = new Date(Date.now() + 120_000);
    try {
      const late = await c.v.post('/v3.0/payments/promo/redeem', { code: 'SOON' });
      expect(late.json().rm).toBe(messages.promoExpired);
    } finally {
      t.clock.now = new Date();
    }
    expect(isRussianError(await c.v.post('/v3.0/payments/promo/redeem', { code: 'NOSUCH' }), 404)).toBe(true);
    expect(isRussianError(await c.v.post('/v3.0/payments/promo/redeem', { code: 12 }), 400)).toBe(true);
  });

  it('a discount code lowers the next Plus paid from the balance, once', async () => {
    await staff.post('/v3.0/private/digest/promo/store', { code: 'HALF', discount: 50, max_uses: 100 });
    const r = await signedIn();
    await topUp(r.id, 10000);
    expect((await r.v.post('/v3.0/payments/promo/redeem', { code: 'HALF' })).json().rm).toBe(
      messages.promoDiscountApplied(50),
    );
    const paid = await r.v.post('/v3.0/balance/plus', { stuff_id: 1 });
    expect(paid.json().rc, paid.body).toBe(200);
    expect(paid.json().data.balance).toBe(5050); // kopecks: 100 ₽ − 99 ₽ / 2
    const second = await r.v.post('/v3.0/balance/plus', { stuff_id: 1 });
    expect(isRussianError(second, 400)).toBe(true);
    expect(second.json().rm).toBe(messages.balanceTooLow);
    expect(await balanceOf(r.v)).toBe(5050);
  });
});

describe('balance and donations', () => {
  async function donationEntry(author: Visitor, withBlock = true) {
    const entry = await savedEntry(author, {
      title: 'Запись с донатами',
      entry: [
        text('Поддержите, если понравилось'),
        ...(withBlock ? [{ type: 'donation', data: { title: 'На кофе' } }] : []),
      ],
      is_published: 1,
    });
    return entry.id as number;
  }

  it('Plus from the balance: refused below the price, then one order row and Plus', async () => {
    const r = await signedIn();
    const before = await ledgerCount();
    // Not enough money is a 400, never the 402 that opens the buy popup.
    expect(isRussianError(await r.v.post('/v3.0/balance/plus', { stuff_id: 2 }), 400)).toBe(true);
    expect(isRussianError(await r.v.post('/v3.0/balance/plus', { stuff_id: 99 }), 400)).toBe(true);
    expect(isRussianError(await r.v.post('/v3.0/balance/plus', { stuff_id: 18 }), 400)).toBe(true);
    expect(await ledgerCount()).toBe(before);
    await topUp(r.id, 30000);
    const ok = await r.v.post('/v3.0/balance/plus', { stuff_id: 2 });
    expect(ok.json().rc, ok.body).toBe(200);
    expect(await balanceOf(r.v)).toBe(7100);
    // One unit in every answer: kopecks, as the ledger and the payments calls.
    expect((await r.v.get('/v3.0/payments/plus')).json().data.balance).toBe(7100);
    expect((await userRow(r.id)).isPaid).toBe(true);
  });

  it('a reader donates from the balance with a message; the author sees it, asks a payout, staff mark it paid', async () => {
    const author = await signedIn('Автор Ирина');
    const reader = await signedIn('Читатель Олег');
    const entryId = await donationEntry(author.v);
    await topUp(reader.id, 200000);
    const before = await ledgerCount();

    const bad: [Record<string, unknown>, number, string][] = [
      [{ entry_id: entryId, amount: -1 }, 400, messages.donationAmountInvalid],
      [{ entry_id: entryId, amount: 10 ** 12 }, 400, messages.donationAmountInvalid],
      [{ entry_id: entryId, amount: 900 }, 400, messages.donationAmountInvalid],
      [{ entry_id: entryId, amount: 1050.5 }, 400, messages.donationAmountInvalid],
      [{ entry_id: entryId, amount: '10000', message: 'x'.repeat(501) }, 400, messages.donationMessageTooLong],
      [{ entry_id: entryId }, 400, messages.donationAmountInvalid],
      [{ entry_id: 'abc', amount: 10000 }, 400, messages.entryNotFound],
      [{ entry_id: 99999999, amount: 10000 }, 404, messages.entryNotFound],
      [{ entry_id: entryId, amount: 10000, to: 1 }, 400, messages.unknownField('to')],
    ];
    for (const [body, rc, rm] of bad) {
      const res = await reader.v.post('/v3.0/donations/balance', body);
      expect(isRussianError(res, rc), JSON.stringify(body) + res.body).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    // To oneself, an entry without the block, more than the balance.
    expect((await author.v.post('/v3.0/donations/balance', { entry_id: entryId, amount: 10000 })).json().rm).toBe(
      messages.donationToSelf,
    );
    const plain = await donationEntry(author.v, false);
    expect(
      isRussianError(await reader.v.post('/v3.0/donations/balance', { entry_id: plain, amount: 10000 }), 403),
    ).toBe(true);
    expect(
      isRussianError(await reader.v.post('/v3.0/donations/balance', { entry_id: entryId, amount: 250000 }), 400),
    ).toBe(true);
    expect(await ledgerCount()).toBe(before);

    const res = await reader.v.post('/v3.0/donations/balance', {
      entry_id: entryId,
      amount: 150000,
      message: 'Спасибо!',
    });
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().rm).toBe(messages.donationDone);
    expect(await balanceOf(reader.v)).toBe(50000);
    expect(await balanceOf(author.v)).toBe(150000);

    const cabinet = (await author.v.get('/v3.0/donations/cabinet')).json().data;
    expect(cabinet.totals).toEqual({ received: 150000, paid_out: 0, requested: 0, available: 150000, count: 1 });
    expect(cabinet.items[0]).toMatchObject({
      amount: 150000,
      message: 'Спасибо!',
      donor: { id: reader.id, name: 'Читатель Олег' },
    });
    expect((await reader.v.get('/v3.0/donations/cabinet')).json().data.items).toEqual([]);

    // Payouts: within what was collected, at least the minimum.
    expect(isRussianError(await author.v.post('/v3.0/donations/payouts/request', { amount: 10000 }), 400)).toBe(true);
    expect(isRussianError(await author.v.post('/v3.0/donations/payouts/request', { amount: 200000 }), 400)).toBe(true);
    const asked = await author.v.post('/v3.0/donations/payouts/request', { amount: 100000 });
    expect(asked.json().rc, asked.body).toBe(200);
    expect(await balanceOf(author.v)).toBe(50000);
    expect((await author.v.post('/v3.0/donations/payouts/request', { amount: 60000 })).json().rm).toBe(
      messages.payoutTooLarge,
    );
    const id = asked.json().data.id;
    expect(isRussianError(await author.v.post(`/v3.0/admin/payouts/${id}/paid`), 403)).toBe(true);
    expect((await staff.post(`/v3.0/admin/payouts/${id}/paid`)).json().rc).toBe(200);
    expect(isRussianError(await staff.post(`/v3.0/admin/payouts/${id}/paid`), 409)).toBe(true);
    const after = (await author.v.get('/v3.0/donations/cabinet')).json().data;
    expect(after.totals).toMatchObject({ received: 150000, paid_out: 100000, requested: 0, available: 50000 });
    expect(after.payouts[0]).toMatchObject({ amount: 100000, status: 'paid' });
    expect((await t.database.db.select().from(payouts).where(eq(payouts.authorId, author.id))).length).toBe(1);
    expect((await t.database.db.select().from(donations).where(eq(donations.authorId, author.id)))[0].status).toBe(
      'paid',
    );
  });

  it('anonymous callers are asked to sign in', async () => {
    const anon = new (staff.constructor as typeof Visitor)(t.app);
    for (const [path, body] of [
      ['/v3.0/donations/balance', { entry_id: 1, amount: 10000 }],
      ['/v3.0/balance/plus', { stuff_id: 1 }],
      ['/v3.0/payments/promo/redeem', { code: 'TWICE' }],
      ['/v3.0/donations/payouts/request', { amount: 100000 }],
    ] as const)
      expect(isRussianError(await anon.post(path, body), 401), path).toBe(true);
    expect(isRussianError(await anon.get('/v3.0/donations/cabinet'), 401)).toBe(true);
    expect(isRussianError(await anon.get('/v3.0/admin/bills'), 401)).toBe(true);
    const reader = await newUser(t.app);
    expect(isRussianError(await reader.v.get('/v3.0/admin/payouts'), 403)).toBe(true);
    expect(isRussianError(await reader.v.get('/v3.0/admin/promo'), 403)).toBe(true);
  });
});

describe('card payments of donations, top-ups and editorial donations', () => {
  const donationCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(donations))[0].n;
  const siteRows = () =>
    t.database.db
      .select()
      .from(ledger)
      .where(sql`${ledger.userId} is null`);

  async function donationEntry(author: Visitor) {
    const entry = await savedEntry(author, {
      title: 'Запись с донатами картой',
      entry: [text('Поддержите'), { type: 'donation', data: { title: 'На кофе' } }],
      is_published: 1,
    });
    return entry.id as number;
  }

  async function cardBody(v: Visitor, number: string, fields: Record<string, unknown>) {
    const p = await prepare(v);
    return { ...fields, email: 'donor@example.ru', order: p.order, cryptogram: await cryptogram(p, number) };
  }

  it('a donation by card moves the money to the author once; a double submit stores nothing more', async () => {
    const author = await signedIn('Автор Карта');
    const reader = await signedIn('Донор Карта');
    const entryId = await donationEntry(author.v);
    const body = await cardBody(reader.v, SUCCESS, { entry_id: entryId, amount: 25000, message: 'На кофе!' });
    const res = await reader.v.post('/v3.0/donations/card', body);
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().data.status).toBe('success');
    const rows = async (id: number) =>
      (await ledgerOf(id)).map((r) => [r.kind, r.amount]).sort((a, b) => String(a).localeCompare(String(b)));
    expect(await rows(reader.id)).toEqual([
      ['charge', 25000],
      ['donation', -25000],
    ]);
    expect(await rows(author.id)).toEqual([['donation', 25000]]);
    const before = [await ledgerCount(), await donationCount()];
    const again = await reader.v.post('/v3.0/donations/card', body);
    expect(again.json().data.status).toBe('success');
    expect([await ledgerCount(), await donationCount()]).toEqual(before);
    const cabinet = (await author.v.get('/v3.0/donations/cabinet')).json().data;
    expect(cabinet.items[0]).toMatchObject({ amount: 25000, message: 'На кофе!', donor: { id: reader.id } });
    expect(await balanceOf(author.v)).toBe(25000);
    expect(await balanceOf(reader.v)).toBe(0);

    // A staff refund: the money leaves the author, comes back to the donor and goes to the card; once.
    const orderId = res.json().data.order_id;
    expect((await staff.get(`/v3.0/payments/admin/refund/${orderId}`)).json().data).toEqual({
      amount: 25000,
      site_covers: 0,
      refund: 25000,
    });
    expect((await staff.post('/v3.0/payments/admin/refund', { order_id: orderId })).json().rc).toBe(200);
    expect(isRussianError(await staff.post('/v3.0/payments/admin/refund', { order_id: orderId }), 400)).toBe(true);
    expect(await balanceOf(author.v)).toBe(0);
    expect(await balanceOf(reader.v)).toBe(0);
    expect((await author.v.get('/v3.0/donations/cabinet')).json().data.totals.received).toBe(0);
  });

  it('a refund of a donation already paid out takes back what the author holds; the site covers the rest; never below zero', async () => {
    const author = await signedIn('Автор Выплата');
    const reader = await signedIn('Донор Возврат');
    const entryId = await donationEntry(author.v);
    const res = await reader.v.post(
      '/v3.0/donations/card',
      await cardBody(reader.v, SUCCESS, { entry_id: entryId, amount: 80000, message: '' }),
    );
    expect(res.json().data.status, res.body).toBe('success');
    const asked = await author.v.post('/v3.0/donations/payouts/request', { amount: 60000 });
    expect(asked.json().rc, asked.body).toBe(200);
    expect((await staff.post(`/v3.0/admin/payouts/${asked.json().data.id}/paid`, {})).json().rc).toBe(200);
    expect(await balanceOf(author.v)).toBe(20000);
    const siteBefore = (await siteRows()).length;

    // Staff are told before they refund what the site's account will cover; asking changes nothing.
    const orderId = res.json().data.order_id;
    const ledgerBefore = await ledgerCount();
    const preview = await staff.get(`/v3.0/payments/admin/refund/${orderId}`);
    expect(preview.json().data, preview.body).toEqual({ amount: 80000, site_covers: 60000, refund: 80000 });
    expect(isRussianError(await author.v.get(`/v3.0/payments/admin/refund/${orderId}`), 403)).toBe(true);
    expect(isRussianError(await staff.get('/v3.0/payments/admin/refund/999999'), 404)).toBe(true);
    expect(isRussianError(await staff.get('/v3.0/payments/admin/refund/1x'), 400)).toBe(true);
    expect(await ledgerCount()).toBe(ledgerBefore);

    const refund = await staff.post('/v3.0/payments/admin/refund', { order_id: orderId });
    expect(refund.json().rc, refund.body).toBe(200);
    // The author gives back the 200 ₽ they hold and stays at zero; the site's account takes the other 600 ₽.
    expect(await balanceOf(author.v)).toBe(0);
    const authorRefund = (await ledgerOf(author.id)).filter((r) => r.kind === 'refund');
    expect(authorRefund.map((r) => r.amount)).toEqual([-20000]);
    const shortfall = (await siteRows()).slice(siteBefore);
    expect(shortfall).toEqual([
      expect.objectContaining({ kind: 'refund', amount: -60000, note: expect.stringContaining(String(author.id)) }),
    ]);
    // The donor is paid back in full (refund in, refund out to the card): nothing left on the balance.
    const donorRows = (await ledgerOf(reader.id)).map((r) => r.amount);
    expect(donorRows.reduce((a, b) => a + b, 0)).toBe(0);
    expect(donorRows).toContain(80000);
    expect(await balanceOf(reader.v)).toBe(0);
    // The author is told what was taken.
    await jobsOf(t.app.ctx).drain(); // the notice is a job queued with the change
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(JSON.stringify(notes.map((n) => n.data))).toContain('списано 200');

    // The staff page of the site's account shows the shortfall among its rows.
    const account = (await staff.get('/v3.0/admin/account')).json().data;
    expect(account.items[0]).toMatchObject({ kind: 'refund', amount: -60000, order_id: res.json().data.order_id });
    // A second refund changes nothing.
    const count = await ledgerCount();
    expect(isRussianError(await staff.post('/v3.0/payments/admin/refund', { order_id: orderId }), 400)).toBe(true);
    expect(isRussianError(await staff.get(`/v3.0/payments/admin/refund/${orderId}`), 400)).toBe(true);
    expect(await ledgerCount()).toBe(count);
  });

  it('a refund after the author spent part of a donation: the balance never goes below zero', async () => {
    const author = await signedIn('Автор Траты');
    const reader = await signedIn('Донор Траты');
    const entryId = await donationEntry(author.v);
    const res = await reader.v.post(
      '/v3.0/donations/card',
      await cardBody(reader.v, SUCCESS, { entry_id: entryId, amount: 30000, message: '' }),
    );
    // The author already owes nothing more than they hold: a donation to the site from the balance takes 250 ₽.
    expect((await author.v.post('/v3.0/donations/site/balance', { amount: 25000, message: '' })).json().rc).toBe(200);
    await staff.post('/v3.0/payments/admin/refund', { order_id: res.json().data.order_id });
    expect(await balanceOf(author.v)).toBe(0);
    expect((await ledgerOf(author.id)).filter((r) => r.kind === 'refund').map((r) => r.amount)).toEqual([-5000]);
  });

  it('staff see the site’s own account: balance, sums by kind, rows paged, top-ups and payouts; others cannot', async () => {
    const donor = await signedIn('Меценат Сайта');
    await topUp(donor.id, 100_000);
    for (const amount of [10000, 20000, 30000])
      expect((await donor.v.post('/v3.0/donations/site/balance', { amount, message: 'Спасибо' })).json().rc).toBe(200);
    const all = (await siteRows()).reduce((a, r) => a + r.amount, 0);
    const first = await staff.get('/v3.0/admin/account');
    expect(first.json().rc, first.body).toBe(200);
    const data = first.json().data;
    expect(data.balance).toBe(all);
    expect(data.totals.reduce((a: number, t: { amount: number }) => a + t.amount, 0)).toBe(all);
    expect(data.items.slice(0, 3).map((i: { amount: number }) => i.amount)).toEqual([30000, 20000, 10000]);
    expect(data.topups).toEqual({ received: expect.any(Number), refunded: expect.any(Number) });
    expect(data.payouts).toEqual({ requested: expect.any(Number), paid: expect.any(Number) });
    // Paging: rows below an id.
    const below = (await staff.get(`/v3.0/admin/account?before_id=${data.items[1].id}`)).json().data;
    expect(below.items[0].id).toBe(data.items[2].id);

    // Wrong people and bad input: 4xx in Russian.
    expect(isRussianError(await donor.v.get('/v3.0/admin/account'), 403)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/admin/account'), 401)).toBe(true);
    for (const q of ['before_id=abc', 'before_id=-1', 'before_id=0', 'before_id=99999999999', 'user_id=1'])
      expect(isRussianError(await staff.get(`/v3.0/admin/account?${q}`), 400), q).toBe(true);
  });

  it('3-D Secure: nothing moves until the bank confirms; a repeated bank post stores nothing more', async () => {
    const author = await signedIn();
    const reader = await signedIn();
    const entryId = await donationEntry(author.v);
    const before = [await ledgerCount(), await donationCount()];
    const res = await reader.v.post(
      '/v3.0/donations/card',
      await cardBody(reader.v, SUCCESS_3DS, { entry_id: entryId, amount: 10000 }),
    );
    expect(res.json().data.status, res.body).toBe('3ds');
    expect([await ledgerCount(), await donationCount()]).toEqual(before);
    const term = await pass3ds(reader.v, res.json().data, 'confirm');
    expect(term.body).toContain('data-result="success"');
    expect((await author.v.get('/v3.0/donations/cabinet')).json().data.totals.received).toBe(10000);
    const after = [await ledgerCount(), await donationCount()];
    expect(after).toEqual([before[0] + 3, before[1] + 1]);
    // The bank's answer posted twice: the order is paid already.
    const data = res.json().data;
    const paRes = 'x';
    await reader.v.post(
      new URL(data.term_url).pathname,
      { MD: data.TransactionId, PaRes: paRes },
      { as: 'form', csrf: false },
    );
    expect([await ledgerCount(), await donationCount()]).toEqual(after);

    // The provider's `pay` notification for a waiting donation, twice: one donation, three rows.
    const notified = await reader.v.post(
      '/v3.0/donations/card',
      await cardBody(reader.v, SUCCESS_3DS, { entry_id: entryId, amount: 12000 }),
    );
    const n = notified.json().data;
    for (let i = 0; i < 2; i++)
      await applyNotification(
        t.app.ctx,
        readNotification(
          'pay',
          new URLSearchParams({
            TransactionId: n.TransactionId,
            InvoiceId: String(n.order_id),
            AccountId: String(reader.id),
            Amount: '120.00',
            Currency: 'RUB',
          }),
        ),
      );
    expect([await ledgerCount(), await donationCount()]).toEqual([after[0] + 3, after[1] + 1]);
    after[0] += 3;
    after[1] += 1;

    // Declined by the bank: no rows.
    const failed = await reader.v.post(
      '/v3.0/donations/card',
      await cardBody(reader.v, SUCCESS_3DS, { entry_id: entryId, amount: 10000 }),
    );
    const out = await pass3ds(reader.v, failed.json().data, 'decline');
    expect(out.body).toContain('data-result="error"');
    expect([await ledgerCount(), await donationCount()]).toEqual(after);
  });

  it('a decline, bad amounts, another reader’s order, an entry without the block: Russian 4xx, no rows', async () => {
    const author = await signedIn();
    const reader = await signedIn();
    const other = await signedIn();
    const entryId = await donationEntry(author.v);
    const before = [await ledgerCount(), await donationCount()];
    const declined = await reader.v.post(
      '/v3.0/donations/card',
      await cardBody(reader.v, DECLINE, { entry_id: entryId, amount: 10000 }),
    );
    expect(isRussianError(declined, 400)).toBe(true);
    for (const [fields, rc, rm] of [
      [{ entry_id: entryId, amount: -1 }, 400, messages.donationAmountInvalid],
      [{ entry_id: entryId, amount: 10 ** 12 }, 400, messages.donationAmountInvalid],
      [{ entry_id: entryId, amount: 900 }, 400, messages.donationAmountInvalid],
      [{ entry_id: 99999999, amount: 10000 }, 404, messages.entryNotFound],
      [{ entry_id: entryId, amount: 10000, extra: 1 }, 400, messages.unknownField('extra')],
    ] as const) {
      const res = await reader.v.post('/v3.0/donations/card', await cardBody(reader.v, SUCCESS, fields));
      expect(isRussianError(res, rc), JSON.stringify(fields) + res.body).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    // Someone else's order number (and its cryptogram).
    const stolen = await cardBody(other.v, SUCCESS, { entry_id: entryId, amount: 10000 });
    const res = await reader.v.post('/v3.0/donations/card', stolen);
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.paymentOrderInvalid);
    // To oneself.
    const self = await author.v.post(
      '/v3.0/donations/card',
      await cardBody(author.v, SUCCESS, { entry_id: entryId, amount: 10000 }),
    );
    expect(self.json().rm).toBe(messages.donationToSelf);
    expect([await ledgerCount(), await donationCount()]).toEqual(before);
  });

  it('a top-up by card within the limits raises the balance once', async () => {
    const reader = await signedIn();
    const before = await ledgerCount();
    for (const amount of [9900, 7_500_100, 10000.5, -1, 10 ** 12, 'сто'])
      expect(
        (await reader.v.post('/v3.0/balance/topup', await cardBody(reader.v, SUCCESS, { amount }))).json().rm,
        String(amount),
      ).toBe(messages.topupAmountInvalid);
    expect(await ledgerCount()).toBe(before);
    const body = await cardBody(reader.v, SUCCESS, { amount: 50000 });
    expect((await reader.v.post('/v3.0/balance/topup', body)).json().data.status).toBe('success');
    expect((await reader.v.post('/v3.0/balance/topup', body)).json().data.status).toBe('success');
    expect(await balanceOf(reader.v)).toBe(50000);
    expect(await ledgerCount()).toBe(before + 1);
  });

  it('editorial donations go to the site account, by card or from the balance; staff see them', async () => {
    const reader = await signedIn('Друг редакции');
    const siteBefore = (await siteRows()).reduce((s, r) => s + r.amount, 0);
    const res = await reader.v.post(
      '/v3.0/donations/site/card',
      await cardBody(reader.v, SUCCESS, { amount: 30000, message: 'Спасибо за Среду' }),
    );
    expect(res.json().data.status, res.body).toBe('success');
    await topUp(reader.id, 20000);
    const fromBalance = await reader.v.post('/v3.0/donations/site/balance', { amount: 15000 });
    expect(fromBalance.json().rm).toBe(messages.siteDonationDone);
    expect(await balanceOf(reader.v)).toBe(5000);
    expect(isRussianError(await reader.v.post('/v3.0/donations/site/balance', { amount: 100000 }), 400)).toBe(true);
    expect((await siteRows()).reduce((s, r) => s + r.amount, 0) - siteBefore).toBe(45000);
    const list = (await staff.get('/v3.0/admin/donations/site')).json().data;
    expect(list.total).toBeGreaterThanOrEqual(45000);
    expect(list.items[0]).toMatchObject({ amount: 15000, donor: { id: reader.id, name: 'Друг редакции' } });
    expect(list.items[1]).toMatchObject({ amount: 30000, message: 'Спасибо за Среду' });
    expect(isRussianError(await reader.v.get('/v3.0/admin/donations/site'), 403)).toBe(true);
  });
});

describe('a discount code at card checkout', () => {
  it('lowers the card price the server computes; the order records the code; one use per paid order', async () => {
    const code = `CARD${Date.now() % 100000}`;
    expect((await staff.post('/v3.0/private/digest/promo/store', { code, discount: 20, max_uses: 5 })).json().rc).toBe(
      200,
    );
    const days = `DAYS${Date.now() % 100000}`;
    await staff.post('/v3.0/private/digest/promo/store', { code: days, days: 7 });
    const reader = await signedIn();
    const quote = (await reader.v.post('/v3.0/payments/promo/quote', { stuff_id: 1, code: code.toLowerCase() })).json();
    expect(quote.data).toEqual({ price: 7920, full_price: 9900, discount: 20 });
    expect((await reader.v.post('/v3.0/payments/promo/quote', { stuff_id: 1, code: days })).json().rm).toBe(
      messages.promoNotDiscount,
    );
    expect(isRussianError(await reader.v.post('/v3.0/payments/promo/quote', { stuff_id: 1, code: 'NOPE1' }), 404)).toBe(
      true,
    );

    const { res, body } = await buy(reader.v, 1, SUCCESS, { promo: code });
    expect(res.json().data.status, res.body).toBe('success');
    const rows = await ledgerOf(reader.id);
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['charge', 7920],
      ['order', -7920],
    ]);
    const [order] = await queryRows<{ meta: { promo: { code: string } }; id: number }>(
      t.database.db,
      sql`select id, meta from payment_orders where id = ${rows[0].orderId}`,
    );
    expect(order.meta.promo.code).toBe(code);
    const usesOf = async () => (await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0].uses;
    expect(await usesOf()).toBe(1);
    // A double submit answers from the paid order: no second charge, no second use.
    expect((await reader.v.post('/v3.0/payments/accounts/orders/create', body)).json().data.status).toBe('success');
    expect(await usesOf()).toBe(1);
    const [redemption] = await queryRows<{ order_id: number; consumed_at: string }>(
      t.database.db,
      sql`select order_id, consumed_at from promo_redemptions where user_id = ${reader.id}`,
    );
    expect(redemption.order_id).toBe(order.id);
    // Spent: the next purchase with it is refused before any charge.
    const again = await buy(reader.v, 1, SUCCESS, { promo: code });
    expect(again.res.json().rm).toBe(messages.promoAlreadyUsed);
    expect(await ledgerOf(reader.id)).toHaveLength(2);
    // Not for the monthly tariff, which renews at its full price.
    expect((await reader.v.post('/v3.0/payments/promo/quote', { stuff_id: 18, code })).json().rm).toBe(
      messages.promoNotForRecurring,
    );
    expect((await buy(reader.v, 18, SUCCESS, { promo: code })).res.json().rm).toBe(messages.promoNotForRecurring);
    // A days code is for the /plus page.
    expect((await buy(reader.v, 1, SUCCESS, { promo: days })).res.json().rm).toBe(messages.promoNotDiscount);
  });

  it('a discount redeemed on /plus applies at card checkout without typing it', async () => {
    const code = `LATER${Date.now() % 100000}`;
    await staff.post('/v3.0/private/digest/promo/store', { code, discount: 50 });
    const reader = await signedIn();
    expect((await reader.v.post('/v3.0/payments/promo/redeem', { code })).json().rc).toBe(200);
    expect((await reader.v.post('/v3.0/payments/promo/quote', { stuff_id: 2 })).json().data.price).toBe(11450);
    const { res } = await buy(reader.v, 2, SUCCESS);
    expect(res.json().data.status).toBe('success');
    expect((await ledgerOf(reader.id)).map((r) => r.amount)).toEqual([11450, -11450]);
    expect((await reader.v.post('/v3.0/payments/promo/quote', { stuff_id: 2 })).json().data.price).toBe(22900);
  });
});

describe('perks', () => {
  it('staff set the feed banner; a Plus reader hides it; others cannot (402) and still see it', async () => {
    const before = await feedBanner(t.app.ctx, null);
    for (const body of [
      { image_url: 'javascript:alert(1)', link: '/plus', text: 'Реклама' },
      { image_url: 'http://example.ru/a.png', link: '/plus', text: 'Реклама' },
      { image_url: 'https://example.ru/a.png', link: '//evil.example', text: 'Реклама' },
      { image_url: 'https://example.ru/a.png', link: '/\\evil.example', text: 'Реклама' },
      { image_url: 'https://example.ru/a.png', link: '/plus', text: '' },
      { image_url: 'https://example.ru/a.png', link: '/plus', text: 'x', extra: 1 },
    ])
      expect(isRussianError(await staff.post('/v3.0/admin/banner', body), 400), JSON.stringify(body)).toBe(true);
    expect(await feedBanner(t.app.ctx, null)).toEqual(before);
    const banner = {
      image_url: 'https://example.ru/banner.png',
      link: 'https://example.ru/',
      text: 'Курсы <b>Среды</b>',
    };
    const reader = await signedIn();
    expect(isRussianError(await reader.v.post('/v3.0/admin/banner', banner), 403)).toBe(true);
    expect((await staff.post('/v3.0/admin/banner', banner)).json().rm).toBe(messages.bannerSaved);
    expect(await feedBanner(t.app.ctx, null)).toEqual(banner);

    expect(isRussianError(await reader.v.post('/v3.0/plus/ads', { hide_ads: 1 }), 402)).toBe(true);
    await staff.post('/v3.0/payments/gift', { user_id: reader.id, days: 30 });
    const hidden = await reader.v.post('/v3.0/plus/ads', { hide_ads: 1 });
    expect(hidden.json()).toMatchObject({ rm: messages.adsHidden, data: { hide_ads: true, has_banner: true } });
    const row = await userRow(reader.id);
    expect(await feedBanner(t.app.ctx, { id: row.id, role: row.role })).toBeNull();
    const other = await signedIn();
    expect(await feedBanner(t.app.ctx, { id: other.id, role: 'user' })).toEqual(banner);
    // Plus over: the banner is back even with the setting on.
    await t.database.db.update(users).set({ isPaid: false }).where(eq(users.id, reader.id));
    expect(await feedBanner(t.app.ctx, { id: row.id, role: row.role })).toEqual(banner);
    expect((await staff.post('/v3.0/admin/banner/remove')).json().rm).toBe(messages.bannerRemoved);
    expect(await feedBanner(t.app.ctx, null)).toBeNull();
  });

  it('the author’s Plus badge travels with cards, entries and comments; hidden-for-Plus entries leave Plus feeds', async () => {
    const author = await signedIn('Автор с Плюсом');
    const plain = await signedIn('Автор без Плюса');
    await staff.post('/v3.0/payments/gift', { user_id: author.id, days: 30 });
    const withPlus = await savedEntry(author.v, {
      title: 'Запись автора с Плюсом',
      entry: [text('А')],
      is_published: 1,
    });
    const without = await savedEntry(plain.v, {
      title: 'Запись автора без Плюса',
      entry: [text('Б')],
      is_published: 1,
    });
    const anon = new (staff.constructor as typeof Visitor)(t.app);
    const entryOf = async (id: number) => (await anon.get(`/v3.0/entry/${id}`)).json().data.entry;
    expect((await entryOf(withPlus.id as number)).author.is_plus).toBe(true);
    expect((await entryOf(without.id as number)).author.is_plus).toBe(false);
    await plain.v.post('/v3.0/comment/add', { id: withPlus.id, text: 'без Плюса' });
    await author.v.post('/v3.0/comment/add', { id: withPlus.id, text: 'с Плюсом' });
    const comments = (await anon.get(`/v3.0/comments?content_id=${withPlus.id}&sorting=date`)).json().data.items as {
      author: { id: number; is_plus: boolean };
    }[];
    expect(comments.map((c) => [c.author.id, c.author.is_plus])).toEqual([
      [plain.id, false],
      [author.id, true],
    ]);

    // Hidden for Plus: out of a Plus reader's feeds, still in others' and still open by its address.
    const reader = await signedIn();
    await staff.post('/v3.0/payments/gift', { user_id: reader.id, days: 30 });
    const ids = async (v: Visitor) =>
      ((await v.get('/v3.0/feed?all=1&sorting=date&count=50')).json().data.items as { id: number }[]).map((e) => e.id);
    expect(await ids(reader.v)).toContain(without.id);
    expect(
      isRussianError(await reader.v.post(`/v3.0/admin/entries/${without.id}/hidden_for_plus`, { hidden: 1 }), 403),
    ).toBe(true);
    const marked = await staff.post(`/v3.0/admin/entries/${without.id}/hidden_for_plus`, { hidden: 1 });
    expect(marked.json().rm).toBe(messages.hiddenForPlusSet);
    expect(isRussianError(await staff.post('/v3.0/admin/entries/99999999/hidden_for_plus', { hidden: 1 }), 404)).toBe(
      true,
    );
    expect(await ids(reader.v)).not.toContain(without.id);
    expect(await ids(plain.v)).toContain(without.id);
    const opened = (await reader.v.get(`/v3.0/entry/${without.id}`)).json();
    expect(opened.rc).toBe(200);
    expect(opened.data.entry.is_hidden_for_plus).toBe(true);
  });
});
