import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GENDERS } from '../../../shared/gender.ts';
import { messages } from '../../../shared/catalogue.ts';
import { flagField, idField, intField, plainBody, withoutControlChars } from '../../../shared/validation.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, digestEmailField } from '../../../shared/notifications.ts';
import { ApiError } from '../../lib/errors.ts';
import { READS, route } from '../../http/route.ts';
import { subscribe as pushSubscribe, unsubscribe as pushUnsubscribe, pushConfig } from '../push/service.ts';
import * as mail from './mail.ts';
import * as notifications from './service.ts';

/** A cursor value: microseconds since the epoch, beyond 32 bits. */
const cursorValue = intField(messages.notificationIdInvalid, 1, Number.MAX_SAFE_INTEGER);

const listQuery = plainBody({
  last_id: idField(messages.notificationIdInvalid).optional(),
  last_sorting_value: cursorValue.optional(),
  count: intField(messages.badRequest, 1, 50).optional(),
}).refine((q) => (q.last_id === undefined) === (q.last_sorting_value === undefined), {
  message: messages.notificationIdInvalid,
  path: ['last_id'],
});

/** `commentId` (spec/content.md §7): the notifications about one comment; `id`: one notification; neither: all. */
const markBody = plainBody({
  commentId: idField(messages.commentIdInvalid).optional(),
  id: idField(messages.notificationIdInvalid).optional(),
}).refine((b) => b.commentId === undefined || b.id === undefined, { message: messages.badRequest, path: ['id'] });

const genderBody = plainBody({ gender: z.enum([...GENDERS, 'auto'], { error: messages.genderInvalid }) });
const settingBody = plainBody({
  type: z.enum(NOTIFICATION_TYPES, { error: messages.notificationTypeInvalid }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: messages.notificationChannelInvalid }),
  enabled: flagField(messages.notificationEnabledInvalid),
});

const systemBody = plainBody({
  user_id: idField(messages.notificationUserNotFound),
  text: z
    .string({ error: messages.notificationTextRequired })
    .trim()
    .min(1, messages.notificationTextRequired)
    .max(notifications.SYSTEM_TEXT_MAX, messages.notificationTextTooLong(notifications.SYSTEM_TEXT_MAX)),
});

const optInBody = plainBody({ email: digestEmailField });

const tokenField = z
  .string({ error: messages.unsubscribeTokenInvalid })
  .regex(mail.EMAIL_TOKEN_RE, messages.unsubscribeTokenInvalid);
const unsubscribeBody = plainBody({ token: tokenField });
const confirmBody = plainBody({
  token: z.string({ error: messages.digestConfirmInvalid }).regex(mail.EMAIL_TOKEN_RE, messages.digestConfirmInvalid),
});

