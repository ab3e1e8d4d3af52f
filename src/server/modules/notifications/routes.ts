import { GENDERS } from '../../../shared/gender.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { plainBody } from '../../../shared/validation.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, digestEmailField } from '../../../shared/notifications.ts';
import { ApiError, parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { requireUser } from '../auth/index.ts';
import { subscribe as pushSubscribe, unsubscribe as pushUnsubscribe, vapidKeys } from '../push/service.ts';
import * as mail from './mail.ts';
import { requireSystemSender } from './policy.ts';
import * as notifications from './service.ts';

/** A form sends "12", JSON sends 12; both mean 12. Booleans, fractions, '' and the like stay as they are and fail. */
const intLike = (v: unknown) => (typeof v === 'string' && /^\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v);
const positiveInt = (rm: string, max = 2 ** 53 - 1) =>
  z.preprocess(intLike, z.number({ error: rm }).int(rm).positive(rm).max(max, rm));
/** '1'/'0', 'true'/'false' from a form, booleans or 1/0 from JSON. */
const flag = (rm: string) => z.preprocess(
  (v) => (v === '1' || v === 'true' || v === 1 ? true : v === '0' || v === 'false' || v === 0 ? false : v),
  z.boolean({ error: rm }),
);

const listQuery = plainBody({
  last_id: positiveInt(messages.notificationIdInvalid).optional(),
  last_sorting_value: positiveInt(messages.notificationIdInvalid).optional(),
  count: z.preprocess(intLike, z.number({ error: messages.badRequest }).int(messages.badRequest).min(1, messages.badRequest).max(50, messages.badRequest)).optional(),
}).refine((q) => (q.last_id === undefined) === (q.last_sorting_value === undefined), { message: messages.notificationIdInvalid, path: ['last_id'] });

/** `commentId` (spec/content.md §7): the notifications about one comment; `id`: one notification; neither: all. */
const markBody = plainBody({
  commentId: positiveInt(messages.commentIdInvalid, 2 ** 31 - 1).optional(),
  id: positiveInt(messages.notificationIdInvalid).optional(),
}).refine((b) => b.commentId === undefined || b.id === undefined, { message: messages.badRequest, path: ['id'] });

const genderBody = plainBody({ gender: z.enum([...GENDERS, 'auto'], { error: messages.genderInvalid }) });
const settingBody = plainBody({
  type: z.enum(NOTIFICATION_TYPES, { error: messages.notificationTypeInvalid }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: messages.notificationChannelInvalid }),
  enabled: flag(messages.notificationEnabledInvalid),
});

const systemBody = plainBody({
  user_id: positiveInt(messages.notificationUserNotFound, 2 ** 31 - 1),
  text: z.string({ error: messages.notificationTextRequired }).trim()
    .min(1, messages.notificationTextRequired).max(notifications.SYSTEM_TEXT_MAX, messages.notificationTextTooLong(notifications.SYSTEM_TEXT_MAX)),
});

const optInBody = plainBody({ email: digestEmailField });

const tokenField = z.string({ error: messages.unsubscribeTokenInvalid }).regex(mail.EMAIL_TOKEN_RE, messages.unsubscribeTokenInvalid);
const unsubscribeBody = plainBody({ token: tokenField });
const confirmBody = plainBody({ token: z.string({ error: messages.digestConfirmInvalid }).regex(mail.EMAIL_TOKEN_RE, messages.digestConfirmInvalid) });

/** The browser's PushSubscription.toJSON(): `{endpoint, expirationTime, keys: {p256dh, auth}}`. */
const b64url = (min: number, max: number) => z.string({ error: messages.pushEndpointInvalid }).regex(/^[A-Za-z0-9_-]+={0,2}$/, messages.pushEndpointInvalid).min(min, messages.pushEndpointInvalid).max(max, messages.pushEndpointInvalid);
const endpointField = z.string({ error: messages.pushEndpointInvalid }).min(1, messages.pushEndpointInvalid).max(2000, messages.pushEndpointInvalid);
const pushPutBody = plainBody({
  endpoint: endpointField,
  expirationTime: z.union([z.null(), z.number(), z.string().max(20)], { error: messages.pushEndpointInvalid }).optional(),
  // P-256 public key (65 bytes → 87 characters) and the 16-byte auth secret (22 characters).
  keys: z.strictObject({ p256dh: b64url(80, 100), auth: b64url(16, 32) }, { error: messages.pushEndpointInvalid }),
});
const pushDeleteBody = plainBody({ endpoint: endpointField });

const swFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sw.js');

