import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import {
  magicCreateBody,
  magicUseBody,
  passkeyLoginBody,
  passkeyRegisterBody,
  PROVIDERS,
  qrCodeQuery,
  qrCompleteBody,
  qrConfirmBody,
  unlinkBody,
  type OAuthResult,
  type ProviderType,
} from '../../../shared/signin.ts';
import { plainBody } from '../../../shared/validation.ts';
import type { Ctx } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { READS, route } from '../../http/route.ts';
import { clientInfo, setSessionCookie } from '../../http/session.ts';
import type { UserRow } from '../auth/index.ts';
import { currentUserById } from '../auth/service.ts';
import { bindBrowser, forgetBrowser, OAUTH_COOKIE, requireSameBrowser } from './browser.ts';
import * as oauth from './oauth.ts';
import * as passkeys from './passkeys.ts';
import * as signin from './service.ts';

const secure = (ctx: Ctx) => ctx.config.publicUrl.startsWith('https:');

/** QR login, magic links, passkeys and sign-in methods (issue 15, items 1–4), under /v3.0. */
export const signinRoutes = [
  route.get('/u/qr/url', {
    access: 'anyone',
    session: 'browser',
    rateLimit: [30, 300],
    handler: ({ ctx, req }) => signin.createQr(ctx, clientInfo(req)),
  }),

  route.get('/u/qr/info', {
    access: 'user',
    session: 'browser',
    rateLimit: [60, 300],
    query: qrCodeQuery,
    handler: ({ ctx, query }) => signin.qrRequest(ctx, query.code),
  }),

  route.post('/u/qr/confirm', {
    access: 'active',
    session: 'browser',
    rateLimit: [30, 300],
    body: qrConfirmBody,
    message: messages.qrConfirmed,
    handler: async ({ ctx, user, body }) => {
      await signin.confirmQr(ctx, user, body.code);
      return {};
    },
  }),

  route.post('/u/qr/reject', {
    access: 'user',
    session: 'browser',
    rateLimit: [30, 300],
    body: qrConfirmBody,
    handler: async ({ ctx, body }) => {
      await signin.rejectQr(ctx, body.code);
      return {};
    },
  }),

  route.post('/u/qr/complete', {
    access: 'anyone',
    session: 'browser',
    rateLimit: [60, 300],
    body: qrCompleteBody,
    handler: async ({ ctx, body, req, reply }) => {
      const { user, session } = await signin.completeQr(ctx, body.key, clientInfo(req));
      setSessionCookie(reply, session, secure(ctx));
      return { user };
    },
  }),

  route.post('/magic/create', {
    access: 'anyone',
    session: 'browser',
    rateLimit: [5, 900],
    body: magicCreateBody,
    message: messages.magicSent,
    handler: ({ ctx, body }) => signin.createMagic(ctx, body.email, body.redirect),
  }),

  route.post('/magic/use', {
    access: 'anyone',
    session: 'browser',
    rateLimit: [20, 900],
    body: magicUseBody,
    handler: async ({ ctx, body, req, reply }) => {
      const { user, session, redirect_url } = await signin.useMagic(ctx, body.token, clientInfo(req));
      setSessionCookie(reply, session, secure(ctx));
      return { user, redirect_url };
    },
  }),

  route.get('/auth/providers', {
    access: 'anyone',
    rateLimit: READS,
    handler: ({ ctx }) => ({ providers: oauth.offeredProviders(ctx) }),
  }),

  route.get('/users/settings/signin', {
    access: 'user',
    rateLimit: READS,
    session: 'browser',
    handler: ({ ctx, user }) => signin.methods(ctx, user),
  }),

  route.post('/users/settings/unlink', {
    access: 'active',
    session: 'browser',
    rateLimit: [30, 300],
    body: unlinkBody,
    message: messages.unlinked,
    handler: ({ ctx, user, body }) => signin.unlink(ctx, user, body.id, body.type),
  }),

  route.post('/passkeys/register/options', {
    access: 'active',
    session: 'browser',
    rateLimit: [20, 300],
    body: plainBody({}),
    handler: ({ ctx, user }) => passkeys.registrationOptions(ctx, user),
  }),

  route.post('/passkeys/register', {
    access: 'active',
    session: 'browser',
    rateLimit: [20, 300],
    body: passkeyRegisterBody,
    message: messages.passkeyAdded,
    handler: async ({ ctx, user, body }) => {
      await passkeys.register(ctx, user, body);
      return signin.methods(ctx, user);
    },
  }),

  route.post('/passkeys/login/options', {
    access: 'anyone',
    session: 'browser',
    rateLimit: [30, 300],
    body: plainBody({}),
    handler: ({ ctx }) => passkeys.loginOptions(ctx),
  }),

  route.post('/passkeys/login', {
    access: 'anyone',
    session: 'browser',
    rateLimit: [30, 300],
    body: passkeyLoginBody,
    handler: async ({ ctx, body, req, reply }) => {
      const { userId, session } = await passkeys.login(ctx, body, clientInfo(req));
      setSessionCookie(reply, session, secure(ctx));
      return { user: await currentUserById(ctx, userId, 'passkey') };
    },
  }),
];

