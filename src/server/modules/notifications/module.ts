import { defineModule, HOUR_MS } from '../manifest.ts';
import * as mail from './mail.ts';
import { notificationsPage } from './page.ts';
import { notificationsRootRoutes, notificationsRoutes, pushEndpointRoutes } from './routes.ts';
import * as notifications from './service.ts';

/**
 * Notifications: domain events queue them (listeners), the worker makes them and their letters (jobs), the digest
 * keeps itself queued (task). `/api/endpoint/…` (push devices) lives outside `/v3.0` under the same CSRF checks.
 */
export default defineModule({
  name: 'notifications',
  routes: notificationsRoutes,
  rootRoutes: [...notificationsRootRoutes, ...pushEndpointRoutes],
  pages: { notifications: { services: notificationsPage, kept: { unreadCount: 'unread' } } },
  listeners: notifications.listen,
  jobs: (ctx) => ({
    'notify.comment': (p) => notifications.onCommentCreated(ctx, p),
    'notify.vote': (p) => notifications.onVoteChanged(ctx, p),
    'notify.subscriber': (p) => notifications.onSubscriptionChanged(ctx, p),
    'notify.repost': (p) => notifications.onReposted(ctx, p),
    'notify.unpublished': (p) => notifications.notifyUnpublished(ctx, p.entryId, p.reason),
    'notify.ban': (p) => notifications.notifyBan(ctx, p.userId, p.until, p.reason),
    'notify.system': (p) => notifications.notifySystem(ctx, p.userId, p.text),
    'notify.forget': (p) => notifications.forgetSubscriptions(ctx, p.userId),
    'mail.notification': (p) => mail.letterForNotification(ctx, p.notificationId),
    'mail.confirm': (p) => mail.letterForConfirmation(ctx, p.email),
    'mail.digest': (p) => mail.runDigest(ctx, p),
    'mail.digest.letter': (p) => mail.letterForDigest(ctx, p),
  }),
  tasks: [
    /** Keeps tomorrow's digest queued (itself once per day by its own key). */
    { name: 'digest.schedule', everyMs: HOUR_MS, scope: 'cluster', atStart: true, run: mail.scheduleDigest },
  ],
});
