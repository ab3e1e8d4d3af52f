import crypto from 'node:crypto';
import * as client from 'openid-client';
import { messages } from '../../../shared/catalogue.ts';
import { OAUTH_STATE_TTL_MIN, PROVIDERS, type ProviderType } from '../../../shared/signin.ts';
import type { CallbackQuery, ProviderInfo } from '../../../shared/api/signin.ts';
import { slugify } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';
import type { UserRow } from '../auth/index.ts';
import { findUserByEmail } from '../auth/index.ts';
import { openSessionFor, type ClientInfo, type SessionInfo } from '../auth/service.ts';
import { createUser } from '../users/service.ts';
import { cleanName, linkIdentity, mailLinkConfirmation } from './link.ts';
import { callbackUrl, type Profile } from './secrets.ts';
import { telegramProfile, telegramUrl } from './telegram.ts';
import { decideOAuth } from './policy.ts';
import { clientAuth, ISSUERS, NAMES, plainProfile, SCOPES, staticMetadata } from './providers.ts';
import * as q from './queries.ts';
import { sha256 } from '../../lib/hash.ts';

/**
 * Social sign-in over OAuth 2 / OpenID Connect with openid-client (PKCE, state, nonce, ID token checks). Every
 * request to a provider goes through safe-fetch (its address rules, size and time limits).
 */

export function providerName(ctx: Ctx, type: string): string {
  if (type === 'oidc') return ctx.config.signinProviders.oidc?.name ?? NAMES.oidc;
  return NAMES[type as ProviderType] ?? type;
}

/** The providers whose keys are set, in the order the popup shows them. */
export function offeredProviders(ctx: Ctx): ProviderInfo[] {
  return PROVIDERS.filter((p) => ctx.config.signinProviders[p]).map((type) => ({
    type,
    name: providerName(ctx, type),
    url: `/auth/${type}`,
  }));
}

export function requireProvider(ctx: Ctx, type: string): ProviderType {
  if (!(PROVIDERS as readonly string[]).includes(type)) throw new ApiError(404, messages.providerUnknown);
  if (!ctx.config.signinProviders[type as ProviderType]) throw new ApiError(404, messages.providerOff);
  return type as ProviderType;
}

/** The keys of a provider; without them it is off (requireProvider refuses it before any of this). */
function keysOf(ctx: Ctx, type: ProviderType): Record<string, string> {
  const keys = ctx.config.signinProviders[type];
  if (!keys) throw new ApiError(404, messages.providerOff);
  return keys;
}

/** openid-client's fetch, through safe-fetch: no private addresses (unless FETCH_ALLOW_HOSTS), 1 MB, 10 s. */
function fetchThroughRules(ctx: Ctx): client.CustomFetch {
  return async (url, options) => {
    const headers: Record<string, string> = {};
    new Headers(options.headers).forEach((v, k) => (headers[k] = v));
    const body = options.body == null ? undefined : String(options.body);
    try {
      const res = await safeFetch(ctx.config, url, {
        method: options.method === 'POST' ? 'POST' : 'GET',
        headers,
        body,
        accept: headers.accept,
        maxBytes: 1_000_000,
        timeoutMs: 10_000,
        maxRedirects: 0,
        anyStatus: true,
      });
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers))
        if (k !== 'content-encoding' && k !== 'content-length' && k !== 'transfer-encoding') out.set(k, v);
      return new Response(new Uint8Array(res.body), { status: res.status, headers: out });
    } catch (err) {
      if (err instanceof SafeFetchError) throw new ApiError(502, messages.oauthUnreachable);
      throw err;
    }
  };
}

/** Apple's client secret is a short-lived ES256 JWT signed with the team's key. */
function appleSecret(keys: Record<string, string>, now: Date): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const head = b64({ alg: 'ES256', kid: keys.keyId });
  const body = b64({ iss: keys.teamId, iat, exp: iat + 3600, aud: 'https://appleid.apple.com', sub: keys.clientId });
  const key = crypto.createPrivateKey(keys.privateKey.replace(/\\n/g, '\n'));
  const sig = crypto.sign('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${head}.${body}.${sig.toString('base64url')}`;
}

const discovered = new WeakMap<Ctx, Map<string, Promise<client.Configuration>>>();

