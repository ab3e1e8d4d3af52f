import type { BillingPageServices } from '../../../shared/pages/billing.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import { sellerRequisites } from './seller.ts';
import * as billing from './service.ts';

export function billingPage(ctx: Ctx, user: UserRow | null): BillingPageServices {
  return {
    plus: (count) => billing.plusPage(ctx, user, count),
    async cabinet() {
      if (!user) return null;
      const [cabinet, { balance }] = await Promise.all([
        billing.donationsCabinet(ctx, user),
        billing.balance(ctx, user),
      ]);
      return { ...cabinet, balance };
    },
    feedBanner: () => billing.feedBanner(ctx, user),
    banner: () => billing.storedBanner(ctx),
    seller: async () => (user?.role === 'superuser' ? sellerRequisites(ctx) : null),
  };
}
