import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/notifications.ts';
import * as mailContracts from '../../../shared/api/notifications-mail.ts';
import { ApiError } from '../../lib/errors.ts';
import { READS, route } from '../../http/route.ts';
import { subscribe as pushSubscribe, unsubscribe as pushUnsubscribe, pushConfig } from '../push/service.ts';
import * as mail from './mail.ts';
import * as notifications from './service.ts';

const swFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw.js');

/** Notifications, their settings, mail opt-ins (issue 5). */
export const notificationsRoutes = [
  route.implement(contracts.list, {
    rateLimit: [120, 60],
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

  route.implement(contracts.count, {
    rateLimit: [120, 60],
    handler: async ({ ctx, user }) => ({ unread_count: await notifications.unreadCount(ctx, user.id) }),
  }),

  route.implement(contracts.markRead, {
    rateLimit: [120, 60],
    message: messages.notificationsRead,
    handler: ({ ctx, user, body }) => notifications.markRead(ctx, user.id, body),
  }),

  route.implement(contracts.settings, {
    rateLimit: READS,
    handler: ({ ctx, user }) => notifications.settings(ctx, user.id),
  }),

  route.implement(contracts.saveSetting, {
    rateLimit: [60, 60],
    message: messages.notificationSettingsSaved,
    handler: ({ ctx, user, body }) => notifications.saveSetting(ctx, user.id, body.type, body.channel, body.enabled),
  }),

  route.implement(contracts.saveGender, {
    rateLimit: [30, 60],
    message: messages.notificationSettingsSaved,
    handler: ({ ctx, user, body }) =>
      notifications.saveGender(ctx, user.id, body.gender === 'auto' ? null : body.gender),
  }),

  route.implement(contracts.sendSystem, {
    rateLimit: [60, 60],
    message: messages.notificationSent,
    handler: ({ ctx, body }) => notifications.sendSystem(ctx, body.user_id, body.text),
  }),

  route.implement(mailContracts.pushConfig, {
    rateLimit: READS,
    handler: ({ ctx }) => pushConfig(ctx),
  }),

  route.implement(mailContracts.optIn, {
    rateLimit: [5, 3600],
    message: (result) => messages.digestConfirmSent(result.email),
    handler: ({ ctx, body }) => mail.optIn(ctx, body.email),
  }),

  route.implement(mailContracts.unsubscribe, {
    rateLimit: [30, 60],
    message: messages.unsubscribeDone,
    handler: ({ ctx, body }) => mail.unsubscribe(ctx, body.token),
  }),

  route.implement(mailContracts.confirm, {
    rateLimit: [30, 60],
    message: messages.digestConfirmed,
    handler: ({ ctx, body }) => mail.confirm(ctx, body.token),
  }),
];

const pushPut = (c: typeof mailContracts.pushPut | typeof mailContracts.pushPutByPost) =>
  route.implement(c, {
    rateLimit: [30, 60],
    message: messages.pushSubscribed,
    handler: ({ ctx, user, body, req }) =>
      pushSubscribe(ctx, user.id, { endpoint: body.endpoint, ...body.keys }, String(req.headers['user-agent'] ?? '')),
  });
const pushDelete = (c: typeof mailContracts.pushDelete | typeof mailContracts.pushDeleteByDelete) =>
  route.implement(c, {
    rateLimit: [30, 60],
    message: messages.pushUnsubscribed,
    handler: ({ ctx, user, body }) => pushUnsubscribe(ctx, user.id, body.endpoint),
  });

/** Web push endpoints (`/api/endpoint/put/` …): spec paths outside /v3.0, each by PUT or POST, DELETE or POST. */
export const pushEndpointRoutes = [
  pushPut(mailContracts.pushPut),
  pushPut(mailContracts.pushPutByPost),
  pushDelete(mailContracts.pushDelete),
  pushDelete(mailContracts.pushDeleteByDelete),
];

// Safari's pushPackage protocol (Safari 6–15) is retired by Apple; Safari 16+ subscribes through standard web push
// above. Old registrations are told it is gone, so such a browser stops retrying.
const safariGone = (c: typeof mailContracts.safariGone | typeof mailContracts.safariGoneByDelete) =>
  route.implement(c, {
    rateLimit: [30, 60],
    handler: () => {
      throw new ApiError(410, messages.safariPushGone);
    },
  });

const sw = fs.readFileSync(swFile, 'utf8');

/** Routes outside the API prefix: Safari's registrations, the service worker, one-click unsubscribe links. */
export const notificationsRootRoutes = [
  safariGone(mailContracts.safariGone),
  safariGone(mailContracts.safariGoneByDelete),

  route.implement(mailContracts.serviceWorker, {
    // No limit: a static file the browser fetches on its own.
    rateLimit: 'none',
    handler: ({ reply }) => {
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('service-worker-allowed', '/')
        // The worker's own policy: its part from this origin (importScripts), its fetches to this origin only.
        .header('content-security-policy', "default-src 'none'; script-src 'self'; connect-src 'self'");
      return sw;
    },
  }),

  route.implement(mailContracts.unsubscribeOneClick, {
    rateLimit: [30, 60],
    message: messages.unsubscribeDone,
    handler: ({ ctx, params }) => mail.unsubscribe(ctx, params.token),
  }),
];