async function configuration(ctx: Ctx, type: ProviderType): Promise<client.Configuration> {
  const keys = keysOf(ctx, type);
  const secret = type === 'apple' ? appleSecret(keys, ctx.now()) : keys.clientSecret;
  const customFetch = fetchThroughRules(ctx);
  const fixed = staticMetadata(type, keys);
  if (fixed) {
    const config = new client.Configuration(fixed, keys.clientId, undefined, clientAuth(type, secret ?? ''));
    config[client.customFetch] = customFetch;
    if (fixed.issuer.startsWith('http:')) client.allowInsecureRequests(config);
    return config;
  }
  const issuerUrl = type === 'oidc' ? keys.issuer : ISSUERS[type];
  if (!issuerUrl) throw new Error(`sign-in provider ${type} has neither fixed metadata nor an issuer`);
  const issuer = new URL(issuerUrl);
  // Discovery is cached per app (and retried after a failure); Apple's secret is made fresh each time.
  const cache = discovered.get(ctx.root) ?? new Map<string, Promise<client.Configuration>>();
  discovered.set(ctx.root, cache);
  const cacheKey = `${type} ${issuer.href}`;
  let base = cache.get(cacheKey);
  if (!base) {
    base = client.discovery(issuer, keys.clientId, undefined, client.ClientSecretPost(keys.clientSecret ?? ''), {
      [client.customFetch]: customFetch,
      // Plain http only for a local provider (the tests' one); real providers are https.
      execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
    });
    cache.set(cacheKey, base);
    base.catch(() => cache.delete(cacheKey));
  }
  let server: client.ServerMetadata;
  try {
    server = (await base).serverMetadata();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    ctx.log.warn({ err, provider: type }, 'OpenID discovery failed');
    throw new ApiError(502, messages.oauthUnreachable);
  }
  const config = new client.Configuration(server, keys.clientId, undefined, client.ClientSecretPost(secret));
  config[client.customFetch] = customFetch;
  if (issuer.protocol === 'http:') client.allowInsecureRequests(config);
  return config;
}

/** `/auth/{type}` in the popup window: the provider's page to go to, with a fresh one-time state (browser.ts binds it). */
export async function startOAuth(
  ctx: Ctx,
  type: ProviderType,
  user: UserRow | null,
): Promise<{ url: string; state: string }> {
  if (type === 'telegram') return { url: telegramUrl(ctx), state: '' };
  const config = await configuration(ctx, type);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await q.insertCode(ctx.db, {
    kind: 'oauth',
    tokenHash: sha256(state),
    userId: user?.id ?? null,
    data: { provider: type, verifier, nonce },
    expiresAt: new Date(ctx.now().getTime() + OAUTH_STATE_TTL_MIN * 60_000),
  });
  const params: Record<string, string> = {
    redirect_uri: callbackUrl(ctx, type),
    response_type: 'code',
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (SCOPES[type]) params.scope = SCOPES[type];
  // Apple's cross-site POST brings the browser cookie only as SameSite=None (browser.ts).
  if (type === 'apple') params.response_mode = 'form_post';
  if (SCOPES[type].includes('openid')) params.nonce = nonce;
  return { url: client.buildAuthorizationUrl(config, params).href, state };
}

/**
 * Apple: the subject and the address (a relay address when the person hides theirs) from the ID token; the name
 * only from the `user` form field of the very first sign-in (`{"name":{"firstName","lastName"},"email"}`).
 */
export function appleProfile(claims: Record<string, unknown>, userField: string | undefined): Profile {
  let name = '';
  try {
    const parsed = JSON.parse(userField ?? '{}') as { name?: { firstName?: unknown; lastName?: unknown } };
    name = [parsed.name?.firstName, parsed.name?.lastName]
      .filter((part): part is string => typeof part === 'string')
      .join(' ');
  } catch {
    // A name we cannot read is no reason to refuse the sign-in: the account gets the provider's placeholder name.
  }
  return {
    subject: String(claims.sub ?? ''),
    email: typeof claims.email === 'string' ? claims.email : '',
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name,
  };
}

async function profileFromTokens(
  ctx: Ctx,
  type: ProviderType,
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  appleUser: string | undefined,
): Promise<Profile> {
  const plain = staticMetadata(type, keysOf(ctx, type));
  if (plain) return plainProfile(config, type, plain, keysOf(ctx, type), tokens.access_token);
  const claims = tokens.claims();
  if (!claims) throw badRequest(messages.oauthFailed);
  if (type === 'apple') return appleProfile(claims, appleUser);
  let info: Record<string, unknown> = claims;
  if (config.serverMetadata().userinfo_endpoint) {
    info = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  }
  return {
    subject: claims.sub,
    email: typeof info.email === 'string' ? info.email : '',
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    name: String(info.name ?? [info.given_name, info.family_name].filter(Boolean).join(' ') ?? ''),
  };
}

/** The provider's answer at the callback (its query, or Apple's form). */
export type { CallbackQuery } from '../../../shared/api/signin.ts';

export interface OAuthDone {
  session: SessionInfo | null;
  userId: number;
  /** The address's owner was asked by a letter to confirm the link (nothing signed in or linked yet). */
  mailed?: boolean;
}

/**
 * The provider sends the popup back here (its browser checked by the route, browser.ts): the state is spent (once,
 * within ten minutes), the code exchanged, and the account signs in, links or signs up (policy.decideOAuth).
 */
export async function finishOAuth(
  ctx: Ctx,
  type: ProviderType,
  query: CallbackQuery,
  currentUrl: URL,
  user: UserRow | null,
  client_: ClientInfo,
): Promise<OAuthDone> {
  let profile: Profile;
  let linkUserId: number | null = user?.id ?? null;
  if (type === 'telegram') {
    profile = telegramProfile(ctx, query.tgAuthResult ?? '');
  } else {
    if (!query.state) throw badRequest(messages.oauthStateInvalid);
    const row = await q.findLiveCode(ctx.db, 'oauth', sha256(query.state), ctx.now());
    const data = row?.data ?? {};
    if (!row || data.provider !== type || !(await q.useCode(ctx.db, row.id, ctx.now())))
      throw badRequest(messages.oauthStateInvalid);
    if (query.error) throw badRequest(messages.oauthDenied);
    if (!query.code) throw badRequest(messages.oauthFailed);
    linkUserId = row.userId;
    const config = await configuration(ctx, type);
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(
        config,
        currentUrl,
        {
          pkceCodeVerifier: data.verifier,
          expectedState: query.state,
          ...(SCOPES[type].includes('openid') ? { expectedNonce: data.nonce } : {}),
        },
        type === 'vk' && query.device_id ? { device_id: query.device_id } : undefined,
      );
      profile = await profileFromTokens(ctx, type, config, tokens, query.user);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      ctx.log.warn({ err, provider: type }, 'OAuth code exchange failed');
      throw badRequest(messages.oauthFailed);
    }
  }
  if (!profile.subject) throw badRequest(messages.oauthFailed);
  return signInWith(ctx, type, profile, linkUserId, client_);
}

