import type { Role } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Block } from '../../../shared/blocks.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';
import type { InvoiceRow, PromoRow } from './queries.ts';

/** Who may do what with invoices, donations and promo codes; every billing permission is decided here. */
type Actor = { id: number; role: Role };

/** An invoice is its buyer's (and staff's); anyone else is told it is not there. */
export function assertInvoiceVisible(invoice: InvoiceRow | undefined, user: Actor): asserts invoice is InvoiceRow {
  if (!invoice || (invoice.userId !== user.id && !isStaff(user))) throw notFound(messages.invoiceNotFound);
}

type DonationEntry = {
  author_id: number;
  is_published: boolean;
  removed: boolean;
  is_show_thanks: boolean;
  blocks: Block[];
};

/**
 * A donation goes to a published entry whose author attached the donation block and shows it (`is_show_thanks`),
 * never to oneself.
 */
export function assertDonationTarget(
  entry: DonationEntry | undefined,
  donorId: number,
): asserts entry is DonationEntry {
  if (!entry || !entry.is_published || entry.removed) throw notFound(messages.entryNotFound);
  if (!entry.is_show_thanks || !entry.blocks.some((b) => b.type === 'donation'))
    throw forbidden(messages.donationsDisabled);
  if (entry.author_id === donorId) throw badRequest(messages.donationToSelf);
}

/** A code works while it has not expired, has uses left, and this account has not used it. */
export function assertPromoUsable(promo: PromoRow | undefined, now: Date): asserts promo is PromoRow {
  if (!promo) throw notFound(messages.promoNotFound);
  if (promo.expiresAt && promo.expiresAt <= now) throw badRequest(messages.promoExpired);
  if (promo.uses >= promo.maxUses) throw badRequest(messages.promoUsedUp);
}
