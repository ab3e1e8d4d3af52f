import type { Redis } from 'ioredis';
import { redisUp } from './redis.ts';

/**
 * Counts per key in windows that open with the first count and close `windowMs` later: in Redis, shared by every
 * node, and in this process alone while Redis is down or absent. An outage thus loosens a limit at most to its value
 * per node, never lifts it, and never fails a request. The rate limiter and the sign-in attempts count with it.
 */
export interface WindowCount {
  current: number;
  /** Milliseconds until the window closes. */
  ttl: number;
}

/** One count per key and window: the first count opens the window, it expires `windowMs` later. */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type Counting = Redis & { sredaCount(key: string, ms: number): Promise<[number, number]> };

/** Windows of this process, for when Redis is not there; expired ones are swept as the map grows. */
class LocalWindows {
  #windows = new Map<string, { count: number; resetAt: number }>();
  static readonly MAX = 20_000;

  incr(key: string, windowMs: number): WindowCount {
    const now = Date.now();
    let w = this.#open(key, now);
    if (!w) {
      if (this.#windows.size >= LocalWindows.MAX) this.#sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, w);
    }
    w.count += 1;
    return { current: w.count, ttl: w.resetAt - now };
  }

  get(key: string) {
    return this.#open(key, Date.now())?.count ?? 0;
  }

  delete(key: string) {
    this.#windows.delete(key);
  }

  #open(key: string, now: number) {
    const w = this.#windows.get(key);
    return w && w.resetAt > now ? w : undefined;
  }

  #sweep(now: number) {
    for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k);
    // Still full: the oldest windows go (a flood of distinct keys must not grow memory without end).
    for (const k of this.#windows.keys()) {
      if (this.#windows.size < LocalWindows.MAX) break;
      this.#windows.delete(k);
    }
  }
}

export class WindowCounter {
  #local = new LocalWindows();
  #redis: Redis | null;
  #prefix: string;
  #onRedisError: (err: Error) => void;

  constructor(redis: Redis | null, prefix: string, onRedisError: (err: Error) => void = () => {}) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#onRedisError = onRedisError;
    if (redis && !('sredaCount' in redis)) redis.defineCommand('sredaCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  }

  /** The same Redis and local windows under a longer prefix (one per rate-limited route). */
  child(prefix: string): WindowCounter {
    const child = new WindowCounter(this.#redis, this.#prefix + prefix, this.#onRedisError);
    child.#local = this.#local;
    return child;
  }

  async incr(key: string, windowMs: number): Promise<WindowCount> {
    const redis = this.#redis;
    if (redisUp(redis)) {
      try {
        const [current, ttl] = await (redis as Counting).sredaCount(this.#prefix + key, windowMs);
        return { current, ttl };
      } catch (err) {
        this.#onRedisError(err as Error);
      }
    }
    return this.#local.incr(this.#prefix + key, windowMs);
  }

  /** The count of the open window; what either place holds, the larger (a count made during an outage stays). */
  async get(key: string): Promise<number> {
    const here = this.#local.get(this.#prefix + key);
    const redis = this.#redis;
    if (!redisUp(redis)) return here;
    const stored = await redis.get(this.#prefix + key).catch(() => null);
    return Math.max(here, Number(stored ?? 0));
  }

  async delete(key: string): Promise<void> {
    this.#local.delete(this.#prefix + key);
    if (redisUp(this.#redis)) await this.#redis.del(this.#prefix + key).catch(() => {});
  }
}
