import crypto from 'node:crypto';
import http from 'node:http';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import Provider from 'oidc-provider';
import { expect } from 'vitest';
import { freePort } from '../../../../scripts/free-port.ts';
import type { Visitor } from '../../testing/harness.ts';

/**
 * A real OpenID Connect provider (npm oidc-provider) on 127.0.0.1 for the sign-in tests: one confidential client,
 * PKCE, the development login form (any login, any password). The login names the account: its email is
 * `{login}@example.ru`, verified unless the login starts with `unverified`; `noemail…` logins have no address.
 */
export interface TestOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  /**
   * Plays the person at the provider: follows the authorization URL through the login and consent forms and
   * returns the callback URL the provider sends the browser back to (path and query).
   */
  authorize(authorizationUrl: string, login: string): Promise<string>;
}

export async function startTestOidc(redirectUris: string[], chosenPort?: number): Promise<TestOidc> {
  const port = chosenPort ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'sreda-test';
  const clientSecret = 'sreda-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    cookies: { keys: ['sreda-test-cookie-key'] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          const noEmail = id.startsWith('noemail');
          return {
            sub: id,
            name: `Гость ${id}`,
            ...(noEmail ? {} : { email: `${id}@example.ru`, email_verified: !id.startsWith('unverified') }),
          };
        },
      };
    },
  });
  // Quiet: the provider logs every refused request by default.
  provider.on('server_error', () => {});
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  async function authorize(authorizationUrl: string, login: string): Promise<string> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
    };
    const go = async (url: string, body?: URLSearchParams): Promise<Response> => {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        body,
        redirect: 'manual',
        headers: { cookie: cookieHeader() },
      });
      keep(res);
      return res;
    };
    let url = authorizationUrl;
    for (let hop = 0; hop < 12; hop++) {
      if (!url.startsWith(issuer)) return url.replace(/^https?:\/\/[^/]+/, '');
      let res = await go(url);
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url).href;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`the test provider showed no form: ${html.slice(0, 300)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'login';
      const form = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        form.set('login', login);
        form.set('password', 'any');
      }
      res = await go(new URL(action, url).href, form);
      url = new URL(res.headers.get('location')!, url).href;
    }
    throw new Error('the test provider redirected too often');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A stand-in for the plain OAuth 2 providers X and Facebook on 127.0.0.1, at their real paths (the app's
 * `keys.origin` sends their endpoints here): its authorize page sends the browser straight back with a code for the
 * `login` query parameter the test adds; the token endpoint checks the client (HTTP Basic for X, the form for
 * Facebook), the redirect URL and the PKCE verifier; the user endpoints want the bearer token. Facebook gives
 * `{login}@example.ru` unless the login starts with `noemail`; X never gives an address.
 */
export interface TestOAuth2 {
  origin: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestOAuth2(): Promise<TestOAuth2> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const clientId = 'sreda-oauth2';
  const clientSecret = 'sreda-oauth2-secret';
  const codes = new Map<string, { login: string; challenge: string; redirect: string }>();
  const tokens = new Map<string, string>();
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = url.pathname;
      if (path === '/i/oauth2/authorize' || path === '/v19.0/dialog/oauth') {
        const p = url.searchParams;
        const back = new URL(p.get('redirect_uri') ?? '');
        if (p.get('client_id') !== clientId || p.get('code_challenge_method') !== 'S256') return send(res, 400, {});
        const code = crypto.randomBytes(12).toString('hex');
        codes.set(code, { login: p.get('login') ?? '', challenge: p.get('code_challenge') ?? '', redirect: back.href });
        back.searchParams.set('code', code);
        back.searchParams.set('state', p.get('state') ?? '');
        return res.writeHead(302, { location: back.href }).end();
      }
      if (path === '/2/oauth2/token' || path === '/v19.0/oauth/access_token') {
        const form = new URLSearchParams(raw);
        // HTTP Basic carries the id and secret form-encoded (RFC 6749 §2.3.1).
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
          .toString()
          .split(':')
          .map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
        const client =
          path === '/2/oauth2/token'
            ? basic[0] === clientId && basic[1] === clientSecret
            : form.get('client_id') === clientId && form.get('client_secret') === clientSecret;
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = crypto
          .createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (!client) return send(res, 401, { error: 'invalid_client' });
        if (!grant || grant.challenge !== verifier || grant.redirect !== form.get('redirect_uri'))
          return send(res, 400, { error: 'invalid_grant' });
        const token = crypto.randomBytes(12).toString('hex');
        tokens.set(token, grant.login);
        return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: 7200 });
      }
      const login = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (login === undefined) return send(res, 401, { error: 'invalid_token' });
      if (path === '/2/users/me')
        return send(res, 200, { data: { id: `x-${login}`, name: `Птица ${login}`, username: login } });
      if (path === '/me' && url.searchParams.get('fields') === 'id,name,email,picture')
        return send(res, 200, {
          id: `fb-${login}`,
          name: `Друг ${login}`,
          ...(login.startsWith('noemail') ? {} : { email: `${login}@example.ru` }),
          picture: { data: { url: `${origin}/picture.png` } },
        });
      return send(res, 404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opens /auth/{type} as the visitor and plays `login` at the stand-in: the callback path it sends the browser to. */
export async function throughOAuth2(v: Visitor, oauth2: TestOAuth2, type: 'twitter' | 'facebook', login: string) {
  const start = await v.get(`/auth/${type}`);
  expect(start.statusCode).toBe(302);
  const location = new URL(start.headers.location as string);
  expect(location.origin).toBe(oauth2.origin);
  expect(location.searchParams.get('code_challenge_method')).toBe('S256');
  location.searchParams.set('login', login);
  const res = await fetch(location, { redirect: 'manual' });
  return res.headers.get('location')!.replace(/^https?:\/\/[^/]+/, '');
}

/** Opens /auth/oidc as the visitor (its browser gets the state's cookie), plays the person at the provider, and
 * returns the callback path the provider sends the browser to. */
export async function throughProvider(v: Visitor, oidc: TestOidc, login: string) {
  const start = await v.get('/auth/oidc');
  expect(start.statusCode).toBe(302);
  const location = start.headers.location as string;
  expect(location.startsWith(`${oidc.issuer}/`)).toBe(true);
  expect(new URL(location).searchParams.get('code_challenge_method')).toBe('S256');
  return oidc.authorize(location, login);
}

/** Opens the callback as the visitor: the popup page's result. */
export async function finishInBrowser(v: Visitor, callback: string) {
  const res = await v.get(callback);
  const ok = /data-result="success"/.test(res.body);
  const error = /"error":"([^"]*)"/.exec(res.body)?.[1] ?? '';
  return { res, ok, error };
}

/**
 * A software passkey (one ES256 credential, 'none' attestation) for API tests: answers the options our passkey
 * routes hand out as a browser's authenticator would, so a test can register it and sign in with it.
 */
export function softwarePasskey(origin: string) {
  const rpIdHash = crypto.createHash('sha256').update(new URL(origin).hostname).digest();
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = crypto.randomBytes(16);
  const id = credentialId.toString('base64url');
  let counter = 0;
  let userHandle = '';
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authData = (flags: number, extra: Uint8Array = new Uint8Array()) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, extra]);
  };
  return {
    id,
    /** The registration answer to `/passkeys/register/options`' options, as the JSON text the route takes. */
    register(options: { challenge: string; user: { id: string } }): string {
      userHandle = options.user.id;
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      // User present and verified, attested credential data follows.
      const data = authData(0x45, Buffer.concat([Buffer.alloc(16), idLength, credentialId, cose]));
      const attestation = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', data],
        ]),
      );
      return JSON.stringify({
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      });
    },
    /** The sign-in answer to `/passkeys/login/options`' options. */
    login(options: { challenge: string }): string {
      counter += 1;
      const data = authData(0x05);
      const json = clientData('webauthn.get', options.challenge);
      const signed = Buffer.concat([data, crypto.createHash('sha256').update(json).digest()]);
      return JSON.stringify({
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(json),
          authenticatorData: b64(data),
          signature: b64(crypto.sign('sha256', signed, privateKey)),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      });
    },
  };
}
