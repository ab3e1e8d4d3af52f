import type { Ctx } from '../context.ts';
import { deliverLetter } from '../modules/mail/service.ts';
import * as mail from '../modules/notifications/mail.ts';
import * as notifications from '../modules/notifications/service.ts';
import * as push from '../modules/push/service.ts';
import * as messenger from '../modules/messenger/service.ts';
import { runScheduled } from '../schedule.ts';
import * as accounts from '../modules/accounts/service.ts';
import { jobsOf, type JobHandlers, type JobName } from './queue.ts';

/**
 * Every job's handler, in one place: the type makes a job of `JobMap` without a handler a compile error. Registered
 * only by processes with the worker role (roles.ts); a web-only node queues jobs and never runs one.
 */
export function jobHandlers(ctx: Ctx): JobHandlers {
  return {
    'notify.comment': (p) => notifications.onCommentCreated(ctx, p),
    'notify.vote': (p) => notifications.onVoteChanged(ctx, p),
    'notify.subscriber': (p) => notifications.onSubscriptionChanged(ctx, p),
    'notify.unpublished': (p) => notifications.notifyUnpublished(ctx, p.entryId, p.reason),
    'notify.ban': (p) => notifications.notifyBan(ctx, p.userId, p.until, p.reason),
    'notify.system': (p) => notifications.notifySystem(ctx, p.userId, p.text),
    'push.notification': (p) => push.fanOut(ctx, p.notificationId),
    'push.deliver': (p) => push.deliver(ctx, p.endpoint, p.payload),
    'push.user': (p) => push.pushToUser(ctx, p.userId, p.payload),
    'mail.letter': (p, job) => deliverLetter(ctx, p.letterId, job),
    'mail.notification': (p) => mail.letterForNotification(ctx, p.notificationId),
    'mail.confirm': (p) => mail.letterForConfirmation(ctx, p.email),
    'mail.digest': (p) => mail.runDigest(ctx, p),
    'mail.digest.letter': (p) => mail.letterForDigest(ctx, p),
    'messenger.preview': (p) => messenger.makePreview(ctx, p),
    'messenger.unread': (p) => messenger.notifyUnread(ctx, p),
    'schedule.run': (p) => runScheduled(ctx, p),
    'account.delete': (p) => accounts.runDeletion(ctx, p.userId),
    'account.export': (p) => accounts.runExport(ctx, p.exportId),
  };
}

export function registerJobHandlers(ctx: Ctx) {
  const queue = jobsOf(ctx);
  const handlers = jobHandlers(ctx);
  for (const kind of Object.keys(handlers) as JobName[]) register(kind);
  function register<K extends JobName>(kind: K) {
    queue.register(kind, handlers[kind]);
  }
}
