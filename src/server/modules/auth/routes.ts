import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { loginBody, plainBody, recoverDoBody, recoverRequestBody, recoverTokenField, registerBody } from '../../../shared/validation.ts';
import { parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { clearSessionCookie, clientInfo, ok, SESSION_COOKIE, setSessionCookie } from '../../http/session.ts';
import { presentCurrentUser } from '../users/service.ts';
import * as auth from './service.ts';

const emptyBody = plainBody({});
const recoverQuery = z.strictObject({ token: recoverTokenField, mode: z.string().optional() });

/**
 * Accounts. With `aliasesOnly`, only the calls the spec keeps outside /v3.0
 * (check, recovery request and completion) are registered, at the site root.
 */
export async function authRoutes(app: FastifyInstance, opts: { aliasesOnly?: boolean }) {
  const secure = app.ctx.config.publicUrl.startsWith('https:');
  const ctx = app.ctx;

  app.get('/auth/check', async (req) => ({
    rc: 200, rm: '', data: { user: req.user ? await presentCurrentUser(ctx, req.user) : null },
  }));

  app.post('/auth/simple/recover/request', { config: limit(app, 5, 900) }, async (req) => {
    const { values } = parse(recoverRequestBody, req.body);
    await auth.requestRecovery(ctx, values.email);
    return ok({}, messages.recoverSent);
  });

  app.post('/auth/simple/recover/do', { config: limit(app, 10, 900) }, async (req, reply) => {
    const { values } = parse(recoverDoBody, req.body);
    const { user, session } = await auth.completeRecovery(ctx, values, clientInfo(req));
    setSessionCookie(reply, session, secure);
    return ok({ user: await presentCurrentUser(ctx, user) }, messages.passwordChanged);
  });

  if (opts.aliasesOnly) return;

  // The API side of the mailed link (at the root, the same path is the page that link opens).
  app.get('/auth/simple/recover', { config: limit(app, 30, 900) }, async (req) => {
    const { token } = parse(recoverQuery, req.query);
    return ok(await auth.checkRecovery(ctx, token));
  });

  app.post('/auth/simple/register', { config: limit(app, 10, 3600) }, async (req, reply) => {
    const { values } = parse(registerBody, req.body);
    const { user, session } = await auth.register(ctx, values, clientInfo(req));
    setSessionCookie(reply, session, secure);
    return ok({ user: await presentCurrentUser(ctx, user) });
  });

  app.post('/auth/simple/login', { config: limit(app, 20, 300) }, async (req, reply) => {
    const { values } = parse(loginBody, req.body);
    const { user, session } = await auth.login(ctx, values, clientInfo(req));
    setSessionCookie(reply, session, secure);
    return ok({ user: await presentCurrentUser(ctx, user) });
  });

  app.post('/auth/logout', async (req, reply) => {
    parse(emptyBody, req.body);
    await auth.logout(ctx, req.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, secure);
    return ok({ user: null }, messages.loggedOut);
  });
}
