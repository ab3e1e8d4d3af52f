import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import numberToWords from 'number-to-words-ru';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { ui } from '../../../shared/catalogue.ts';
import { formatDay, formatRoubles } from '../../../shared/format.ts';
import type { SellerRequisites } from '../../../shared/requisites.ts';
import type { InvoiceRow } from './queries.ts';

const t = ui.billing.invoice;
const require = createRequire(import.meta.url);

/** DejaVu Sans (the `dejavu-fonts-ttf` package) has Cyrillic; read once from the installed package, never fetched. */
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);
let fonts: Promise<[Uint8Array, Uint8Array]> | undefined;
const fontBytes = () =>
  (fonts ??= Promise.all([readFile(fontFile('DejaVuSans.ttf')), readFile(fontFile('DejaVuSans-Bold.ttf'))]));

export const invoiceNumber = (id: number) => `П-${String(id).padStart(6, '0')}`;

/** Kopecks in words, as invoices write the sum: 74900 → «Семьсот сорок девять рублей 00 копеек». */
export const amountInWords = (kopecks: number) =>
  numberToWords.convert((kopecks / 100).toFixed(2), {
    currency: 'rub',
    convertNumberToWords: { integer: true, fractional: false },
  });

/** The VAT inside a sum at `rate` percent: sum × rate / (100 + rate), to the kopeck. */
export const vatOf = (kopecks: number, rate: number) => Math.round((kopecks * rate) / (100 + rate));

interface Pen {
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

const MARGIN = 50;
const WIDTH = 595.28;

/** Draws `text` wrapped to `width` points from `x`, moving the pen down. */
function write(pen: Pen, text: string, { x = MARGIN, size = 10, bold = false, width = WIDTH - 2 * MARGIN } = {}) {
  const font = bold ? pen.bold : pen.regular;
  const words = text.split(' ');
  let line = '';
  const lines: string[] = [];
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  lines.push(line);
  for (const l of lines) {
    pen.page.drawText(l, { x, y: pen.y, size, font });
    pen.y -= size * 1.4;
  }
}

/**
 * The invoice for a company (issue 12): the seller's requisites and bank, the buyer with INN and KPP, one line of
 * Plus, the total with its VAT line and the sum in words. A4, the Russian text in an embedded subset of DejaVu Sans,
 * so any reader shows it without fonts of its own.
 */
export async function invoicePdf(
  invoice: InvoiceRow,
  productName: string,
  seller: SellerRequisites,
): Promise<Uint8Array> {
  // pdf-lib and its font kit take a tenth of a second to load: on the first invoice, not at every start.
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
  ]);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await fontBytes();
  const number = invoiceNumber(invoice.id);
  const title = t.pdfTitle(number, formatDay(invoice.createdAt));
  doc.setTitle(title);
  doc.setLanguage('ru-RU');
  doc.setProducer('Среда');
  const pen: Pen = {
    page: doc.addPage([WIDTH, 841.89]),
    y: 790,
    regular: await doc.embedFont(regularBytes, { subset: true }),
    bold: await doc.embedFont(boldBytes, { subset: true }),
  };

  write(pen, title, { size: 16, bold: true });
  pen.y -= 10;
  write(pen, t.pdfSeller, { bold: true });
  write(pen, seller.name);
  write(
    pen,
    `${t.inn} ${seller.inn}${seller.kpp ? `, ${t.kpp} ${seller.kpp}` : ''}, ${t.pdfOgrn(seller.ogrn)} ${seller.ogrn}`,
  );
  write(pen, seller.address);
  write(pen, `${t.pdfBank}: ${seller.bank}, ${t.pdfBik} ${seller.bik}`);
  write(pen, `${t.pdfAccount} ${seller.account}, ${t.pdfCorrAccount} ${seller.corr_account}`);
  pen.y -= 6;
  write(pen, t.pdfBuyer, { bold: true });
  write(pen, invoice.companyName);
  write(
    pen,
    `${ui.billing.invoice.inn} ${invoice.inn}${invoice.kpp ? `, ${ui.billing.invoice.kpp} ${invoice.kpp}` : ''}`,
  );
  write(pen, invoice.address);
  write(pen, invoice.email);
  pen.y -= 14;

  // One line of goods: name, quantity, price, sum.
  const cols = [MARGIN, 340, 400, 480];
  const head = [t.pdfItem, t.pdfQty, t.pdfPrice, t.pdfSum];
  const top = pen.y;
  head.forEach((h, i) => pen.page.drawText(h, { x: cols[i], y: top, size: 10, font: pen.bold }));
  pen.page.drawLine({
    start: { x: MARGIN, y: top - 5 },
    end: { x: WIDTH - MARGIN, y: top - 5 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  pen.y = top - 20;
  const price = formatRoubles(invoice.amount);
  const rowY = pen.y;
  write(pen, t.pdfProduct(productName), { width: 280 });
  [
    ['1', cols[1]],
    [price, cols[2]],
    [price, cols[3]],
  ].forEach(([text, x]) => pen.page.drawText(String(text), { x: Number(x), y: rowY, size: 10, font: pen.regular }));
  pen.y -= 10;
  write(pen, `${t.pdfTotal}: ${price}`, { x: 340, bold: true, size: 12 });
  const vat =
    seller.vat === 'none' ? t.pdfNoVat : t.pdfVat(seller.vat, formatRoubles(vatOf(invoice.amount, Number(seller.vat))));
  write(pen, vat, { x: 340 });
  pen.y -= 8;
  write(pen, t.pdfInWords(amountInWords(invoice.amount)), { bold: true });
  pen.y -= 14;
  write(pen, t.pdfPurpose(number));
  return doc.save();
}
