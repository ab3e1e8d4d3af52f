import type { MessengerPageServices } from '../../../shared/pages/messenger.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import * as messenger from './service.ts';

export function messengerPage(ctx: Ctx, user: UserRow | null): MessengerPageServices {
  return {
    unread: async () => (user ? messenger.unread(ctx, user) : { unread_total: 0, muted_ids: [] }),
  };
}
