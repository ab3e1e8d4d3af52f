import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { messages } from '../../../shared/catalogue.ts';
import { isValidAccount, isValidBik, isValidCorrAccount, isValidOgrn } from '../../../shared/requisites.ts';
import { notifications, users } from '../../db/schema.ts';
import { isRussianError, useTestApp } from '../../testing/harness.ts';
import { amountInWords } from './pdf.ts';
import { plusPage } from './service.ts';
import { SELLER } from './testing.ts';
import { jobsOf } from '../../jobs/queue.ts';

const { t, staff, signedIn } = useTestApp();

const BUYER = { stuff_id: 3, inn: '7707083893', kpp: '773601001', name: 'АО «Покупатель»', address: 'Москва' };
const invoiceUrl = (email: string) =>
  `/tools/bills/store?${new URLSearchParams(Object.entries({ ...BUYER, email }).map(([k, v]) => [k, String(v)]))}`;

describe('requisites checks', () => {
  it('ОГРН and ОГРНИП check digits, БИК, accounts keyed with the БИК', () => {
    expect(isValidOgrn('1027700132195')).toBe(true);
    expect(isValidOgrn('1027700132196')).toBe(false);
    expect(isValidOgrn('304500116000157')).toBe(true);
    expect(isValidOgrn('304500116000158')).toBe(false);
    expect(isValidOgrn('10277001321')).toBe(false);
    expect(isValidBik('044525225')).toBe(true);
    expect(isValidBik('04452522')).toBe(false);
    expect(isValidAccount(SELLER.account, SELLER.bik)).toBe(true);
    expect(isValidAccount('40702810038000012345', SELLER.bik)).toBe(false); // the key digit off
    expect(isValidAccount(SELLER.account, '044525226')).toBe(false); // another bank
    expect(isValidCorrAccount(SELLER.corr_account, SELLER.bik)).toBe(true);
    expect(isValidCorrAccount('30101810400000000226', SELLER.bik)).toBe(false);
  });

  it('writes sums in Russian words as invoices do', () => {
    expect(amountInWords(74900)).toBe('Семьсот сорок девять рублей 00 копеек');
    expect(amountInWords(200105)).toBe('Две тысячи один рубль 05 копеек');
    expect(amountInWords(22900)).toBe('Двести двадцать девять рублей 00 копеек');
  });
});

describe('seller requisites', () => {
  it('no invoice before the requisites: a Russian refusal for the buyer, one notice to the superuser', async () => {
    const buyer = await signedIn('Бухгалтер без счёта');
    for (let i = 0; i < 2; i++) {
      const res = await buyer.v.get(invoiceUrl('buh@example.ru'));
      expect(isRussianError(res, 409), res.body).toBe(true);
      expect(res.json().rm).toBe(messages.invoiceSellerMissing);
    }
    const [owner] = await t.database.db.select().from(users).where(eq(users.role, 'superuser'));
    await jobsOf(t.app.ctx).drain(); // the notice is a job queued with the change
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(JSON.stringify(told.map((n) => n.data)).split(messages.invoiceSellerMissingNotice).length - 1).toBe(1);
    // /plus says so instead of showing the form.
    expect((await plusPage(t.app.ctx, null, 714)).invoice_available).toBe(false);
  });

  it('only the superuser sets them; every number is checked; the PDF prints them with VAT and the sum in words', async () => {
    const admin = await signedIn('Администратор');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    expect(isRussianError(await admin.v.post('/v3.0/admin/seller', SELLER), 403)).toBe(true);
    expect(isRussianError(await admin.v.get('/v3.0/admin/seller'), 403)).toBe(true);
    expect(isRussianError(await (await signedIn()).v.post('/v3.0/admin/seller', SELLER), 403)).toBe(true);

    for (const [fields, field, rm] of [
      [{ inn: '7707083894' }, 'inn', messages.innInvalid],
      [{ kpp: '' }, 'kpp', messages.sellerKppRequired],
      [{ ogrn: '1027700132196' }, 'ogrn', messages.ogrnInvalid],
      [{ ogrn: '304500116000157' }, 'ogrn', messages.ogrnInvalid], // a sole trader's number for an organisation
      [{ bik: '04452522' }, 'bik', messages.bikInvalid],
      [{ account: '40702810038000012345' }, 'account', messages.accountInvalid],
      [{ account: '4070281093800001234' }, 'account', messages.accountInvalid],
      [{ corr_account: '30101810400000000226' }, 'corr_account', messages.corrAccountInvalid],
      [{ vat: '18' }, 'vat', messages.vatInvalid],
      [{ name: '  ' }, 'name', messages.sellerNameRequired],
    ] as const) {
      const res = await staff.post('/v3.0/admin/seller', { ...SELLER, ...fields });
      expect(isRussianError(res, 400), `${field} ${res.body}`).toBe(true);
      expect(res.json().data.errors[field], field).toBe(rm);
    }
    expect((await staff.get('/v3.0/admin/seller')).json().data.seller).toBeNull();

    const saved = await staff.post('/v3.0/admin/seller', { ...SELLER, account: '4070 2810 9380 0001 2345' });
    expect(saved.json().rc, saved.body).toBe(200);
    expect((await staff.get('/v3.0/admin/seller')).json().data.seller).toEqual(SELLER);

    const buyer = await signedIn('Бухгалтер со счётом');
    const res = await buyer.v.get(invoiceUrl('buh2@example.ru'));
    expect(res.statusCode, res.body).toBe(303);
    const pdf = await buyer.v.get(res.headers.location as string);
    const text = async (bytes: Buffer) =>
      (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
    const pages = await text(pdf.rawPayload);
    for (const part of [
      SELLER.name,
      'ИНН 7707083893, КПП 773601001, ОГРН 1027700132195',
      SELLER.address,
      'ПАО Сбербанк, БИК 044525225',
      'Р/с 40702810938000012345, К/с 30101810400000000225',
      'Без НДС',
      'Всего к оплате: Семьсот сорок девять рублей 00 копеек',
    ])
      expect(pages, part).toContain(part);

    // A VAT rate prints the tax inside the sum: 749 ₽ × 22 / 122 = 135,07 ₽.
    expect((await staff.post('/v3.0/admin/seller', { ...SELLER, vat: '22' })).json().rc).toBe(200);
    const withVat = await text((await buyer.v.get(res.headers.location as string)).rawPayload);
    expect(withVat).toContain('В том числе НДС 22%: 135,07');
    expect(withVat).not.toContain('Без НДС');

    // INVOICE_PDF=path keeps the PDF, to look at it (pdftoppm -png).
    if (process.env.INVOICE_PDF) writeFileSync(process.env.INVOICE_PDF, pdf.rawPayload);
  });
});
