import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { sessions, signinIdentities, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { parseSigninProviders } from '../../config.ts';
import { finishInBrowser as finish, startTestOAuth2, throughOAuth2, type TestOAuth2 } from './testing.ts';

/**
 * X (Twitter) and Facebook: plain OAuth 2 with PKCE against a local stand-in at their real paths. Each signs a new
 * reader up and in again, links to a signed-in account, and refuses a bad state, a bad code or the provider's error
 * in Russian without a session.
 */
let t: TestApp;
let oauth2: TestOAuth2;

beforeAll(async () => {
  oauth2 = await startTestOAuth2();
  const keys = { clientId: oauth2.clientId, clientSecret: oauth2.clientSecret, origin: oauth2.origin };
  t = await startTestApp({ fetchAllowHosts: ['127.0.0.1'], signinProviders: { twitter: keys, facebook: keys } });
  await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
});
afterAll(async () => {
  await t?.close();
  await oauth2?.close();
});

const n = async (table: typeof users | typeof sessions | typeof signinIdentities) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;
const signedInId = async (v: Visitor) => (await v.get('/v3.0/auth/check')).json().data.user?.id ?? null;

describe('the buttons', () => {
  it('X and Facebook are offered, under their names, only because their keys are set', async () => {
    const res = (await new Visitor(t.app).get('/v3.0/auth/providers')).json();
    expect(res.data.providers).toEqual([
      { type: 'twitter', name: messages.providerTwitter, url: '/auth/twitter' },
      { type: 'facebook', name: messages.providerFacebook, url: '/auth/facebook' },
    ]);
    expect(messages.providerTwitter).toBe('X (Twitter)');
    expect((await new Visitor(t.app).get('/auth/vk')).statusCode).toBe(404);
  });

  it('each is configured only with both its client id and secret', () => {
    expect(parseSigninProviders({ TWITTER_CLIENT_ID: 'a', FACEBOOK_CLIENT_SECRET: 'b' })).toEqual({});
    expect(
      parseSigninProviders({
        TWITTER_CLIENT_ID: 'a',
        TWITTER_CLIENT_SECRET: 'b',
        FACEBOOK_CLIENT_ID: 'c',
        FACEBOOK_CLIENT_SECRET: ' ',
      }),
    ).toEqual({ twitter: { clientId: 'a', clientSecret: 'b' } });
  });
});

describe.each([
  { type: 'twitter' as const, name: 'Птица', email: () => expect.stringMatching(/@users\.invalid$/) },
  { type: 'facebook' as const, name: 'Друг', email: (login: string) => `${login}@example.ru` },
])('$type', ({ type, name, email }) => {
  it('signs a new reader up, and in again later to the same account', async () => {
    const v = new Visitor(t.app);
    const before = await n(users);
    const { ok, res } = await finish(v, await throughOAuth2(v, oauth2, type, `reader-${type}`));
    expect(ok).toBe(true);
    expect(res.body).toContain('window.opener.postMessage');
    expect(await n(users)).toBe(before + 1);
    const me = (await v.get('/v3.0/auth/check')).json().data.user;
    expect(me).toMatchObject({
      name: `${name} reader-${type}`,
      user_email: email(`reader-${type}`),
      login_method: type,
    });

    const later = new Visitor(t.app);
    expect((await finish(later, await throughOAuth2(later, oauth2, type, `reader-${type}`))).ok).toBe(true);
    expect(await signedInId(later)).toBe(me.id);
    expect(await n(users)).toBe(before + 1);
  });

  it('links to the signed-in account, and shows it among its ways in', async () => {
    const me = new Visitor(t.app);
    const { user } = await me.register();
    const before = await n(users);
    expect((await finish(me, await throughOAuth2(me, oauth2, type, `noemail-linker-${type}`))).ok).toBe(true);
    expect(await signedInId(me)).toBe(user.id);
    expect(await n(users)).toBe(before);
    const methods = (await me.get('/v3.0/users/settings/signin')).json().data;
    expect(methods.identities).toMatchObject([
      { type, provider_name: type === 'twitter' ? 'X (Twitter)' : 'Facebook' },
    ]);

    // Signed out later, the linked account signs in to that user.
    const later = new Visitor(t.app);
    expect((await finish(later, await throughOAuth2(later, oauth2, type, `noemail-linker-${type}`))).ok).toBe(true);
    expect(await signedInId(later)).toBe(user.id);
  });

  it.each([
    ['a made-up state', (cb: string) => cb.replace(/state=[^&]+/, 'state=forged'), messages.oauthOtherBrowser],
    ['a bad code', (cb: string) => cb.replace(/code=[^&]+/, 'code=wrong'), messages.oauthFailed],
    [
      "the provider's error",
      (cb: string) => cb.replace(/code=[^&]+/, 'error=access_denied&error_description=denied'),
      messages.oauthDenied,
    ],
  ])('refuses %s in Russian, with no session and no account', async (_l, spoil, message) => {
    const v = new Visitor(t.app);
    const callback = spoil(await throughOAuth2(v, oauth2, type, `spoilt-${type}`));
    const [usersBefore, sessionsBefore, identitiesBefore] = [
      await n(users),
      await n(sessions),
      await n(signinIdentities),
    ];
    const { ok, res, error } = await finish(v, callback);
    expect(ok).toBe(false);
    expect(res.statusCode).toBe(400);
    expect(error).toBe(message);
    expect(await signedInId(v)).toBeNull();
    expect([await n(users), await n(sessions), await n(signinIdentities)]).toEqual([
      usersBefore,
      sessionsBefore,
      identitiesBefore,
    ]);
  });
});
