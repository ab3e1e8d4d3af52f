import type { Role } from '../../../shared/api.ts';
import type { Sponsor } from '../../../shared/api/billing.ts';
import { PRODUCTS } from '../../../shared/payments.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { balanceOf } from '../payments/index.ts';
import { sellerRequisites } from './seller.ts';
import * as q from './queries.ts';

/** The /plus page: its products, the sponsors' grid, the reader's balance and discount. */

type Actor = { id: number; role: Role };

const sponsorItem = (r: Awaited<ReturnType<typeof q.sponsors>>[number]): Sponsor => ({
  url: subsiteUrl(r),
  name: r.name,
  avatar: r.avatar_url,
});

/** `GET /plus/sponsors/{count}`: people with Plus for the avatar grid. */
export async function sponsors(ctx: Ctx, count: number): Promise<Sponsor[]> {
  return (await q.sponsors(ctx.db, count)).map(sponsorItem);
}

/** What /plus shows: the products with their prices, how many have Plus, the reader's balance and discount. */
export async function plusPage(ctx: Ctx, user: Actor | null, sponsorsCount: number) {
  const [items, total, balance, discount] = await Promise.all([
    sponsors(ctx, sponsorsCount),
    q.sponsorsCount(ctx.db),
    user ? balanceOf(ctx, user.id) : Promise.resolve(0),
    user ? q.pendingDiscount(ctx.db, user.id) : Promise.resolve(undefined),
  ]);
  return {
    products: PRODUCTS.map((p) => ({ ...p })),
    invoice_available: (await sellerRequisites(ctx)) !== null,
    sponsors: items,
    sponsors_count: total,
    balance,
    discount: discount?.discount ?? 0,
  };
}
