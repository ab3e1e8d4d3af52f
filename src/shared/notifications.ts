/** Wire types of notifications: types, channels, settings, list items; shared by the server module and the pages. */
import type {
  NotificationActor,
  NotificationItem,
  NotificationsPage,
  notificationSettings,
  SettingsData,
} from './api/notifications.ts';
import type { EmailSubscriptionInfo } from './api/notifications-mail.ts';
import { z } from 'zod';
import { messages } from './catalogue.ts';
import { EMAIL_MAX, EMAIL_RE } from './validation.ts';

/** The answers' shapes come from the contracts' schemas (api/notifications.ts, api/notifications-mail.ts). */
export type { EmailSubscriptionInfo, NotificationActor, NotificationItem, NotificationsPage, SettingsData };

/** The digest opt-in's address, checked alike by the form and `/email/subscribe/opt_in`: 'Please enter a valid email' (spec/content.md §5). */
export const digestEmailField = z
  .string({ error: messages.digestEmailInvalid })
  .trim()
  .max(EMAIL_MAX, messages.digestEmailInvalid)
  .regex(EMAIL_RE, messages.digestEmailInvalid);

/** Characters of a staff's system message. */
export const SYSTEM_TEXT_MAX = 2000;

/** What a mailed link's token (unsubscribe, digest confirmation) looks like; anything else is refused without a query. */
export const EMAIL_TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;

export const NOTIFICATION_TYPES = [
  'reply',
  'comment',
  'mention',
  'vote_entry',
  'vote_comment',
  'subscriber',
  'repost',
  'unpublished',
  'ban',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification is told: on the site (the bell, and web push on the reader's devices) and by mail. */
export const NOTIFICATION_CHANNELS = ['site', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationSettings = z.output<typeof notificationSettings>;

/**
 * Everything is on the site by default. Mail only for what a person answers or must know about: replies, mentions,
 * moderation and system messages; votes, comments and subscribers would make mail noise.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  reply: { site: true, email: true },
  comment: { site: true, email: false },
  mention: { site: true, email: true },
  vote_entry: { site: true, email: false },
  vote_comment: { site: true, email: false },
  subscriber: { site: true, email: false },
  repost: { site: true, email: false },
  unpublished: { site: true, email: true },
  ban: { site: true, email: true },
  system: { site: true, email: true },
};
