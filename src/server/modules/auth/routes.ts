import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/auth.ts';
import { READS, route } from '../../http/route.ts';
import { clearSessionCookie, clientInfo, SESSION_COOKIE, setSessionCookie } from '../../http/session.ts';
import type { Ctx } from '../../context.ts';
import * as auth from './service.ts';
import { assertNotHoneypot } from '../captcha/index.ts';

const secure = (ctx: Ctx) => ctx.config.publicUrl.startsWith('https:');

/** The calls the spec keeps both under /v3.0 and at the site root: check, recovery request and completion. */
const sharedRoutes = [
  route.implement(contracts.check, {
    rateLimit: READS,
    handler: ({ ctx, user }) => auth.currentUser(ctx, user),
  }),

  route.implement(contracts.recoverRequest, {
    session: 'browser',
    rateLimit: [5, 900],
    message: messages.recoverSent,
    handler: async ({ ctx, body }) => {
      await auth.requestRecovery(ctx, body.values.email);
      return {};
    },
  }),

  route.implement(contracts.recoverDo, {
    session: 'browser',
    rateLimit: [10, 900],
    message: messages.passwordChanged,
    handler: async ({ ctx, body, req, reply }) => {
      const { user, session } = await auth.completeRecovery(ctx, body.values, clientInfo(req));
      setSessionCookie(reply, session, secure(ctx));
      return { user };
    },
  }),
];

/** Accounts: sign-up, sign-in, sign-out and password recovery (spec/foundation.md). */
export const authRoutes = [
  ...sharedRoutes,

  // The API side of the mailed link (at the root, the same path is the page that link opens).
  route.implement(contracts.recoverCheck, {
    session: 'browser',
    rateLimit: [30, 900],
    handler: ({ ctx, query }) => auth.checkRecovery(ctx, query.token),
  }),

  route.implement(contracts.register, {
    session: 'browser',
    rateLimit: [10, 3600],
    handler: async ({ ctx, body, req, reply }) => {
      assertNotHoneypot(ctx, body.values.website);
      const { user, session } = await auth.register(ctx, body.values, clientInfo(req));
      setSessionCookie(reply, session, secure(ctx));
      return { user };
    },
  }),

  route.implement(contracts.login, {
    session: 'browser',
    rateLimit: [20, 300],
    // The captcha comes back when the account had many failed tries (auth.login: rc 418).
    handler: async ({ ctx, body, req, reply }) => {
      const { user, session } = await auth.login(ctx, body.values, clientInfo(req), body.captcha);
      setSessionCookie(reply, session, secure(ctx));
      return { user };
    },
  }),

  route.implement(contracts.logout, {
    rateLimit: [30, 60],
    message: messages.loggedOut,
    handler: async ({ ctx, req, reply }) => {
      await auth.logout(ctx, req.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, secure(ctx));
      return { user: null };
    },
  }),
];

/** The same check and recovery calls at the site root (registered without the /v3.0 prefix). */
export const authRootRoutes = sharedRoutes;
