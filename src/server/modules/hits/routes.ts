import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as contracts from '../../../shared/api/hits.ts';
import { READS, route } from '../../http/route.ts';
import * as hits from './service.ts';

/** The anonymous reader's id for view counting: long, random, HttpOnly, a year. */
export const HIT_COOKIE = 'hit_id';
const HIT_COOKIE_DAYS = 365;
const HIT_ID_RE = /^[A-Za-z0-9_-]{32,64}$/;

/** The reader's `hit_id`, given one (a cookie) when an anonymous reader has none yet. */
function visitorCookie(req: FastifyRequest, reply: FastifyReply): string {
  let cookieId = req.cookies[HIT_COOKIE] ?? '';
  if (!req.user && !HIT_ID_RE.test(cookieId)) {
    cookieId = crypto.randomBytes(32).toString('base64url');
    const secure = req.server.ctx.config.publicUrl.startsWith('https:');
    reply.setCookie(HIT_COOKIE, cookieId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: HIT_COOKIE_DAYS * 86_400,
    });
  }
  return cookieId;
}

const hitRoute = (c: typeof contracts.hit | typeof contracts.hitMobile) =>
  route.implement(c, {
    rateLimit: [300, 60],
    handler: ({ ctx, user, params, req, reply }) => {
      const cookieId = visitorCookie(req, reply);
      reply.header('cache-control', 'no-store');
      return hits.hit(ctx, params.contentId, hits.visitorOf(user?.id ?? null, cookieId));
    },
  });

/** Views (spec/content.md §7); `/hit/{id}/mobile` is the mobile app's spelling of the same call. */
export const hitsRoutes = [
  hitRoute(contracts.hit),
  hitRoute(contracts.hitMobile),

  // The entry's statistics popup (its '…' menu): the author's and staff's.
  route.implement(contracts.entryStats, {
    rateLimit: READS,
    handler: ({ ctx, user, params, query }) => hits.entryStats(ctx, user, params.id, query.days),
  }),
];
