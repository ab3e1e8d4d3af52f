import type { Ctx } from '../context.ts';
import { WindowCounter } from './windows.ts';

/**
 * Failed attempts per key in fixed windows of `windowMs` on the app's clock (sign-in failures per account):
 * counted in Redis, shared by every node, or in this process while Redis is absent or down (lib/windows.ts). Only
 * failures count; a success clears the key.
 */
export interface Attempts {
  failures(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

const counters = new WeakMap<Ctx, WindowCounter>();

export function attempts(ctx: Ctx, name: string, windowMs: number): Attempts {
  let counter = counters.get(ctx.root);
  if (!counter) {
    counter = new WindowCounter(ctx.redis ?? null, `sreda:${ctx.config.redisNamespace}attempts:`);
    counters.set(ctx.root, counter);
  }
  const c = counter;
  // The window's number on the app's clock is in the key: a new window starts from zero whatever the TTL says.
  const slotKey = (key: string) => `${name}:${Math.floor(ctx.now().getTime() / windowMs)}:${key}`;
  return {
    failures: (key) => c.get(slotKey(key)),
    fail: async (key) => void (await c.incr(slotKey(key), windowMs)),
    clear: (key) => c.delete(slotKey(key)),
  };
}
