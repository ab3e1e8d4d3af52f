import type { HistoryPageServices } from '../../../shared/pages/history.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import { found } from '../../http/page-status.ts';
import * as history from './service.ts';

export function historyPage(ctx: Ctx, user: UserRow | null): HistoryPageServices {
  return {
    history: (id) => found(user, (u) => history.historyData(ctx, u, id)),
    version: (id, historyId) => found(user, (u) => history.version(ctx, u, id, historyId)),
  };
}
