import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The anonymous reader's id for view counting: long, random, HttpOnly, a year. */
export const HIT_COOKIE = 'hit_id';
const HIT_COOKIE_DAYS = 365;
const HIT_ID_RE = /^[A-Za-z0-9_-]{32,64}$/;

/** The reader's `hit_id`, given one (a cookie) when an anonymous reader has none yet. */
export function visitorCookie(req: FastifyRequest, reply: FastifyReply): string {
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
