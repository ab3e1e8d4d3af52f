import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { outbox, passkeys, sessions, signinCodes, signinIdentities, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { finishInBrowser, startTestOidc, throughProvider as providerPath, type TestOidc } from './testing.ts';
import { cleanUp } from './service.ts';
import { appleProfile } from './oauth.ts';
import { bindBrowser, OAUTH_COOKIE } from './browser.ts';

let t: TestApp;
let oidc: TestOidc;
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  oidc = await startTestOidc([`${PUBLIC}/auth/oidc/callback`]);
  t = await startTestApp({
    fetchAllowHosts: ['127.0.0.1'],
    signinProviders: {
      oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret, name: 'Тестовый ID' },
    },
  });
  await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

const n = async (table: typeof users | typeof sessions | typeof signinIdentities | typeof outbox | typeof passkeys) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;
const signedInId = async (v: Visitor) => (await v.get('/v3.0/auth/check')).json().data.user?.id ?? null;
const at = async <T>(ms: number, work: () => Promise<T>) => {
  t.clock.now = new Date(Date.now() + ms);
  try {
    return await work();
  } finally {
    t.clock.now = new Date();
  }
};

describe('QR login', () => {
  const codeOf = (url: string) => /\/auth\/qr\/([A-Za-z0-9_-]{43})$/.exec(url)![1]!;

  it('a signed-in phone confirms, the waiting browser hears it and signs in once', async () => {
    const browser = new Visitor(t.app, '203.0.113.7');
    const phone = new Visitor(t.app);
    const { user } = await phone.register();
    const res = await browser.get('/v3.0/u/qr/url', {
      headers: {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      },
    });
    expect(res.json().rc).toBe(200);
    const qr = res.json().data;
    expect(qr).toMatchObject({
      url: expect.stringMatching(`^${PUBLIC}/auth/qr/`),
      channel: expect.stringMatching(/^signin-qr-\d+$/),
    });
    expect(qr.expires_at - qr.time).toBe(120);
    const code = codeOf(qr.url);

    const info = (await phone.get(`/v3.0/u/qr/info?code=${code}`)).json();
    expect(info).toMatchObject({ rc: 200, data: { browser: 'Chrome 140', os: 'Linux', ip: '203.0.113.7' } });

    // Before the phone says yes, the key buys nothing.
    const early = await browser.post('/v3.0/u/qr/complete', { key: qr.key });
    expect(isRussianError(early, 400)).toBe(true);
    expect(early.json().rm).toBe(messages.qrNotConfirmed);

    const heard: number[] = [];
    const off = t.app.ctx.events.on('signin.qr_confirmed', ({ codeId }) => void heard.push(codeId));
    const confirm = await phone.post('/v3.0/u/qr/confirm', { code });
    off();
    expect(confirm.json()).toMatchObject({ rc: 200, rm: messages.qrConfirmed });
    expect(heard).toEqual([Number(qr.channel.slice('signin-qr-'.length))]);

    const done = await browser.post('/v3.0/u/qr/complete', { key: qr.key });
    expect(done.json()).toMatchObject({ rc: 200, data: { user: { id: user.id, login_method: 'qr' } } });
    expect(await signedInId(browser)).toBe(user.id);
    // The session remembers how it signed in; the phone's own session stays an email one.
    expect((await browser.get('/v3.0/auth/check')).json().data.user.login_method).toBe('qr');
    expect((await phone.get('/v3.0/auth/check')).json().data.user.login_method).toBe('email');

    // Works once: the key, and the code on the phone, are spent.
    const sessionsBefore = await n(sessions);
    const again = await new Visitor(t.app).post('/v3.0/u/qr/complete', { key: qr.key });
    expect(isRussianError(again, 400)).toBe(true);
    expect(again.json().rm).toBe(messages.qrInvalid);
    expect(isRussianError(await phone.post('/v3.0/u/qr/confirm', { code }), 400)).toBe(true);
    expect(await n(sessions)).toBe(sessionsBefore);
  });

  it('a code older than two minutes can be neither confirmed nor used', async () => {
    const browser = new Visitor(t.app);
    const phone = new Visitor(t.app);
    await phone.register();
    const qr = (await browser.get('/v3.0/u/qr/url')).json().data;
    const code = codeOf(qr.url);
    await at(121_000, async () => {
      const res = await phone.post('/v3.0/u/qr/confirm', { code });
      expect(isRussianError(res, 400)).toBe(true);
      expect(res.json().rm).toBe(messages.qrInvalid);
      expect(isRussianError(await phone.get(`/v3.0/u/qr/info?code=${code}`), 400)).toBe(true);
    });
    // Confirmed in time but fetched too late: still nothing.
    const qr2 = (await browser.get('/v3.0/u/qr/url')).json().data;
    expect((await phone.post('/v3.0/u/qr/confirm', { code: codeOf(qr2.url) })).json().rc).toBe(200);
    await at(121_000, async () => {
      expect(isRussianError(await browser.post('/v3.0/u/qr/complete', { key: qr2.key }), 400)).toBe(true);
    });
    expect(await signedInId(browser)).toBeNull();
  });

  it('a refused code signs nobody in; a signed-out phone is asked to sign in', async () => {
    const browser = new Visitor(t.app);
    const phone = new Visitor(t.app);
    await phone.register();
    const qr = (await browser.get('/v3.0/u/qr/url')).json().data;
    const code = codeOf(qr.url);
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/u/qr/confirm', { code }), 401)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/u/qr/info?code=${code}`), 401)).toBe(true);
    expect((await phone.post('/v3.0/u/qr/reject', { code })).json().rc).toBe(200);
    expect(isRussianError(await phone.post('/v3.0/u/qr/confirm', { code }), 400)).toBe(true);
    expect(isRussianError(await browser.post('/v3.0/u/qr/complete', { key: qr.key }), 400)).toBe(true);
  });

  it.each([
    ['no code', {}],
    ['a made-up code', { code: 'A'.repeat(43) }],
    ['a short code', { code: 'abc' }],
    ['a huge code', { code: 'A'.repeat(10_000) }],
    ['a code of an object', { code: { a: 1 } }],
    ['an extra field', { code: 'A'.repeat(43), user_id: 1 }],
  ])('refuses %s with a Russian 400', async (_l, body) => {
    const phone = new Visitor(t.app);
    await phone.register();
    const res = await phone.post('/v3.0/u/qr/confirm', body);
    expect(isRussianError(res, 400)).toBe(true);
    expect(
      isRussianError(
        await new Visitor(t.app).post('/v3.0/u/qr/complete', { key: (body as { code?: unknown }).code }),
        400,
      ),
    ).toBe(true);
  });

  it('confirming needs the CSRF marker', async () => {
    const phone = new Visitor(t.app);
    await phone.register();
    const qr = (await new Visitor(t.app).get('/v3.0/u/qr/url')).json().data;
    const res = await phone.post('/v3.0/u/qr/confirm', { code: codeOf(qr.url) }, { csrf: false });
    expect(isRussianError(res, 403)).toBe(true);
    expect((await phone.get(`/v3.0/u/qr/info?code=${codeOf(qr.url)}`)).json().rc).toBe(200);
  });
});

