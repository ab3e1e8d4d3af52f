import type { LivestreamsPageServices } from '../../../shared/pages/livestreams.ts';
import type { Ctx } from '../../context.ts';
import { found } from '../../http/page-status.ts';
import type { UserRow } from '../auth/index.ts';
import * as streams from './service.ts';

export function livestreamsPage(ctx: Ctx, user: UserRow | null): LivestreamsPageServices {
  return {
    forPage: (path, closedKey) => streams.forPage(ctx, path, closedKey),
    settings: (subsiteId) => found(user, async (u) => ({ settings: await streams.settings(ctx, u, subsiteId) })),
  };
}