/** What a provider may add to the callback besides the fields we read (OpenID's iss, session_state, scope…). */
const callbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  device_id: z.string().max(200).optional(),
  tgAuthResult: z.string().max(4000).optional(),
  user: z.string().max(4000).optional(),
});

/** The popup window's page: tells the opener `{success, error}` (spec/content.md §7) and closes. */
function resultPage(ctx: Ctx, result: OAuthResult): string {
  const json = JSON.stringify(result).replace(/</g, '\\u003c');
  const origin = JSON.stringify(ctx.config.publicUrl);
  const text = result.success ? messages.oauthLinked : result.error;
  const escaped = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Вход — Среда</title><meta name="robots" content="noindex"></head>
<body style="font:16px/1.5 system-ui,sans-serif;padding:32px;text-align:center" data-result="${result.success ? 'success' : 'error'}">
<p>${escaped}</p>
<script>(function(){var m=${json};if(window.opener){window.opener.postMessage(m,${origin});window.close();}else{location.replace(m.success?'/?notify=signedIn':'/?authForm=1');}})();</script>
</body></html>`;
}

/** Telegram returns its signed result in the fragment: the page hands it to the server as a query field. */
const TELEGRAM_FRAGMENT = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Вход — Среда</title></head><body>
<script>(function(){var h=location.hash.match(/tgAuthResult=([^&]+)/);location.replace(location.pathname+'?tgAuthResult='+(h?h[1]:'-'));})();</script>
</body></html>`;

const providerPaths: [ProviderType, string][] = [
  ...PROVIDERS.map((p) => [p, p] as [ProviderType, string]),
  // The spec's names for the same providers.
  ['google', 'googleplus'],
];

/** `/auth/{provider}` and its callback at the site root, opened in the popup window. */
export const signinRootRoutes = providerPaths.flatMap(([type, path]) => [
  route.get(`/auth/${path}`, {
    access: 'anyone',
    session: 'browser',
    rateLimit: [30, 300],
    raw: true,
    handler: async ({ ctx, user, reply }) => {
      try {
        const provider = oauth.requireProvider(ctx, type);
        const { url, state } = await oauth.startOAuth(ctx, provider, user);
        bindBrowser(ctx, reply, provider, state);
        return reply.redirect(url);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        return reply
          .code(err.rc)
          .type('text/html; charset=utf-8')
          .send(resultPage(ctx, { source: 'sreda-signin', success: false, error: err.message }));
      }
    },
  }),
  route.get(`/auth/${path}/callback`, {
    access: 'anyone',
    session: 'browser',
    rateLimit: [30, 300],
    raw: true,
    query: callbackQuery,
    handler: async ({ ctx, user, query, req, reply }) => {
      if (type === 'telegram' && !query.tgAuthResult)
        return reply.type('text/html; charset=utf-8').send(TELEGRAM_FRAGMENT);
      return finishInPopup(ctx, type, query, new URL(req.url, ctx.config.publicUrl), user, req, reply);
    },
  }),
  // Apple answers with a form POST (response_mode=form_post) from its own site: no CSRF marker comes with it; the
  // one-time state it carries and the browser's SameSite=None cookie (browser.ts) are the proof.
  ...(type === 'apple'
    ? [
        route.post(`/auth/${path}/callback`, {
          access: 'anyone',
          session: 'browser',
          rateLimit: [30, 300],
          raw: true,
          crossSite: true,
          body: callbackQuery,
          handler: async ({ ctx, user, body, req, reply }) => {
            const url = new URL(`/auth/${path}/callback`, ctx.config.publicUrl);
            for (const key of ['code', 'state', 'error'] as const) if (body[key]) url.searchParams.set(key, body[key]);
            return finishInPopup(ctx, type, body, url, user, req, reply);
          },
        }),
      ]
    : []),
]);

/** Exchanges the provider's answer and tells the opener how it went (the popup's result page). */
async function finishInPopup(
  ctx: Ctx,
  type: ProviderType,
  fields: oauth.CallbackQuery,
  currentUrl: URL,
  user: UserRow | null,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  try {
    const provider = oauth.requireProvider(ctx, type);
    // Before anything is spent or changed: only the browser that started this sign-in may finish it.
    requireSameBrowser(ctx, provider, provider === 'telegram' ? '' : (fields.state ?? ''), req.cookies[OAUTH_COOKIE]);
    const { session, mailed } = await oauth.finishOAuth(ctx, provider, fields, currentUrl, user, clientInfo(req));
    forgetBrowser(ctx, reply, provider);
    if (session) setSessionCookie(reply, session, secure(ctx));
    const result = mailed
      ? { success: false, error: messages.oauthLinkMailed(oauth.providerName(ctx, provider)) }
      : { success: true, error: '' };
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(resultPage(ctx, { source: 'sreda-signin', ...result }));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return reply
      .code(err.rc)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(resultPage(ctx, { source: 'sreda-signin', success: false, error: err.message }));
  }
}
