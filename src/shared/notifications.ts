/** Wire types of notifications: types, channels, settings, list items; shared by the server module and the pages. */
import type { Gender } from './gender.ts';
import { z } from 'zod';
import { messages } from './catalogue.ts';
import { EMAIL_MAX, EMAIL_RE } from './validation.ts';

/** The digest opt-in's address, checked alike by the form and `/email/subscribe/opt_in`: 'Please enter a valid email' (spec/content.md §5). */
export const digestEmailField = z
  .string({ error: messages.digestEmailInvalid })
  .trim()
  .max(EMAIL_MAX, messages.digestEmailInvalid)
  .regex(EMAIL_RE, messages.digestEmailInvalid);

export const NOTIFICATION_TYPES = [
  'reply',
  'comment',
  'mention',
  'vote_entry',
  'vote_comment',
  'subscriber',
  'unpublished',
  'ban',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a notification is told: on the site (the bell, and web push on the reader's devices) and by mail. */
export const NOTIFICATION_CHANNELS = ['site', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationSettings = Record<NotificationType, Record<NotificationChannel, boolean>>;

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
  unpublished: { site: true, email: true },
  ban: { site: true, email: true },
  system: { site: true, email: true },
};

export interface NotificationActor {
  id: number;
  name: string;
  url: string;
  avatar_color: string;
  avatar_url: string | null;
}

export interface NotificationItem {
  id: number;
  type: NotificationType;
  /** Rendered Russian text: 'Иван и ещё 5 оценили вашу запись «…»'. */
  text: string;
  /** A quote under the text (the comment's words), may be empty. */
  quote: string;
  url: string;
  is_read: boolean;
  /** ISO date of the latest change (a group's newest actor). */
  date: string;
  actors: NotificationActor[];
  actors_count: number;
  comment_id: number | null;
}

export interface NotificationsPage {
  items: NotificationItem[];
  last_id: number | null;
  last_sorting_value: number | null;
  is_finished: boolean;
  unread_count: number;
}

export interface SettingsData {
  notifications: NotificationSettings;
  /** The reader's account email and whether the daily digest goes to it. */
  email: string;
  digest: boolean;
  /** The digest was asked for this address, and its confirmation letter waits to be followed. */
  digest_pending: boolean;
  /** How others' notifications speak of this person, as stated; null: read from the name (`guessed_gender`). */
  gender: Gender | null;
  guessed_gender: Gender;
}

/** A mailed link's subscription: `active` while mail may go there, `asked` when the digest was, `confirmed` once it goes. */
export interface EmailSubscriptionInfo {
  email: string;
  active: boolean;
  asked: boolean;
  confirmed: boolean;
}
