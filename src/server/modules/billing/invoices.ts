import type { Role } from '../../../shared/api.ts';
import type { CompanySuggestion, InvoiceItem } from '../../../shared/api/billing.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { productOf, type Product } from '../../../shared/payments.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { SafeFetchError } from '../../lib/safe-fetch.ts';
import { grantPlus, postLedger } from '../payments/index.ts';
import { invoiceNumber, invoicePdf } from './pdf.ts';
import * as policy from './policy.ts';
import { requireSeller } from './seller.ts';
import * as q from './queries.ts';
import { suggesterFor } from './suggest.ts';

/** Invoices for companies: the form's company suggestions, storing an invoice, its PDF, staff marking it paid. */

type Actor = { id: number; role: Role };

const SUGGESTIONS = 10;

/** Company suggestions for the invoice form; a failing outside service answers a Russian 502, the form stays usable. */
export async function suggestCompanies(ctx: Ctx, query: string): Promise<CompanySuggestion[]> {
  try {
    return await suggesterFor(ctx.config).suggest(ctx, query, SUGGESTIONS);
  } catch (err) {
    if (!(err instanceof SafeFetchError) && !(err instanceof SyntaxError) && (err as Error).name !== 'ZodError')
      throw err;
    ctx.log.warn({ err }, 'company suggestion failed');
    throw new ApiError(502, messages.companySuggestFailed);
  }
}

/** Products an invoice can buy: the one-off periods (the monthly recurring tariff charges a card). */
export function invoiceProduct(stuffId: number): Product {
  const product = productOf(stuffId);
  if (!product) throw badRequest(messages.stuffInvalid);
  if (product.recurring) throw badRequest(messages.stuffNotForInvoice);
  return product;
}

export interface InvoiceInput {
  stuffId: number;
  inn: string;
  kpp: string;
  name: string;
  address: string;
  email: string;
}

const pdfUrl = (id: number) => `/tools/bills/${id}/invoice.pdf`;

const invoiceItem = (r: q.InvoiceRow): InvoiceItem => ({
  id: r.id,
  number: invoiceNumber(r.id),
  stuff_id: r.stuffId,
  amount: r.amount,
  company: { value: r.companyName, inn: r.inn, kpp: r.kpp, address: r.address },
  email: r.email,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  paid_at: r.paidAt?.toISOString() ?? null,
  pdf_url: pdfUrl(r.id),
});

/** `/tools/bills/store`: stores the invoice at the product's price and answers where its PDF is. */
export async function createInvoice(ctx: Ctx, user: Actor, input: InvoiceInput): Promise<string> {
  const product = invoiceProduct(input.stuffId);
  await requireSeller(ctx);
  const row = await transaction(ctx, (ctx) =>
    q.insertInvoice(ctx.db, {
      userId: user.id,
      stuffId: product.stuff_id,
      amount: product.price,
      inn: input.inn,
      kpp: input.kpp,
      companyName: input.name,
      address: input.address,
      email: input.email,
    }),
  );
  return pdfUrl(row.id);
}

/** The PDF of an invoice, for its buyer and staff. */
export async function invoiceFile(ctx: Ctx, user: Actor, id: number): Promise<{ name: string; pdf: Uint8Array }> {
  const invoice = await q.findInvoice(ctx.db, id);
  policy.assertInvoiceVisible(invoice, user);
  const name = ui.billing.plus.products[invoice.stuffId] ?? '';
  return { name: `invoice-${invoice.id}.pdf`, pdf: await invoicePdf(invoice, name, await requireSeller(ctx)) };
}

export async function myInvoices(ctx: Ctx, user: Actor): Promise<InvoiceItem[]> {
  return (await q.invoicesOf(ctx.db, user.id)).map(invoiceItem);
}

export async function staffInvoices(ctx: Ctx, status: 'issued' | 'paid' | null): Promise<InvoiceItem[]> {
  return (await q.latestInvoices(ctx.db, status)).map(invoiceItem);
}

/**
 * Staff saw the money arrive: the invoice is paid, its Plus granted, and the ledger tells it as a card payment does
 * (`charge +X`, then `order −X`). The keys make a second click store nothing; the lock makes it answer "already paid".
 */
export async function markInvoicePaid(ctx: Ctx, staff: Actor, id: number): Promise<InvoiceItem> {
  return transaction(ctx, async (ctx) => {
    const invoice = await q.findInvoice(ctx.db, id, true);
    if (!invoice) throw notFound(messages.invoiceNotFound);
    if (invoice.status === 'paid') throw new ApiError(409, messages.invoiceAlreadyPaid);
    const product = invoiceProduct(invoice.stuffId);
    const now = ctx.now();
    const note = `Счёт ${invoiceNumber(invoice.id)}`;
    await postLedger(ctx, {
      userId: invoice.userId,
      kind: 'charge',
      amount: invoice.amount,
      idempotencyKey: `invoice:${invoice.id}:charge`,
      note,
    });
    await postLedger(ctx, {
      userId: invoice.userId,
      kind: 'order',
      amount: -invoice.amount,
      idempotencyKey: `invoice:${invoice.id}:order`,
      note,
    });
    await grantPlus(ctx, invoice.userId, product.days);
    await q.markInvoicePaid(ctx.db, invoice.id, staff.id, now);
    return invoiceItem({ ...invoice, status: 'paid', paidAt: now, paidById: staff.id });
  });
}
