import * as client from 'openid-client';
import { messages } from '../../../shared/catalogue.ts';
import type { ProviderType } from '../../../shared/signin.ts';
import type { Profile } from './secrets.ts';

/**
 * What the site knows of each provider: its name, scopes, and for the plain OAuth 2 ones (no ID token) the fixed
 * endpoints and how their user info reads into a profile. OpenID Connect providers are found by discovery (oauth.ts).
 */

export const NAMES: Record<ProviderType, string> = {
  vk: 'VK ID',
  yandex: 'Яндекс ID',
  google: 'Google',
  apple: 'Apple',
  twitter: messages.providerTwitter,
  facebook: messages.providerFacebook,
  telegram: 'Telegram',
  oidc: 'OpenID',
};

export const SCOPES: Record<ProviderType, string> = {
  vk: 'email',
  yandex: 'login:email login:info',
  google: 'openid email profile',
  // Apple sends the name (once, at the first sign-in) and the address only to a form_post callback.
  apple: 'openid name email',
  // X gives no address to this scope set: its accounts sign up with a placeholder one.
  twitter: 'users.read tweet.read',
  facebook: 'email public_profile',
  telegram: '',
  oidc: 'openid email profile',
};

export const ISSUERS: Partial<Record<ProviderType, string>> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
};

/** Server metadata of the providers without discovery (plain OAuth 2). */
export type StaticMetadata = client.ServerMetadata & {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo: string;
};
const STATIC: Partial<Record<ProviderType, StaticMetadata>> = {
  vk: {
    issuer: 'https://id.vk.com',
    authorization_endpoint: 'https://id.vk.com/authorize',
    token_endpoint: 'https://id.vk.com/oauth2/auth',
    userinfo: 'https://id.vk.com/oauth2/user_info',
  },
  yandex: {
    issuer: 'https://oauth.yandex.ru',
    authorization_endpoint: 'https://oauth.yandex.ru/authorize',
    token_endpoint: 'https://oauth.yandex.ru/token',
    userinfo: 'https://login.yandex.ru/info?format=json',
  },
  twitter: {
    issuer: 'https://twitter.com',
    authorization_endpoint: 'https://twitter.com/i/oauth2/authorize',
    token_endpoint: 'https://api.twitter.com/2/oauth2/token',
    userinfo: 'https://api.twitter.com/2/users/me',
  },
  facebook: {
    issuer: 'https://www.facebook.com',
    authorization_endpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    token_endpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfo: 'https://graph.facebook.com/me?fields=id,name,email,picture',
  },
};

/**
 * A plain OAuth 2 provider's endpoints; `keys.origin` (set only in code, by the tests) moves them all to one local
 * stand-in, keeping their paths and queries.
 */
export function staticMetadata(type: ProviderType, keys: Record<string, string>): StaticMetadata | undefined {
  const fixed = STATIC[type];
  if (!fixed || !keys.origin) return fixed;
  const move = (url: string) => {
    const u = new URL(url);
    return new URL(`${u.pathname}${u.search}`, keys.origin).href;
  };
  return {
    issuer: keys.origin,
    authorization_endpoint: move(fixed.authorization_endpoint),
    token_endpoint: move(fixed.token_endpoint),
    userinfo: move(fixed.userinfo),
  };
}

/** How the client proves itself at the token endpoint: X wants HTTP Basic, the others the secret in the form. */
export function clientAuth(type: ProviderType, secret: string): client.ClientAuth {
  return type === 'twitter' ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret);
}

/** The profile of a plain OAuth 2 provider, read from its user info endpoint with the access token. */
export async function plainProfile(
  config: client.Configuration,
  type: ProviderType,
  meta: StaticMetadata,
  keys: Record<string, string>,
  accessToken: string,
): Promise<Profile> {
  const res =
    type === 'vk'
      ? await client.fetchProtectedResource(
          config,
          accessToken,
          new URL(meta.userinfo),
          'POST',
          new URLSearchParams({ client_id: keys.clientId, access_token: accessToken }),
        )
      : await client.fetchProtectedResource(config, accessToken, new URL(meta.userinfo), 'GET');
  if (!res.ok) throw new Error(`${type} user info answered ${res.status}`);
  const info = (await res.json()) as Record<string, unknown>;
  if (type === 'vk') {
    const u = (info.user ?? {}) as Record<string, unknown>;
    return {
      subject: String(u.user_id ?? ''),
      email: String(u.email ?? ''),
      // VK ID confirms the addresses it returns.
      emailVerified: Boolean(u.email),
      name: [u.first_name, u.last_name].filter(Boolean).join(' '),
    };
  }
  if (type === 'twitter') {
    const u = (info.data ?? {}) as Record<string, unknown>;
    return { subject: String(u.id ?? ''), email: '', emailVerified: false, name: String(u.name ?? u.username ?? '') };
  }
  if (type === 'facebook') {
    // Facebook returns only a confirmed address, and none when the person has none.
    const email = typeof info.email === 'string' ? info.email : '';
    return { subject: String(info.id ?? ''), email, emailVerified: Boolean(email), name: String(info.name ?? '') };
  }
  return {
    subject: String(info.id ?? ''),
    email: String(info.default_email ?? ''),
    emailVerified: Boolean(info.default_email),
    name: String(info.real_name ?? info.display_name ?? info.login ?? ''),
  };
}
