import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/signin.ts';
import { PROVIDERS, type OAuthResult, type ProviderType } from '../../../shared/signin.ts';
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
  route.implement(contracts.qrUrl, {
    session: 'browser',
    rateLimit: [30, 300],
    handler: ({ ctx, req }) => signin.createQr(ctx, clientInfo(req)),
  }),

  route.implement(contracts.qrInfo, {
    session: 'browser',
    rateLimit: [60, 300],
    handler: ({ ctx, query }) => signin.qrRequest(ctx, query.code),
  }),

  route.implement(contracts.qrConfirm, {
    session: 'browser',
    rateLimit: [30, 300],
    message: messages.qrConfirmed,
    handler: async ({ ctx, user, body }) => {
      await signin.confirmQr(ctx, user, body.code);
      return {};
    },
  }),

  route.implement(contracts.qrReject, {
    session: 'browser',
    rateLimit: [30, 300],
    handler: async ({ ctx, body }) => {
      await signin.rejectQr(ctx, body.code);
      return {};
    },
  }),

  route.implement(contracts.qrComplete, {
    session: 'browser',
    rateLimit: [60, 300],
    handler: async ({ ctx, body, req, reply }) => {
      const { user, session } = await signin.completeQr(ctx, body.key, clientInfo(req));
      setSessionCookie(reply, session, secure(ctx));
      return { user };
    },
  }),

  route.implement(contracts.magicCreate, {
    session: 'browser',
    rateLimit: [5, 900],
    message: messages.magicSent,
    handler: ({ ctx, body }) => signin.createMagic(ctx, body.email, body.redirect),
  }),

  route.implement(contracts.magicUse, {
    session: 'browser',
    rateLimit: [20, 900],
    handler: async ({ ctx, body, req, reply }) => {
      const { user, session, redirect_url } = await signin.useMagic(ctx, body.token, clientInfo(req));
      setSessionCookie(reply, session, secure(ctx));
      return { user, redirect_url };
    },
  }),

  route.implement(contracts.providers, {
    rateLimit: READS,
    handler: ({ ctx }) => ({ providers: oauth.offeredProviders(ctx) }),
  }),

  route.implement(contracts.methods, {
    rateLimit: READS,
    session: 'browser',
    handler: ({ ctx, user }) => signin.methods(ctx, user),
  }),

  route.implement(contracts.unlink, {
    session: 'browser',
    rateLimit: [30, 300],
    message: messages.unlinked,
    handler: ({ ctx, user, body }) => signin.unlink(ctx, user, body.id, body.type),
  }),

  route.implement(contracts.passkeyRegisterOptions, {
    session: 'browser',
    rateLimit: [20, 300],
    handler: ({ ctx, user }) => passkeys.registrationOptions(ctx, user),
  }),

  route.implement(contracts.passkeyRegister, {
    session: 'browser',
    rateLimit: [20, 300],
    message: messages.passkeyAdded,
    handler: async ({ ctx, user, body }) => {
      await passkeys.register(ctx, user, body);
      return signin.methods(ctx, user);
    },
  }),

  route.implement(contracts.passkeyLoginOptions, {
    session: 'browser',
    rateLimit: [30, 300],
    handler: ({ ctx }) => passkeys.loginOptions(ctx),
  }),

  route.implement(contracts.passkeyLogin, {
    session: 'browser',
    rateLimit: [30, 300],
    handler: async ({ ctx, body, req, reply }) => {
      const { userId, session } = await passkeys.login(ctx, body, clientInfo(req));
      setSessionCookie(reply, session, secure(ctx));
      return { user: await currentUserById(ctx, userId, 'passkey') };
    },
  }),
];

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
export const signinRootRoutes = providerPaths.flatMap(([type, path]) => {
  const c = contracts.providerContracts(type, path);
  return [
    route.implement(c.start, {
      session: 'browser',
      rateLimit: [30, 300],
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
    route.implement(c.callback, {
      session: 'browser',
      rateLimit: [30, 300],
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
          route.implement(c.formCallback, {
            session: 'browser',
            rateLimit: [30, 300],
            crossSite: true,
            handler: async ({ ctx, user, body, req, reply }) => {
              const url = new URL(`/auth/${path}/callback`, ctx.config.publicUrl);
              for (const key of ['code', 'state', 'error'] as const)
                if (body[key]) url.searchParams.set(key, body[key]);
              return finishInPopup(ctx, type, body, url, user, req, reply);
            },
          }),
        ]
      : []),
  ];
});

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
