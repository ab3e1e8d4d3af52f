import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { GENDERS } from '../gender.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, SYSTEM_TEXT_MAX } from '../notifications.ts';
import { flagField, idField, intField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { sortedPage } from './cards.ts';

/** Notifications (issue 5): the list, read marks, settings and the staff's system message. Mail and push: notifications-mail.ts. */

const notificationActor = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  avatar_color: z.string(),
  avatar_url: z.string().nullable(),
});
export type NotificationActor = z.output<typeof notificationActor>;

const notificationItem = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Rendered Russian text: 'Иван и ещё 5 оценили вашу запись «…»'. */
  text: z.string(),
  /** A quote under the text (the comment's words), may be empty. */
  quote: z.string(),
  url: z.string(),
  is_read: z.boolean(),
  /** ISO date of the latest change (a group's newest actor). */
  date: z.string(),
  actors: z.array(notificationActor),
  actors_count: z.number().int(),
  comment_id: z.number().int().nullable(),
});
export type NotificationItem = z.output<typeof notificationItem>;

/** Per type, per channel: on or off. */
export const notificationSettings = z.record(
  z.enum(NOTIFICATION_TYPES),
  z.record(z.enum(NOTIFICATION_CHANNELS), z.boolean()),
);

const settingsData = z.object({
  notifications: notificationSettings,
  /** The reader's account email and whether the daily digest goes to it. */
  email: z.string(),
  digest: z.boolean(),
  /** The digest was asked for this address, and its confirmation letter waits to be followed. */
  digest_pending: z.boolean(),
  /** How others' notifications speak of this person, as stated; null: read from the name (`guessed_gender`). */
  gender: z.enum(GENDERS).nullable(),
  guessed_gender: z.enum(GENDERS),
});
export type SettingsData = z.output<typeof settingsData>;

/** A cursor value: microseconds since the epoch, beyond 32 bits. */
const cursorValue = intField(messages.notificationIdInvalid, 1, Number.MAX_SAFE_INTEGER);

/** The reader's notifications, newest change first; the cursor is the previous page's `last_id` and `last_sorting_value`. */
export const list = contract({
  method: 'GET',
  path: '/notifications',
  access: 'user',
  query: plainBody({
    last_id: idField(messages.notificationIdInvalid).optional(),
    last_sorting_value: cursorValue.optional(),
    count: intField(messages.badRequest, 1, 50).optional(),
  }).refine((q) => (q.last_id === undefined) === (q.last_sorting_value === undefined), {
    message: messages.notificationIdInvalid,
    path: ['last_id'],
  }),
  response: sortedPage(notificationItem, z.number().int()).extend({ unread_count: z.number().int() }),
  errors: ['notification_id_invalid'],
});
export type NotificationsPage = ContractOutput<typeof list>;

export const count = contract({
  method: 'GET',
  path: '/notifications/count',
  access: 'user',
  response: z.object({ unread_count: z.number().int() }),
});

/** `commentId` (spec/content.md §7): the notifications about one comment; `id`: one notification; neither: all. */
export const markRead = contract({
  method: 'POST',
  path: '/notifications/mark-as-read',
  access: 'user',
  body: plainBody({
    commentId: idField(messages.commentIdInvalid).optional(),
    id: idField(messages.notificationIdInvalid).optional(),
  }).refine((b) => b.commentId === undefined || b.id === undefined, { message: messages.badRequest, path: ['id'] }),
  /** `marked`: how many changed. */
  response: z.object({ marked: z.number().int(), unread_count: z.number().int() }),
  errors: ['comment_id_invalid', 'notification_id_invalid', 'bad_request'],
});

export const settings = contract({
  method: 'GET',
  path: '/notifications/settings',
  access: 'user',
  response: settingsData,
  errors: ['notification_user_not_found'],
});

/** One type's channel on or off; the answer is every setting after it. */
export const saveSetting = contract({
  method: 'POST',
  path: '/notifications/settings',
  access: 'user',
  body: plainBody({
    type: z.enum(NOTIFICATION_TYPES, { error: messages.notificationTypeInvalid }),
    channel: z.enum(NOTIFICATION_CHANNELS, { error: messages.notificationChannelInvalid }),
    enabled: flagField(messages.notificationEnabledInvalid),
  }),
  response: settingsData,
  errors: [
    'notification_type_invalid',
    'notification_channel_invalid',
    'notification_enabled_invalid',
    'notification_user_not_found',
  ],
});

/** How notifications about the reader speak of them; `auto`: read from the name. */
export const saveGender = contract({
  method: 'POST',
  path: '/notifications/settings/gender',
  access: 'user',
  body: plainBody({ gender: z.enum([...GENDERS, 'auto'], { error: messages.genderInvalid }) }),
  response: settingsData,
  errors: ['gender_invalid', 'notification_user_not_found'],
});

/** A system message speaks for the site: staff only, and not while banned. */
export const sendSystem = contract({
  method: 'POST',
  path: '/admin/notifications/system',
  access: 'staff',
  body: plainBody({
    user_id: idField(messages.notificationUserNotFound),
    text: z
      .string({ error: messages.notificationTextRequired })
      .trim()
      .min(1, messages.notificationTextRequired)
      .max(SYSTEM_TEXT_MAX, messages.notificationTextTooLong(SYSTEM_TEXT_MAX)),
  }),
  /** The notification's id. */
  response: z.object({ id: z.number().int() }),
  errors: ['notification_user_not_found', 'notification_text_required', 'notification_text_too_long'],
});
