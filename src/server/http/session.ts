import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionInfo, ClientInfo } from '../modules/auth/service.ts';

export const SESSION_COOKIE = 'sreda_session';

export function setSessionCookie(reply: FastifyReply, session: SessionInfo, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
});