describe('magic link', () => {
  const lastLink = async (to: string) => {
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, to))
      .orderBy(sql`id desc`)
      .limit(1);
    return { mail, token: /auth\/magic\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] };
  };

  it('mails a link that signs in once within 15 minutes and says where to go', async () => {
    const { email, user } = await new Visitor(t.app).register();
    const v = new Visitor(t.app);
    const res = await v.post('/v3.0/magic/create', { email: email.toUpperCase(), redirect: '/popular' });
    expect(res.json()).toMatchObject({ rc: 200, rm: messages.magicSent, data: { redirect_url: `${PUBLIC}/popular` } });
    const { mail, token } = await lastLink(email);
    expect(mail).toMatchObject({ subject: messages.magicMailSubject });
    expect(token).toBeTruthy();
    const used = await v.post('/v3.0/magic/use', { token });
    expect(used.json()).toMatchObject({ rc: 200, data: { user: { id: user.id }, redirect_url: `${PUBLIC}/popular` } });
    expect(await signedInId(v)).toBe(user.id);
    expect((await v.get('/v3.0/auth/check')).json().data.user.login_method).toBe('magic');
    const again = await new Visitor(t.app).post('/v3.0/magic/use', { token });
    expect(isRussianError(again, 400)).toBe(true);
    expect(again.json().rm).toBe(messages.magicInvalid);
  });

  it('refuses a link after 15 minutes', async () => {
    const { email } = await new Visitor(t.app).register();
    await new Visitor(t.app).post('/v3.0/magic/create', { email });
    const { token } = await lastLink(email);
    const v = new Visitor(t.app);
    await at(15 * 60_000 + 1000, async () => {
      expect(isRussianError(await v.post('/v3.0/magic/use', { token }), 400)).toBe(true);
    });
    expect(await signedInId(v)).toBeNull();
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const before = await n(outbox);
    const res = await new Visitor(t.app).post('/v3.0/magic/create', { email: 'nobody-magic@example.ru' });
    expect(res.json()).toMatchObject({ rc: 200, rm: messages.magicSent });
    expect(await n(outbox)).toBe(before);
  });

  it.each([
    ['no email', {}],
    ['a bad email', { email: 'not-an-email' }],
    ['another site as the way back', { email: 'a@b.ru', redirect: 'https://evil.example/' }],
    ['a protocol-relative way back', { email: 'a@b.ru', redirect: '//evil.example/' }],
    ['a huge way back', { email: 'a@b.ru', redirect: `/${'a'.repeat(1000)}` }],
    ['an extra field', { email: 'a@b.ru', user_id: 1 }],
  ])('refuses %s and mails nothing', async (_l, body) => {
    const before = await n(outbox);
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/magic/create', body), 400)).toBe(true);
    expect(await n(outbox)).toBe(before);
  });

  it.each([
    ['a made-up token', { token: 'B'.repeat(43) }],
    ['no token', {}],
    ['a number', { token: 5 }],
  ])('refuses %s at use', async (_l, body) => {
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/magic/use', body), 400)).toBe(true);
  });
});