/** The browser's PushSubscription.toJSON(): `{endpoint, expirationTime, keys: {p256dh, auth}}`. */
const b64url = (min: number, max: number) =>
  z
    .string({ error: messages.pushEndpointInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, messages.pushEndpointInvalid)
    .min(min, messages.pushEndpointInvalid)
    .max(max, messages.pushEndpointInvalid);
const endpointField = withoutControlChars(z.string({ error: messages.pushEndpointInvalid }))
  .min(1, messages.pushEndpointInvalid)
  .max(2000, messages.pushEndpointInvalid);
const pushPutBody = plainBody({
  endpoint: endpointField,
  expirationTime: z
    .union([z.null(), z.number(), z.string().max(20)], { error: messages.pushEndpointInvalid })
    .optional(),
  // P-256 public key (65 bytes → 87 characters) and the 16-byte auth secret (22 characters).
  keys: z.strictObject({ p256dh: b64url(80, 100), auth: b64url(16, 32) }, { error: messages.pushEndpointInvalid }),
});
const pushDeleteBody = plainBody({ endpoint: endpointField });

const swFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw.js');

/** Notifications, their settings, mail opt-ins (issue 5). */
export const notificationsRoutes = [
  route.get('/notifications', {
    access: 'user',
    rateLimit: [120, 60],
    query: listQuery,
    handler: ({ ctx, user, query }) =>
      notifications.list(
        ctx,
        user.id,
        query.last_id !== undefined && query.last_sorting_value !== undefined
          ? { lastId: query.last_id, lastValue: query.last_sorting_value }
          : null,
        query.count,
      ),
  }),

  route.get('/notifications/count', {
    access: 'user',
    rateLimit: [120, 60],
    handler: async ({ ctx, user }) => ({ unread_count: await notifications.unreadCount(ctx, user.id) }),
  }),

  route.post('/notifications/mark-as-read', {
    access: 'user',
    rateLimit: [120, 60],
    body: markBody,
    message: messages.notificationsRead,
    handler: ({ ctx, user, body }) => notifications.markRead(ctx, user.id, body),
  }),

  route.get('/notifications/settings', {
    access: 'user',
    rateLimit: READS,
    handler: ({ ctx, user }) => notifications.settings(ctx, user.id),
  }),

  route.post('/notifications/settings', {
    access: 'user',
    rateLimit: [60, 60],
    body: settingBody,
    message: messages.notificationSettingsSaved,
    handler: ({ ctx, user, body }) => notifications.saveSetting(ctx, user.id, body.type, body.channel, body.enabled),
  }),

  route.post('/notifications/settings/gender', {
    access: 'user',
    rateLimit: [30, 60],
    body: genderBody,
    message: messages.notificationSettingsSaved,
    handler: ({ ctx, user, body }) =>
      notifications.saveGender(ctx, user.id, body.gender === 'auto' ? null : body.gender),
  }),

  // A system message speaks for the site: staff only, and not while banned.
  route.post('/admin/notifications/system', {
    access: 'staff',
    rateLimit: [60, 60],
    body: systemBody,
    message: messages.notificationSent,
    handler: ({ ctx, body }) => notifications.sendSystem(ctx, body.user_id, body.text),
  }),

  // Push config (spec/content.md §3): the VAPID public key; Apple's web push id is gone with Safari's old protocol.
  route.get('/push/config', {
    access: 'anyone',
    rateLimit: READS,
    handler: ({ ctx }) => pushConfig(ctx),
  }),

  route.post('/email/subscribe/opt_in', {
    access: 'anyone',
    rateLimit: [5, 3600],
    body: optInBody,
    message: (result: { email: string }) => messages.digestConfirmSent(result.email),
    handler: ({ ctx, body }) => mail.optIn(ctx, body.email),
  }),

  route.post('/email/unsubscribe', {
    access: 'anyone',
    rateLimit: [30, 60],
    body: unsubscribeBody,
    message: messages.unsubscribeDone,
    handler: ({ ctx, body }) => mail.unsubscribe(ctx, body.token),
  }),

  route.post('/email/confirm', {
    access: 'anyone',
    rateLimit: [30, 60],
    body: confirmBody,
    message: messages.digestConfirmed,
    handler: ({ ctx, body }) => mail.confirm(ctx, body.token),
  }),
];

/** Whatever a caller outside our client sends along (a browser's query string, a mail provider's form body). */
const anything = z.unknown();
const anyQuery = z.record(z.string(), z.unknown());

const pushPut = route.put('/api/endpoint/put/', {
  access: 'user',
  rateLimit: [30, 60],
  body: pushPutBody,
  message: messages.pushSubscribed,
  handler: ({ ctx, user, body, req }) =>
    pushSubscribe(ctx, user.id, { endpoint: body.endpoint, ...body.keys }, String(req.headers['user-agent'] ?? '')),
});
const pushDelete = route.post('/api/endpoint/delete/', {
  access: 'user',
  rateLimit: [30, 60],
  body: pushDeleteBody,
  message: messages.pushUnsubscribed,
  handler: ({ ctx, user, body }) => pushUnsubscribe(ctx, user.id, body.endpoint),
});

/** Web push endpoints (`/api/endpoint/put/` …): spec paths outside /v3.0, each by PUT or POST, DELETE or POST. */
export const pushEndpointRoutes = [
  pushPut,
  { ...pushPut, method: 'POST' as const },
  pushDelete,
  { ...pushDelete, method: 'DELETE' as const },
];

// Safari's pushPackage protocol (Safari 6–15) is retired by Apple; Safari 16+ subscribes through standard web push
// above. Old registrations are told it is gone, so such a browser stops retrying.
const safariGone = route.post('/v1/devices/:token/registrations/:id', {
  access: 'anyone',
  rateLimit: [30, 60],
  params: z.object({ token: z.string(), id: z.string() }),
  query: anyQuery,
  body: anything,
  handler: () => {
    throw new ApiError(410, messages.safariPushGone);
  },
});

const sw = fs.readFileSync(swFile, 'utf8');

/** Routes outside the API prefix: Safari's registrations, the service worker, one-click unsubscribe links. */
export const notificationsRootRoutes = [
  safariGone,
  { ...safariGone, method: 'DELETE' as const },

  // The service worker must come from the site's root to control every page.
  route.get('/sw.js', {
    access: 'anyone',
    // No limit: a static file the browser fetches on its own.
    rateLimit: 'none',
    query: anyQuery,
    raw: true,
    handler: ({ reply }) => {
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('service-worker-allowed', '/');
      return sw;
    },
  }),

  // One-click unsubscribe (RFC 8058): mail providers POST here without cookies or our CSRF marker; the token is the
  // key, and the body they send (`List-Unsubscribe=One-Click`) is not ours to check.
  route.post('/email/unsubscribe/:token', {
    access: 'anyone',
    rateLimit: [30, 60],
    params: z.object({ token: tokenField }),
    query: anyQuery,
    body: anything,
    message: messages.unsubscribeDone,
    handler: ({ ctx, params }) => mail.unsubscribe(ctx, params.token),
  }),
];
