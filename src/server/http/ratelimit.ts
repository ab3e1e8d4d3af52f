import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { messages } from '../../shared/catalogue.ts';
import { ApiError } from './errors.ts';

/**
 * Rate limits are declared on each route (`limit(...)`); with Redis the counters are shared by every node.
 * The key is the signed-in user, or the client address for anonymous visitors.
 */
export async function registerRateLimits(app: FastifyInstance, opts: { redis: Redis | null; namespace: string }) {
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis } : {}),
    nameSpace: `${opts.namespace}rl:`,
    skipOnError: true,
    keyGenerator: (req: FastifyRequest) => (req.user ? `u${req.user.id}` : `ip${req.ip}`),
    errorResponseBuilder: () => new ApiError(429, messages.tooManyActions),
  });
}

/** Route config for a limit of `max` actions per `seconds`, scaled by RATE_LIMIT_SCALE. */
export function limit(app: FastifyInstance, max: number, seconds: number) {
  return { rateLimit: { max: Math.max(1, Math.round(max * app.ctx.config.rateLimitScale)), timeWindow: seconds * 1000 } };
}
