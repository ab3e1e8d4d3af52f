import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idField } from '../../../shared/reactions.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import { startHitCounter, visitorOf } from './service.ts';

/** The anonymous reader's id for view counting: long, random, HttpOnly, a year. */
export const HIT_COOKIE = 'hit_id';
const HIT_COOKIE_DAYS = 365;
const HIT_ID_RE = /^[A-Za-z0-9_-]{32,64}$/;

const params = z.object({ contentId: idField });
const query = z.strictObject({ mode: z.string().max(16).optional() });

export async function hitsRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const counter = startHitCounter(ctx);
  app.addHook('onClose', () => counter.close());
  const secure = ctx.config.publicUrl.startsWith('https:');

  // `/hit/{id}/mobile` is the mobile app's spelling of the same call (spec/content.md §7).
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { contentId } = parse(params, req.params);
    parse(query, req.query);
    let cookieId = req.cookies[HIT_COOKIE] ?? '';
    if (!req.user && !HIT_ID_RE.test(cookieId)) {
      cookieId = crypto.randomBytes(32).toString('base64url');
      reply.setCookie(HIT_COOKIE, cookieId, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: HIT_COOKIE_DAYS * 86_400 });
    }
    reply.header('cache-control', 'no-store');
    return ok(await counter.hit(contentId, visitorOf(req.user?.id ?? null, cookieId)));
  };
  app.get('/hit/:contentId', { config: limit(app, 300, 60) }, handler);
  app.get('/hit/:contentId/mobile', { config: limit(app, 300, 60) }, handler);
}
