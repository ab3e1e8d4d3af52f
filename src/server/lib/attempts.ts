import type { Ctx } from '../context.ts';
import { redisUp } from './redis.ts';

/**
 * Failed attempts per key in fixed windows of `windowMs` on the app's clock (sign-in failures per account):
 * counted in Redis, shared by every node, or in this process while Redis is absent or down. Only failures count;
 * a success clears the key.
 */
export interface Attempts {
  failures(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

const local = new WeakMap<Ctx, Map<string, number>>();
const LOCAL_MAX = 20_000;

export function attempts(ctx: Ctx, name: string, windowMs: number): Attempts {
  const map = local.get(ctx.root) ?? new Map<string, number>();
  local.set(ctx.root, map);
  const slotKey = (key: string) => `${name}:${Math.floor(ctx.now().getTime() / windowMs)}:${key}`;
  const redisKey = (key: string) => `sreda:${ctx.config.redisNamespace}attempts:${slotKey(key)}`;
  const redis = () => (redisUp(ctx.redis) ? ctx.redis : null);
  return {
    async failures(key) {
      const here = map.get(slotKey(key)) ?? 0;
      const shared = redis();
      if (!shared) return here;
      return Math.max(here, Number((await shared.get(redisKey(key)).catch(() => null)) ?? 0));
    },
    async fail(key) {
      const shared = redis();
      if (shared) {
        const stored = await shared
          .multi()
          .incr(redisKey(key))
          .pexpire(redisKey(key), windowMs)
          .exec()
          .catch(() => null);
        if (stored) return;
      }
      // No Redis (or it just failed): this process keeps the count; old windows go when the map fills up.
      if (map.size >= LOCAL_MAX) map.clear();
      map.set(slotKey(key), (map.get(slotKey(key)) ?? 0) + 1);
    },
    async clear(key) {
      map.delete(slotKey(key));
      await redis()
        ?.del(redisKey(key))
        .catch(() => {});
    },
  };
}
