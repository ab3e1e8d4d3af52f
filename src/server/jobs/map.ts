import type { DomainEventMap } from '../events.ts';

/** A web push's content (push/service.ts sends it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  icon?: string;
}

/** The names of the periodic tasks (a job's payload names its task, so the list is written out). */
export type ScheduledTaskName =
  | 'hotness.refresh'
  | 'digest.schedule'
  | 'hits.cleanup'
  | 'jobs.purge'
  | 'hits.fold'
  | 'votes.fold'
  | 'moderation.expire'
  | 'signin.cleanup'
  | 'stats.readers'
  | 'payments.tick'
  | 'payments.reconcile'
  | 'vacancies.expire'
  | 'events.finish'
  | 'events.renew'
  | 'backup.take'
  | 'media.listensCleanup'
  | 'analytics.flush'
  | 'analytics.partitions'
  | 'distributions.settle';

/**
 * Every job the queue knows: name → payload (stored as JSON, so plain data only). `enqueue` and the handler table
 * (`jobs/handlers.ts`, one handler per name, checked by the compiler) take their types from here, as domain events
 * take theirs from `DomainEventMap`. A new job is a line here and a line there.
 */
export interface JobMap {
  /** Domain events that become notifications (notifications/service.ts). */
  'notify.comment': DomainEventMap['comment.created'];
  'notify.vote': DomainEventMap['vote.changed'];
  'notify.subscriber': DomainEventMap['subscription.changed'];
  'notify.repost': DomainEventMap['repost.created'];
  'notify.unpublished': { entryId: number; reason?: string };
  /** What the actions layer tells a person (a ban, a staff message), queued in its transaction. */
  'notify.ban': { userId: number; until: string | null; reason: string };
  'notify.system': { userId: number; text: string };
  /** A notification's web push: one fan-out, then one delivery per device (push/service.ts). */
  'push.notification': { notificationId: number };
  'push.deliver': { endpoint: string; payload: PushPayload };
  /** Any module's push to one person's devices (the messenger's unread reminder). */
  'push.user': { userId: number; payload: PushPayload };
  /** A deleted account's devices are forgotten (queued with the deletion's first step). */
  'push.forget': { userId: number };
  /** A deleted account's mail subscriptions are forgotten (queued with the deletion's first step). */
  'notify.forget': { userId: number };
  /** Every letter goes out through this one job (mail/service.ts `queueLetter`): an outbox row's id, no text. */
  'mail.letter': { letterId: number };
  /** What becomes a letter later: notifications, the digest's confirmation, the digest (notifications/mail.ts). */
  'mail.notification': { notificationId: number };
  'mail.confirm': { email: string };
  'mail.digest': { day: string; until: string };
  'mail.digest.letter': { email: string; day: string; until: string; lines: string[] };
  /** Messenger: a link's preview after a send; the 10-minute unread reminder (modules/messenger). */
  'messenger.preview': { messageId: number };
  'messenger.unread': { chatId: number; messageId: number };
  /** Accounts (accounts/lifecycle.ts): deletion after its grace period, the data export archive. */
  'account.delete': { userId: number };
  'account.export': { exportId: number };
  /** An uploaded video made an H.264 mp4 (media/video-upload.ts): the uploaded bytes' uuid and their type. */
  'media.video': { uuid: string; mime: string };
  /** One period's run of a cluster task (schedule.ts): queued once per slot across all nodes. */
  'schedule.run': { task: ScheduledTaskName; slot: number };
}

export type JobName = keyof JobMap;