async function signInWith(
  ctx: Ctx,
  type: ProviderType,
  profile: Profile,
  linkUserId: number | null,
  client_: ClientInfo,
): Promise<OAuthDone> {
  const email = profile.email.slice(0, 254);
  const owner = email ? await findUserByEmail(ctx.db, email) : undefined;
  return transaction(ctx, async (ctx) => {
    const identity = await q.findIdentity(ctx.db, type, profile.subject);
    const outcome = decideOAuth({
      linkedUserId: identity?.userId ?? null,
      identityId: identity?.id ?? null,
      signedInUserId: linkUserId,
      emailOwnerId: owner?.id ?? null,
      emailVerified: profile.emailVerified,
    });
    if (outcome.kind === 'confirm') {
      // 'confirm' is decided for an email that has an owner.
      if (!owner) throw new Error('an account link to confirm without the email owner');
      await mailLinkConfirmation(ctx, owner, { provider: type, label: providerName(ctx, type), ...profile, email });
      return { session: null, userId: outcome.userId, mailed: true };
    }
    let userId: number;
    if (outcome.kind === 'signin') {
      userId = outcome.userId;
      await q.touchIdentity(ctx.db, outcome.identityId, ctx.now());
    } else {
      if (outcome.kind === 'link') userId = outcome.userId;
      else {
        const name = cleanName(profile.name) || `${NAMES[type]} ${profile.subject.slice(-6)}`;
        userId = await createUser(ctx, {
          name,
          slug: slugify(name, 40),
          // An account without an address from the provider gets a placeholder that cannot receive mail.
          email: email || `${type}-${sha256(profile.subject).slice(0, 16)}@users.invalid`,
          passwordHash: '',
          role: 'user',
        });
      }
      // A link to an existing account is a new way into it: its owner hears of it.
      await linkIdentity(
        ctx,
        userId,
        type,
        { ...profile, email },
        outcome.kind === 'link' ? providerName(ctx, type) : null,
      );
    }
    // Linking while signed in keeps the current session; anything else opens one.
    const session = linkUserId === userId ? null : await openSessionFor(ctx, userId, client_, type);
    return { session, userId };
  });
}
