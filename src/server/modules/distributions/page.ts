import type { DistributionsPageServices } from '../../../shared/pages/distributions.ts';
import type { Ctx } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import { isStaff, requireUser, type UserRow } from '../auth/index.ts';
import { found } from '../../http/page-status.ts';
import * as reading from './reading.ts';
import * as reports from './report.ts';
import * as ads from './service.ts';

export function distributionsPage(ctx: Ctx, user: UserRow | null): DistributionsPageServices {
  return {
    prices: () => ads.prices(ctx),
    report: () => reports.report(ctx, requireUser(user)),
    entryReading: (id) => found(user, async (u) => ({ reading: await reading.entryReading(ctx, u, id) })),
    staff: async () => {
      if (!isStaff(requireUser(user))) throw forbidden();
      const [list, requests, prices] = await Promise.all([ads.staffList(ctx), ads.requests(ctx), ads.prices(ctx)]);
      return { items: list.items, requests: requests.items, prices };
    },
  };
}
