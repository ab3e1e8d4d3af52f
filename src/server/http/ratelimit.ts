import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { messages } from '../../shared/catalogue.ts';
import { ApiError } from '../lib/errors.ts';
import { redisUp } from '../lib/redis.ts';

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

type Answer = (err: Error | null, result: { current: number; ttl: number }) => void;

/** One count per key and window: the first action opens the window, it expires `timeWindow` ms later. */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Windows of this process, for when Redis is not there; expired ones are swept as the map grows. */
class LocalWindows {
  private windows = new Map<string, { count: number; resetAt: number }>();
  private static MAX = 20_000;

  incr(key: string, timeWindow: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size >= LocalWindows.MAX) this.sweep(now);
      w = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { current: w.count, ttl: w.resetAt - now };
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    // Still full: the oldest windows go (a flood of distinct keys must not grow memory without end).
    for (const k of this.windows.keys()) {
      if (this.windows.size < LocalWindows.MAX) break;
      this.windows.delete(k);
    }
  }
}

/**
 * A store for @fastify/rate-limit (its custom store API: `incr(key, cb, timeWindow, max)` and `child(routeOptions)`):
 * counts in Redis, shared by every node, and in this process alone while Redis is down or absent. An outage
 * thus loosens a limit at most to its value per node, never lifts it, and never fails a request.
 */
export class SharedStore {
  private local = new LocalWindows();
  private warned = false;
  private redis: Redis | null;
  private prefix: string;
  private warn: (obj: object, msg: string) => void;

  constructor(redis: Redis | null, prefix: string, warn: (obj: object, msg: string) => void) {
    this.redis = redis;
    this.prefix = prefix;
    this.warn = warn;
    if (redis && !('sredaRateLimit' in redis))
      redis.defineCommand('sredaRateLimit', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  }

  incr(key: string, cb: Answer, timeWindow: number) {
    const redis = this.redis;
    if (!redisUp(redis)) {
      cb(null, this.local.incr(key, timeWindow));
      return;
    }
    const count = (redis as unknown as { sredaRateLimit(key: string, ms: number): Promise<[number, number]> })
      .sredaRateLimit;
    count.call(redis, this.prefix + key, timeWindow).then(
      ([current, ttl]) => {
        this.warned = false;
        cb(null, { current, ttl });
      },
      (err: Error) => {
        if (!this.warned)
          this.warn({ err: { message: err.message } }, 'rate limit counted in this process: Redis failed');
        this.warned = true;
        cb(null, this.local.incr(key, timeWindow));
      },
    );
  }

  child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
    const info = routeOptions.routeInfo ?? {};
    return new SharedStore(this.redis, `${this.prefix}${info.method ?? ''}${info.url ?? ''}-`, this.warn);
  }
}