describe('social sign-in against a local OpenID Connect provider', () => {
  const throughProvider = (v: Visitor, login: string) => providerPath(v, oidc, login);
  const finish = finishInBrowser;

  it('lists the provider only because its keys are set', async () => {
    const res = (await new Visitor(t.app).get('/v3.0/auth/providers')).json();
    expect(res.data.providers).toEqual([{ type: 'oidc', name: 'Тестовый ID', url: '/auth/oidc' }]);
    expect((await new Visitor(t.app).get('/auth/vk')).statusCode).toBe(404);
    expect((await new Visitor(t.app).get('/auth/twitter')).statusCode).toBe(404);
  });

  it('signs up a new person, signs them in again later, and a reused state changes nothing', async () => {
    const v = new Visitor(t.app);
    const callback = await throughProvider(v, 'newcomer');
    const browserCookie = v.cookies[OAUTH_COOKIE]!;
    const usersBefore = await n(users);
    const { ok, res } = await finish(v, callback);
    expect(ok).toBe(true);
    expect(res.body).toContain('window.opener.postMessage');
    expect(await n(users)).toBe(usersBefore + 1);
    const me = (await v.get('/v3.0/auth/check')).json().data.user;
    expect(me).toMatchObject({ name: 'Гость newcomer', user_email: 'newcomer@example.ru', login_method: 'oidc' });

    // Replayed from the same browser (its cookie kept): the state is spent.
    const again = new Visitor(t.app);
    again.cookies[OAUTH_COOKIE] = browserCookie;
    const replay = await finish(again, callback);
    expect(replay.ok).toBe(false);
    expect(replay.res.statusCode).toBe(400);
    expect(replay.error).toBe(messages.oauthStateInvalid);
    expect(await n(users)).toBe(usersBefore + 1);

    const later = new Visitor(t.app);
    expect((await finish(later, await throughProvider(later, 'newcomer'))).ok).toBe(true);
    expect(await signedInId(later)).toBe(me.id);
    expect(await n(users)).toBe(usersBefore + 1);
  });

  it('refuses a state older than ten minutes and a made-up one', async () => {
    const v = new Visitor(t.app);
    const callback = await throughProvider(v, 'slowpoke');
    const before = await n(users);
    await at(11 * 60_000, async () => {
      const late = await finish(v, callback);
      expect(late.res.statusCode).toBe(400);
      // The browser's cookie lasts as long as the state: either refusal says to start again.
      expect([messages.oauthOtherBrowser, messages.oauthStateInvalid]).toContain(late.error);
    });
    const forged = await finish(v, callback.replace(/state=[^&]+/, 'state=forged'));
    expect(forged.res.statusCode).toBe(400);
    expect(forged.error).toBe(messages.oauthOtherBrowser);
    expect(await n(users)).toBe(before);
    expect(await signedInId(v)).toBeNull();
  });

  it('never links to an existing account by its email silently, and never through an unverified one', async () => {
    await new Visitor(t.app).register({ email: 'verified-owner@example.ru' });
    const v = new Visitor(t.app);
    const asked = await finish(v, await throughProvider(v, 'verified-owner'));
    expect(asked.ok).toBe(false);
    expect(asked.error).toBe(messages.oauthLinkMailed('Тестовый ID'));
    expect(await signedInId(v)).toBeNull();

    await new Visitor(t.app).register({ email: 'unverified-owner@example.ru' });
    const before = await n(signinIdentities);
    const w = new Visitor(t.app);
    const refused = await finish(w, await throughProvider(w, 'unverified-owner'));
    expect(refused.ok).toBe(false);
    expect(refused.error).toBe(messages.oauthEmailTaken);
    expect(await n(signinIdentities)).toBe(before);
    expect(await signedInId(w)).toBeNull();
  });

  it('links while signed in, refuses an account linked to someone else, and unlinks but never the last way in', async () => {
    const me = new Visitor(t.app);
    const { user } = await me.register();
    expect((await finish(me, await throughProvider(me, 'noemail-linker'))).ok).toBe(true);
    expect(await signedInId(me)).toBe(user.id);
    const methods = (await me.get('/v3.0/users/settings/signin')).json().data;
    expect(methods).toMatchObject({ has_password: true, identities: [{ type: 'oidc', provider_name: 'Тестовый ID' }] });

    const other = new Visitor(t.app);
    await other.register();
    const taken = await finish(other, await throughProvider(other, 'noemail-linker'));
    expect(taken.error).toBe(messages.oauthLinkedElsewhere);

    // Someone else's identity id: nothing goes.
    const id = methods.identities[0].id;
    expect(isRussianError(await other.post('/v3.0/users/settings/unlink', { id, type: 'oidc' }), 400)).toBe(true);
    expect(isRussianError(await me.post('/v3.0/users/settings/unlink', { id, type: 'passkey' }), 400)).toBe(true);
    const gone = await me.post('/v3.0/users/settings/unlink', { id, type: 'oidc' });
    expect(gone.json()).toMatchObject({ rc: 200, rm: messages.unlinked, data: { identities: [] } });
  });

  it('a person who came only through the provider cannot unlink it', async () => {
    const v = new Visitor(t.app);
    expect((await finish(v, await throughProvider(v, 'noemail-only'))).ok).toBe(true);
    const { identities, has_password } = (await v.get('/v3.0/users/settings/signin')).json().data;
    expect(has_password).toBe(false);
    // The settings forms ask for a fresh sign-in instead of a password it does not have.
    expect((await v.get('/v3.0/users/settings')).json().data.has_password).toBe(false);
    const res = await v.post('/v3.0/users/settings/unlink', { id: identities[0].id, type: 'oidc' });
    expect(isRussianError(res, 409)).toBe(true);
    expect(res.json().rm).toBe(messages.unlinkLast);
    expect((await v.get('/v3.0/users/settings/signin')).json().data.identities).toHaveLength(1);
  });

  it.each([
    ['no id', { type: 'oidc' }],
    ['an unknown type', { id: 1, type: 'myspace' }],
    ['a huge id', { id: 2 ** 40, type: 'oidc' }],
    ['an extra field', { id: 1, type: 'oidc', user_id: 2 }],
  ])('unlink refuses %s', async (_l, body) => {
    const v = new Visitor(t.app);
    await v.register();
    expect(isRussianError(await v.post('/v3.0/users/settings/unlink', body), 400)).toBe(true);
  });

  it('unlink needs a signed-in person and the CSRF marker', async () => {
    expect(
      isRussianError(await new Visitor(t.app).post('/v3.0/users/settings/unlink', { id: 1, type: 'oidc' }), 401),
    ).toBe(true);
    const v = new Visitor(t.app);
    await v.register();
    expect(
      isRussianError(await v.post('/v3.0/users/settings/unlink', { id: 1, type: 'oidc' }, { csrf: false }), 403),
    ).toBe(true);
  });

  it('a provider at a private address (not allowed) is a Russian 502 in the window, not a crash', async () => {
    const keys = t.config.signinProviders.oidc!;
    t.config.signinProviders.oidc = { ...keys, issuer: 'http://10.255.255.1:9/' };
    try {
      const res = await new Visitor(t.app).get('/auth/oidc');
      expect(res.statusCode).toBe(502);
      expect(res.body).toContain(messages.oauthUnreachable);
      expect(res.body).toContain('"success":false');
    } finally {
      t.config.signinProviders.oidc = keys;
    }
  });
});

