import type { NotificationsPageServices } from '../../../shared/pages/notifications.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import { requireUser } from '../auth/index.ts';
import * as mail from './mail.ts';
import * as notifications from './service.ts';

export function notificationsPage(ctx: Ctx, user: UserRow | null): NotificationsPageServices {
  return {
    unreadCount: async () => (user ? notifications.unreadCount(ctx, user.id) : 0),
    list: async () => notifications.list(ctx, requireUser(user).id, null),
    settings: async () => notifications.settings(ctx, requireUser(user).id),
    subscriptionInfo: (token) => mail.subscriptionInfo(ctx, token),
  };
}
