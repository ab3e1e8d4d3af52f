import type { StaticPagesServices } from '../../../shared/pages/static.ts';
import type { Ctx } from '../../context.ts';
import { found } from '../../http/page-status.ts';
import { forbidden } from '../../lib/errors.ts';
import { isAdmin, type UserRow } from '../auth/index.ts';
import * as pages from './service.ts';

export function staticPagesPage(ctx: Ctx, user: UserRow | null): StaticPagesServices {
  return {
    page: (slug) => pages.read(ctx, slug),
    admin: (slug) =>
      found(user, async (u) => {
        if (!isAdmin(u)) throw forbidden();
        return { pages: await pages.all(ctx), versions: slug ? await pages.versions(ctx, slug) : [] };
      }),
  };
}
