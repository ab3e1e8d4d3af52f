import type { AccountsPageServices } from '../../../shared/pages/accounts.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import { found } from '../../http/page-status.ts';
import * as accounts from './service.ts';

export function accountsPage(ctx: Ctx, user: UserRow | null): AccountsPageServices {
  return {
    settings: () =>
      found(user, async (u) => ({
        settings: await accounts.settingsOf(ctx, u),
        tokens: (await accounts.listTokens(ctx, u)).items,
      })),
    subsiteSettings: (path) =>
      found(user, async (u) => ({ settings: await accounts.subsiteSettingsByPath(ctx, u, path) })),
  };
}
