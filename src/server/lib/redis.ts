import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis is a helper, never a dependency of the site: when it is down, rate limits, counters and socket fan-out fall
 * back to this process, and ioredis reconnects by itself (every 50 ms … 2 s) until it returns. What makes that work:
 *
 * - an `error` listener on every client and duplicate (without one ioredis prints each failed reconnect, and the
 *   socket adapter warns of a 'missing error handler');
 * - commands fail at once while the connection is down (no offline queue; a command in flight when the link breaks
 *   fails at the first reconnect attempt, not after 20) instead of piling up behind a dead link, and callers
 *   check `redisUp()` first so a request pays nothing for an outage;
 * - a command that may hang on a stalled server gives up after `COMMAND_TIMEOUT_MS`.
 *
 * The outage and the return are logged once each, not per failed reconnect.
 */
const COMMAND_TIMEOUT_MS = 1500;
const CONNECT_TIMEOUT_MS = 2000;

const OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), 2000) + Math.floor(Math.random() * 100),
};

/** Is the connection up now? (Callers fall back to this process when it is not.) */
export const redisUp = (redis: Redis | null | undefined): redis is Redis => redis?.status === 'ready';

/** Logs a client's outage once when it starts and once when the client is ready again. */
function watch(redis: Redis, log: FastifyBaseLogger, name: string) {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: { message: err.message }, client: name },
      'Redis unreachable: working on this process alone until it returns',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ client: name }, 'Redis reachable again');
  });
  // A connection lost without an error event (the server closed it) counts as an outage too.
  redis.on('close', () => {
    if (!down && !(redis as unknown as { manuallyClosing?: boolean }).manuallyClosing && redis.status !== 'end') {
      down = true;
      log.warn({ client: name }, 'Redis connection closed: working on this process alone until it returns');
    }
  });
}

/**
 * The app's Redis client. A Redis that does not answer at start does not stop the start: the site starts
 * degraded (a warning in the log) and the client keeps reconnecting in the background.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, OPTIONS);
  watch(redis, log, 'main');
  try {
    await redis.connect();
  } catch (err) {
    log.warn(
      { err: { message: (err as Error).message } },
      'Redis unreachable at start: starting without it, reconnecting in the background',
    );
  }
  return redis;
}

/**
 * A second connection for socket.io's adapter. Its commands never reject unobserved (the adapter publishes
 * without waiting for the answer: a publish while Redis is down is dropped, the local sockets still get it).
 * The subscriber keeps its subscribe commands until the link is up (ioredis re-subscribes after each reconnect).
 */
export function duplicateRedis(redis: Redis, log: FastifyBaseLogger, role: 'pub' | 'sub'): Redis {
  // The publisher queues only while a connection attempt is under way (at most one reconnect delay, ~2 s).
  const copy = redis.duplicate(
    role === 'sub'
      ? { lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }
      : { lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: 0 },
  );
  watch(copy, log, role);
  const send = copy.sendCommand.bind(copy);
  copy.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    const answer = send(...args);
    (answer as Promise<unknown> | undefined)?.catch?.(() => {});
    return answer;
  };
  return copy;
}

/** Closes a client whatever its state: QUIT when connected, a plain disconnect otherwise. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
