import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { messages } from '../../shared/catalogue.ts';
import { ApiError } from '../lib/errors.ts';
import { WindowCounter, type WindowCount } from '../lib/windows.ts';

/**
 * Rate limits are declared on each route (`limit(...)`); with Redis the counters are shared by every node.
 * The key is the signed-in user, or the client address for anonymous visitors.
 */
export async function registerRateLimits(app: FastifyInstance, opts: { redis: Redis | null; namespace: string }) {
  const log = app.log;
  const { redis, namespace } = opts;
  await app.register(rateLimit, {
    global: false,
    // The plugin builds the store itself (`new Store(options)`), then one child per route.
    store: class extends SharedStore {
      constructor() {
        super(redis, `${namespace}rl:`, (obj, msg) => log.warn(obj, msg));
      }
    } as unknown as FastifyRateLimitStoreCtor,
    keyGenerator: (req: FastifyRequest) => (req.user ? `u${req.user.id}` : `ip${req.ip}`),
    errorResponseBuilder: () => new ApiError(429, messages.tooManyActions),
  });
}

/** Route config for a limit of `max` actions per `seconds`, scaled by RATE_LIMIT_SCALE. */
export function limit(app: FastifyInstance, max: number, seconds: number) {
  return {
    rateLimit: { max: Math.max(1, Math.round(max * app.ctx.config.rateLimitScale)), timeWindow: seconds * 1000 },
  };
}

type Answer = (err: Error | null, result: WindowCount) => void;

/**
 * A store for @fastify/rate-limit (its custom store API: `incr(key, cb, timeWindow, max)` and `child(routeOptions)`)
 * over the shared window counter (lib/windows.ts): Redis for every node, this process while Redis is down.
 */
export class SharedStore {
  private counter: WindowCounter;

  constructor(redis: Redis | null, prefix: string, warn: (obj: object, msg: string) => void, counter?: WindowCounter) {
    let warned = false;
    this.counter =
      counter ??
      new WindowCounter(redis, prefix, (err) => {
        if (!warned) warn({ err: { message: err.message } }, 'rate limit counted in this process: Redis failed');
        warned = true;
      });
  }

  incr(key: string, cb: Answer, timeWindow: number) {
    void this.counter.incr(key, timeWindow).then((count) => cb(null, count));
  }

  child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
    const info = routeOptions.routeInfo ?? {};
    return new SharedStore(null, '', () => {}, this.counter.child(`${info.method ?? ''}${info.url ?? ''}-`));
  }
}