describe('Sign in with Apple (form_post)', () => {
  it("takes the name from the first sign-in's user field and the address from the ID token", () => {
    const claims = { sub: '001.abc', email: 'x@privaterelay.appleid.com', email_verified: 'true' };
    const user = JSON.stringify({
      name: { firstName: 'Анна', lastName: 'Каренина' },
      email: 'x@privaterelay.appleid.com',
    });
    expect(appleProfile(claims, user)).toEqual({
      subject: '001.abc',
      email: 'x@privaterelay.appleid.com',
      emailVerified: true,
      name: 'Анна Каренина',
    });
    // Later sign-ins carry no user field; a broken one is no reason to refuse.
    expect(appleProfile(claims, undefined).name).toBe('');
    expect(appleProfile(claims, '{не json').name).toBe('');
    expect(appleProfile({ sub: '1', email: 5 }, '{"name":{"firstName":7}}')).toMatchObject({ email: '', name: '' });
  });

  it("takes Apple's cross-site form POST without the CSRF marker, yet wants the browser's cookie and a live state", async () => {
    const post = (fields: Record<string, string>, cookie?: string) =>
      new Visitor(t.app).call('/auth/apple/callback', {
        method: 'POST',
        body: fields,
        as: 'form',
        csrf: false,
        headers: {
          origin: 'https://appleid.apple.com',
          'sec-fetch-site': 'cross-site',
          ...(cookie ? { cookie: `${OAUTH_COOKIE}=${cookie}` } : {}),
        },
      });
    const fields = { state: 'not-a-state', code: 'c', user: '{"name":{"firstName":"Анна"}}' };
    // Apple not configured: the window says so.
    const off = await post(fields);
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain(messages.providerOff);
    t.config.signinProviders.apple = { clientId: 'ru.sreda', teamId: 'T', keyId: 'K', privateKey: 'P' };
    try {
      const before = await n(users);
      // No cookie: not the browser that started it.
      const stranger = await post(fields);
      expect(stranger.statusCode).toBe(400);
      expect(stranger.body).toContain(messages.oauthOtherBrowser);
      // The cookie this state would have had: the state itself is still checked.
      let cookie = '';
      bindBrowser(
        t.app.ctx,
        { setCookie: (_: string, value: string) => (cookie = value) } as never,
        'apple',
        fields.state,
      );
      const res = await post(fields, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(messages.oauthStateInvalid);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await n(users)).toBe(before);
    } finally {
      delete t.config.signinProviders.apple;
    }
  });
});

