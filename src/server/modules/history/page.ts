import type { HistoryPageServices } from '../../../shared/pages/history.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/queries.ts';
import { found } from '../entries/page.ts';
import * as history from './service.ts';

export function historyPage(ctx: Ctx, user: UserRow | null): HistoryPageServices {
  return {
    history: (id) => found(user, (u) => history.historyData(ctx, u, id)),
    version: (id, historyId) => found(user, (u) => history.version(ctx, u, id, historyId)),
  };
}
