import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import { redisUp } from '../lib/redis.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The ctx this request's services get: the app's, with `read` chosen for this request (see below). */
    ctx: Ctx;
  }
}

/** Set after a write: the browser's reads go to the primary until the time it holds (ms since the epoch). */
export const FRESH_COOKIE = 'sreda_fresh';

const UNSAFE_METHODS = new Set(['POST', 'DELETE', 'PUT', 'PATCH']);

/**
 * The read handle of each request (DATABASE_REPLICA_URLS, db/replicas.ts). A request reads from a replica
 * (`ctx.read`) when it is a read (GET, HEAD or a read-only route), a replica is well, and its reader has not written
 * within `stickyMs`; everything else reads from the primary. Read-your-writes is by stickiness: a successful write
 * sets a short cookie (`sreda_fresh`, every node honours it) and, for a caller by API token, which keeps no cookies,
 * a mark of the user shared through Redis (this node's memory without Redis). `stickyMs` is the lag bound plus three
 * check periods: a replica still in use has replayed every write older than that (docs/ARCHITECTURE.md).
 */
export function registerReadHandle(app: FastifyInstance) {
  const root = app.ctx;
  app.decorateRequest('ctx', null as unknown as Ctx);
  const replicas = root.replicas;
  if (!replicas) {
    app.addHook('onRequest', async (req) => void (req.ctx = root));
    return;
  }
  const stickyMs = replicas.stickyMs;
  const marks = new Map<number, number>();
  const markKey = (userId: number) => `sreda:${root.config.redisNamespace}fresh:${userId}`;
  const secure = root.config.publicUrl.startsWith('https:');

  const wroteLately = async (req: FastifyRequest): Promise<boolean> => {
    const now = Date.now();
    if (Number(req.cookies[FRESH_COOKIE]) > now) return true;
    if (!req.viaToken || !req.user) return false;
    if ((marks.get(req.user.id) ?? 0) > now) return true;
    const redis = root.redis;
    // Redis unreachable: the mark cannot be read, so the safe side: the primary.
    if (redis && !redisUp(redis)) return true;
    return redis ? (await redis.exists(markKey(req.user.id))) === 1 : false;
  };

  // After the user is known (app.ts registers this after the session hook).
  app.addHook('onRequest', async (req) => {
    req.ctx = root;
    const reads = !UNSAFE_METHODS.has(req.method) || req.routeOptions.config?.readOnly === true;
    if (!reads || (await wroteLately(req))) return;
    const db = replicas.pick();
    if (db) req.ctx = { ...root, read: db };
  });

  app.addHook('onSend', async (req, reply) => {
    if (!UNSAFE_METHODS.has(req.method) || reply.statusCode >= 400 || req.routeOptions.config?.readOnly) return;
    const until = Date.now() + stickyMs;
    // Written here, not by reply.setCookie: the cookie plugin's own onSend hook has run already.
    const cookie = app.serializeCookie(FRESH_COOKIE, String(until), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: Math.ceil(stickyMs / 1000),
    });
    const prev = reply.getHeader('set-cookie');
    reply.header('set-cookie', [...(prev === undefined ? [] : Array.isArray(prev) ? prev : [String(prev)]), cookie]);
    if (!req.viaToken || !req.user) return;
    marks.set(req.user.id, until);
    if (marks.size > 10_000) for (const [id, t] of marks) if (t < Date.now()) marks.delete(id);
    const redis = root.redis;
    if (redisUp(redis)) await redis.set(markKey(req.user.id), '1', 'PX', stickyMs).catch(() => {});
  });
}