/** Notifications, their settings, mail opt-ins and web push endpoints (issue 5). */
export async function notificationsRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  app.get('/notifications', { config: limit(app, 120, 60) }, async (req) => {
    const user = requireUser(req.user);
    const query = parse(listQuery, req.query);
    const cursor = query.last_id !== undefined ? { lastId: query.last_id, lastValue: query.last_sorting_value! } : null;
    return ok(await notifications.list(ctx, user.id, cursor, query.count));
  });

  app.get('/notifications/count', { config: limit(app, 120, 60) }, async (req) => {
    const user = requireUser(req.user);
    parse(plainBody({}), req.query);
    return ok({ unread_count: await notifications.unreadCount(ctx, user.id) });
  });

  app.post('/notifications/mark-as-read', { config: limit(app, 120, 60) }, async (req) => {
    const user = requireUser(req.user);
    const body = parse(markBody, req.body);
    return ok(await notifications.markRead(ctx, user.id, body), messages.notificationsRead);
  });

  app.get('/notifications/settings', async (req) => {
    const user = requireUser(req.user);
    parse(plainBody({}), req.query);
    return ok(await notifications.settings(ctx, user.id));
  });

  app.post('/notifications/settings', { config: limit(app, 60, 60) }, async (req) => {
    const user = requireUser(req.user);
    const body = parse(settingBody, req.body);
    return ok(await notifications.saveSetting(ctx, user.id, body.type, body.channel, body.enabled), messages.notificationSettingsSaved);
  });

  app.post('/notifications/settings/gender', { config: limit(app, 30, 60) }, async (req) => {
    const user = requireUser(req.user);
    const { gender } = parse(genderBody, req.body);
    return ok(await notifications.saveGender(ctx, user.id, gender === 'auto' ? null : gender), messages.notificationSettingsSaved);
  });

  app.post('/admin/notifications/system', { config: limit(app, 60, 60) }, async (req) => {
    requireSystemSender(req.user, ctx.now());
    const body = parse(systemBody, req.body);
    return ok(await notifications.sendSystem(ctx, body.user_id, body.text), messages.notificationSent);
  });

  // Push config (spec/content.md §3): the VAPID public key; Apple's web push id is gone with Safari's old protocol.
  app.get('/push/config', async (req) => {
    parse(plainBody({}), req.query);
    const keys = await vapidKeys(ctx);
    return ok({ public_key: keys.publicKey, push_domain: new URL(ctx.config.publicUrl).host, apple_web_push_id: null });
  });

  app.post('/email/subscribe/opt_in', { config: limit(app, 5, 3600) }, async (req) => {
    const { email } = parse(optInBody, req.body);
    const result = await mail.optIn(ctx, email);
    return ok(result, messages.digestConfirmSent(result.email));
  });

  app.post('/email/unsubscribe', { config: limit(app, 30, 60) }, async (req) => {
    const { token } = parse(unsubscribeBody, req.body);
    return ok(await mail.unsubscribe(ctx, token), messages.unsubscribeDone);
  });

  app.post('/email/confirm', { config: limit(app, 30, 60) }, async (req) => {
    const { token } = parse(confirmBody, req.body);
    return ok(await mail.confirm(ctx, token), messages.digestConfirmed);
  });
}

/** The push routes sit outside /v3.0 (spec paths) but need the same CSRF marker as the API. */
async function requireCsrf(req: FastifyRequest) {
  if (req.headers['x-this-is-csrf'] === undefined) throw new ApiError(403, messages.csrf);
}

/** Routes outside the API prefix: push endpoints (`/api/endpoint/put/` …), Safari's registrations, unsubscribe links. */
export async function notificationsRootRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const guarded = { onRequest: requireCsrf, config: limit(app, 30, 60) };

  const put = async (req: FastifyRequest) => {
    const user = requireUser(req.user);
    const body = parse(pushPutBody, req.body);
    return ok(await pushSubscribe(ctx, user.id, { endpoint: body.endpoint, ...body.keys }, String(req.headers['user-agent'] ?? '')), messages.pushSubscribed);
  };
  const remove = async (req: FastifyRequest) => {
    const user = requireUser(req.user);
    const body = parse(pushDeleteBody, req.body);
    return ok(await pushUnsubscribe(ctx, user.id, body.endpoint), messages.pushUnsubscribed);
  };
  app.put('/api/endpoint/put/', guarded, put);
  app.post('/api/endpoint/put/', guarded, put);
  app.post('/api/endpoint/delete/', guarded, remove);
  app.delete('/api/endpoint/delete/', guarded, remove);

  // Safari's pushPackage protocol (Safari 6–15) is retired by Apple; Safari 16+ subscribes through standard web push
  // above. Old registrations are told it is gone, so such a browser stops retrying.
  const gone = async () => {
    throw new ApiError(410, messages.safariPushGone);
  };
  app.post('/v1/devices/:token/registrations/:id', { config: limit(app, 30, 60) }, gone);
  app.delete('/v1/devices/:token/registrations/:id', { config: limit(app, 30, 60) }, gone);

  // The service worker must come from the site's root to control every page.
  const sw = fs.readFileSync(swFile, 'utf8');
  app.get('/sw.js', async (_req, reply) => {
    reply.header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/');
    return sw;
  });

  // One-click unsubscribe (RFC 8058): mail providers POST here without cookies or our CSRF marker; the token is the key.
  app.post('/email/unsubscribe/:token', { config: limit(app, 30, 60) }, async (req) => {
    const token = parse(tokenField, (req.params as { token: string }).token);
    return ok(await mail.unsubscribe(ctx, token), messages.unsubscribeDone);
  });
}