describe('passkeys (bad input; the ceremony itself runs in the browser test)', () => {
  it('hands out options tied to the signed-in user and refuses a forged answer, storing nothing', async () => {
    const v = new Visitor(t.app);
    const { user } = await v.register();
    const opts = (await v.post('/v3.0/passkeys/register/options')).json();
    expect(opts.data.options).toMatchObject({ rp: { id: 'localhost' }, user: { name: user.user_email } });
    const before = await n(passkeys);
    const forged = JSON.stringify({
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'AA' },
    });
    const res = await v.post('/v3.0/passkeys/register', { key: opts.data.key, credential: forged });
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.passkeyFailed);
    // The challenge is spent by the try.
    expect(
      isRussianError(await v.post('/v3.0/passkeys/register', { key: opts.data.key, credential: forged }), 400),
    ).toBe(true);
    expect(await n(passkeys)).toBe(before);
    // Someone else's challenge is no use.
    const other = new Visitor(t.app);
    await other.register();
    const key2 = (await v.post('/v3.0/passkeys/register/options')).json().data.key;
    const stolen = await other.post('/v3.0/passkeys/register', { key: key2, credential: forged });
    expect(stolen.json().rm).toBe(messages.passkeyChallengeInvalid);
  });

  it.each([
    ['not JSON', 'nope'],
    ['JSON of the wrong shape', '{"id":1}'],
    ['a huge answer', 'x'.repeat(30_000)],
  ])('refuses %s at sign-in, signing nobody in', async (_l, credential) => {
    const v = new Visitor(t.app);
    const key = (await v.post('/v3.0/passkeys/login/options')).json().data.key;
    expect(isRussianError(await v.post('/v3.0/passkeys/login', { key, credential }), 400)).toBe(true);
    expect(await signedInId(v)).toBeNull();
  });

  it('an unknown credential, an expired challenge and a signed-out registration are refused', async () => {
    const v = new Visitor(t.app);
    const key = (await v.post('/v3.0/passkeys/login/options')).json().data.key;
    const credential = JSON.stringify({
      id: 'dW5rbm93bg',
      rawId: 'dW5rbm93bg',
      type: 'public-key',
      response: { clientDataJSON: 'e30' },
    });
    expect((await v.post('/v3.0/passkeys/login', { key, credential })).json().rm).toBe(messages.passkeyUnknown);
    const key2 = (await v.post('/v3.0/passkeys/login/options')).json().data.key;
    await at(6 * 60_000, async () => {
      expect((await v.post('/v3.0/passkeys/login', { key: key2, credential })).json().rm).toBe(
        messages.passkeyChallengeInvalid,
      );
    });
    expect(isRussianError(await v.post('/v3.0/passkeys/register/options'), 401)).toBe(true);
    expect(isRussianError(await v.post('/v3.0/passkeys/register', { key, credential }), 401)).toBe(true);
  });
});

describe('stored secrets', () => {
  it('keeps only hashes of QR codes, keys, links, states and challenges', async () => {
    const qr = (await new Visitor(t.app).get('/v3.0/u/qr/url')).json().data;
    const rows = await t.database.db.select().from(signinCodes);
    const all = JSON.stringify(rows);
    expect(all).not.toContain(qr.key);
    expect(all).not.toContain(qr.url.split('/').pop());
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('the hourly clean-up removes codes a day past their expiry, and only those', async () => {
    await new Visitor(t.app).get('/v3.0/u/qr/url');
    const before = await t.database.db.select({ n: count() }).from(signinCodes);
    await at(2 * 86400_000, () => cleanUp(t.app.ctx));
    const after = await t.database.db.select({ n: count() }).from(signinCodes);
    expect(before[0]!.n).toBeGreaterThan(0);
    expect(after[0]!.n).toBe(0);
    await new Visitor(t.app).get('/v3.0/u/qr/url');
    await cleanUp(t.app.ctx);
    expect((await t.database.db.select({ n: count() }).from(signinCodes))[0]!.n).toBe(1);
  });
});
