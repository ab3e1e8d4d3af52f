import { messages } from '../../../shared/catalogue.ts';
import type { SellerRequisites } from '../../../shared/requisites.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, forbidden } from '../../lib/errors.ts';
import type { Role } from '../../../shared/api.ts';
import { enqueue } from '../../jobs/queue.ts';
import * as q from './queries.ts';

/** The seller's requisites, or null while the superuser has not set them. */
export async function sellerRequisites(ctx: Ctx): Promise<SellerRequisites | null> {
  return q.sellerRequisites(ctx.db);
}

/** The site's owner only: the requisites say whom companies pay, so admins and moderators may not change them. */
function assertSuperuser(user: { role: Role }) {
  if (user.role !== 'superuser') throw forbidden(messages.sellerSuperuserOnly);
}

/**
 * The requisites an invoice is issued with. Without them no invoice is made: the buyer is told in Russian, and the
 * superusers get one notice (until the requisites are saved).
 */
export async function requireSeller(ctx: Ctx): Promise<SellerRequisites> {
  const seller = await sellerRequisites(ctx);
  if (seller) return seller;
  await transaction(ctx, async (ctx) => {
    if (!(await q.claimSellerNotice(ctx.db, ctx.now()))) return;
    for (const id of await q.superuserIds(ctx.db))
      await enqueue(ctx, 'notify.system', { userId: id, text: messages.invoiceSellerMissingNotice });
  });
  throw new ApiError(409, messages.invoiceSellerMissing);
}

/** `GET /v3.0/admin/seller`. */
export async function readSeller(ctx: Ctx, user: { role: Role }) {
  assertSuperuser(user);
  return { seller: await sellerRequisites(ctx) };
}

/** `POST /v3.0/admin/seller`. */
export async function saveSeller(ctx: Ctx, user: { role: Role }, seller: SellerRequisites) {
  assertSuperuser(user);
  await transaction(ctx, (ctx) => q.setSellerRequisites(ctx.db, seller));
  return { seller };
}
