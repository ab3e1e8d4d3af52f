import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/catalogue.ts';
import { applyNotification, CP_CODE, readNotification, type NotificationType } from './notifications.ts';
import { notificationSigned } from './provider.ts';
import { ApiError, errorBody } from '../../lib/errors.ts';

const NOTIFICATIONS: NotificationType[] = ['check', 'pay', 'fail', 'refund'];

/**
 * CloudPayments' notifications (check, pay, fail, refund) at `/payments/cloudpayments/{type}`: the raw body is kept
 * for the HMAC check, so they live in a plugin with its own body parser. Each is checked against the stored order
 * (notifications.ts) and answered `{code}`: 0 when taken, CloudPayments' refusal codes otherwise.
 */
export function cloudPaymentsEndpoint(app: FastifyInstance) {
  app.register(async (sub) => {
    sub.removeAllContentTypeParsers();
    sub.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    sub.post<{ Params: { type: string }; Body: string }>('/payments/cloudpayments/:type', async (req, reply) => {
      const cp = app.ctx.config.cloudpayments;
      const type = req.params.type;
      if (!cp || !NOTIFICATIONS.includes(type as NotificationType))
        return reply.code(404).send(errorBody(new ApiError(404, messages.methodNotFound)));
      const header = req.headers['content-hmac'] ?? req.headers['x-content-hmac'];
      const raw = typeof req.body === 'string' ? req.body : '';
      if (!notificationSigned(cp.apiSecret, raw, typeof header === 'string' ? header : undefined))
        return reply.code(403).send({ code: CP_CODE.refused, rm: messages.paymentNotificationSignature });
      const n = readNotification(type as NotificationType, new URLSearchParams(raw));
      return { code: await applyNotification(app.ctx, n) };
    });
  });
}
