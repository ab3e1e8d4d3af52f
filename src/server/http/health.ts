import { messages } from '../../shared/catalogue.ts';
import type { Ctx } from '../context.ts';
import { ping } from '../db/index.ts';
import type { ReplicaState } from '../db/replicas.ts';
import { ApiError } from '../lib/errors.ts';
import { redisUp } from '../lib/redis.ts';
import * as contracts from '../../shared/api/health.ts';
import { route } from './route.ts';

/** How long a readiness check waits for the database or Redis before calling it down. */
const CHECK_TIMEOUT_MS = 2000;

export type Readiness = {
  database: 'ok' | 'down';
  redis: 'ok' | 'down' | 'off';
  replicas: ReplicaState[];
};

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS))),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The database, Redis and the read replicas as this process reaches them now. */
export async function readiness(ctx: Ctx): Promise<Readiness> {
  const redis = ctx.redis;
  const [database, cache] = await Promise.all([
    answers(() => ping(ctx.db)),
    redis ? (redisUp(redis) ? answers(() => redis.ping()) : Promise.resolve(false)) : Promise.resolve(null),
  ]);
  return {
    database: database ? 'ok' : 'down',
    redis: cache === null ? 'off' : cache ? 'ok' : 'down',
    replicas: ctx.replicas?.states() ?? [],
  };
}

/**
 * `/health` is liveness: the process answers (and reaches its database). `/health/ready` is readiness for load
 * balancers: 503 only when the database is down, since without Redis the site still works on this process alone.
 */
export const healthRoutes = [
  route.implement(contracts.health, {
    // No limit: probes of the balancer and the process manager.
    rateLimit: 'none',
    handler: async ({ ctx }) => {
      await ping(ctx.db);
      return { status: 'ok' as const };
    },
  }),

  route.implement(contracts.ready, {
    // No limit: probes of the balancer and the process manager.
    rateLimit: 'none',
    handler: async ({ ctx, reply }) => {
      reply.header('cache-control', 'no-store');
      const state = await readiness(ctx);
      if (state.database === 'down') throw new ApiError(503, messages.databaseUnavailable, state);
      return state;
    },
  }),
];
