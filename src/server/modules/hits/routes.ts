import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { STATS_DAYS_DEFAULT, STATS_DAYS_MAX } from '../../../shared/discovery.ts';
import { idField, intField, plainBody } from '../../../shared/validation.ts';
import { READS, route } from '../../http/route.ts';
import * as hits from './service.ts';

/** The anonymous reader's id for view counting: long, random, HttpOnly, a year. */
export const HIT_COOKIE = 'hit_id';
const HIT_COOKIE_DAYS = 365;
const HIT_ID_RE = /^[A-Za-z0-9_-]{32,64}$/;

const params = z.object({ contentId: idField(messages.reactionIdInvalid) });

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

const hitRoute = (url: string) =>
  route.get(url, {
    access: 'anyone',
    rateLimit: [300, 60],
    params,
    handler: ({ ctx, user, params, req, reply }) => {
      const cookieId = visitorCookie(req, reply);
      reply.header('cache-control', 'no-store');
      return hits.hit(ctx, params.contentId, hits.visitorOf(user?.id ?? null, cookieId));
    },
  });

/** Views (spec/content.md §7); `/hit/{id}/mobile` is the mobile app's spelling of the same call. */
export const hitsRoutes = [
  hitRoute('/hit/:contentId'),
  hitRoute('/hit/:contentId/mobile'),

  // The entry's statistics popup (its '…' menu): the author's and staff's.
  route.get('/content/stats/:id', {
    access: 'user',
    rateLimit: READS,
    params: z.strictObject({ id: idField(messages.entryIdInvalid) }),
    query: plainBody({
      days: intField(messages.statsDaysInvalid(STATS_DAYS_MAX), 7, STATS_DAYS_MAX).default(STATS_DAYS_DEFAULT),
    }),
    handler: ({ ctx, user, params, query }) => hits.entryStats(ctx, user, params.id, query.days),
  }),
];
