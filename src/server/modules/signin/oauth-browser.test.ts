import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { outbox, signinIdentities, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { cookieOptions, OAUTH_COOKIE } from './browser.ts';
import { finishInBrowser as finish, startTestOidc, throughProvider, type TestOidc } from './testing.ts';

/**
 * Social sign-in's defences (issue 25, item 8): the state bound to the browser that started it (login CSRF), a
 * provider's verified email linking only through a letter to the address's owner, and a letter for every new way in.
 */
let t: TestApp;
let oidc: TestOidc;
/** The first account runs the site (superuser); its address is one the test provider can claim ('boss'). */
const owner = { v: null as unknown as Visitor, id: 0, email: 'boss@example.ru' };

beforeAll(async () => {
  oidc = await startTestOidc(['http://localhost:3000/auth/oidc/callback']);
  t = await startTestApp({
    fetchAllowHosts: ['127.0.0.1'],
    signinProviders: {
      oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret, name: 'Тестовый ID' },
    },
  });
  owner.v = new Visitor(t.app);
  const { user } = await owner.v.register({ name: 'Хозяин Сайта', email: owner.email });
  expect(user.role).toBe('superuser');
  owner.id = user.id;
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

const n = async (table: typeof users | typeof signinIdentities) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;
const signedInId = async (v: Visitor) => (await v.get('/v3.0/auth/check')).json().data.user?.id ?? null;
/** The newest letter to `to` with this subject, once the queue has run. */
const letter = async (to: string, subject: string) => {
  await jobsOf(t.app.ctx).drain();
  return (
    await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.subject, subject)))
      .orderBy(desc(outbox.id))
      .limit(1)
  )[0];
};

describe('the state is bound to the browser that started the sign-in', () => {
  it("an attacker's callback opened by a signed-in victim is refused in Russian and changes nothing", async () => {
    const attacker = new Visitor(t.app);
    const callback = await throughProvider(attacker, oidc, 'attacker');
    const victim = new Visitor(t.app);
    const { user } = await victim.register({ name: 'Жертва Атаки' });
    const [people, identities] = [await n(users), await n(signinIdentities)];

    const opened = await finish(victim, callback);
    expect(opened.ok).toBe(false);
    expect(opened.res.statusCode).toBe(400);
    expect(opened.error).toBe(messages.oauthOtherBrowser);
    expect(opened.res.headers['set-cookie']).toBeUndefined();
    expect(await signedInId(victim)).toBe(user.id);
    expect([await n(users), await n(signinIdentities)]).toEqual([people, identities]);

    // The state was not spent: the browser that started the flow still finishes it.
    expect((await finish(attacker, callback)).ok).toBe(true);
    expect(await signedInId(victim)).toBe(user.id);
  });

  it('the cookie is HttpOnly, for /auth/ only, ten minutes, signed for this state; SameSite=None for Apple', async () => {
    const v = new Visitor(t.app);
    const start = await v.get('/auth/oidc');
    const set = String(start.headers['set-cookie']);
    expect(set).toMatch(new RegExp(`^${OAUTH_COOKIE}=\\d+\\.[A-Za-z0-9_-]{43};`));
    expect(set).toContain('Max-Age=600');
    expect(set).toContain('Path=/auth/');
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');

    // Another flow's cookie (the same browser, an earlier state) does not fit this state.
    const first = await throughProvider(v, oidc, 'two-flows');
    const firstCookie = v.cookies[OAUTH_COOKIE];
    const second = await throughProvider(v, oidc, 'two-flows');
    expect((await finish(v, first)).error).toBe(messages.oauthOtherBrowser);
    v.cookies[OAUTH_COOKIE] = `${firstCookie!.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await finish(v, second)).error).toBe(messages.oauthOtherBrowser);

    // Apple comes back by a cross-site POST: only a SameSite=None (so Secure) cookie rides along.
    const https = { ...t.app.ctx, config: { ...t.app.ctx.config, publicUrl: 'https://sreda.example' } } as Ctx;
    expect(cookieOptions(https, 'apple')).toMatchObject({ sameSite: 'none', secure: true, httpOnly: true });
    expect(cookieOptions(https, 'oidc')).toMatchObject({ sameSite: 'lax', secure: true });
  });
});

describe("a provider's verified email of an existing account", () => {
  it("signs nobody in to the superuser's account: its owner gets a letter, and the letter's link links and signs in", async () => {
    const identities = await n(signinIdentities);
    const stranger = new Visitor(t.app);
    const asked = await finish(stranger, await throughProvider(stranger, oidc, 'boss'));
    expect(asked.ok).toBe(false);
    expect(asked.res.statusCode).toBe(200);
    expect(asked.error).toBe(messages.oauthLinkMailed('Тестовый ID'));
    expect(await signedInId(stranger)).toBeNull();
    expect(await n(signinIdentities)).toBe(identities);

    const mail = await letter(owner.email, messages.linkMailSubject);
    expect(mail.text).toContain('Хозяин Сайта, здравствуйте!');
    expect(mail.text).toContain('Тестовый ID');
    const token = /\/auth\/magic\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    // A moderator reading the outbox (no SMTP here: it is the mailbox) sees the letter, not its link.
    const mod = new Visitor(t.app);
    const { user: modUser } = await mod.register({ name: 'Модератор Мод' });
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, modUser.id));
    const seen = (await mod.get('/v3.0/admin/outbox')).body;
    expect(seen).toContain(messages.linkMailSubject);
    expect(seen).not.toContain(token);

    // The owner follows it (a signed-out browser): signed in, the provider linked, and told of the new way in.
    const ownerBrowser = new Visitor(t.app);
    const used = await ownerBrowser.post('/v3.0/magic/use', { token });
    expect(used.json()).toMatchObject({ rc: 200, data: { user: { id: owner.id } } });
    expect(await n(signinIdentities)).toBe(identities + 1);
    const told = await letter(owner.email, messages.newMethodMailSubject);
    expect(told.text).toContain('Тестовый ID');
    expect(isRussian(told.text)).toBe(true);
    expect((await new Visitor(t.app).post('/v3.0/magic/use', { token })).json().rc).toBe(400);

    // From now on the provider signs in to that account directly.
    const later = new Visitor(t.app);
    expect((await finish(later, await throughProvider(later, oidc, 'boss'))).ok).toBe(true);
    expect(await signedInId(later)).toBe(owner.id);
  });

  it('an unverified one is refused, as before', async () => {
    await new Visitor(t.app).register({ email: 'unverified-someone@example.ru' });
    const v = new Visitor(t.app);
    const refused = await finish(v, await throughProvider(v, oidc, 'unverified-someone'));
    expect(refused.error).toBe(messages.oauthEmailTaken);
  });
});

describe('every new way in is told to the owner by a letter', () => {
  it('a provider linked while signed in', async () => {
    const me = new Visitor(t.app);
    const { email } = await me.register({ name: 'Анна Привязкина' });
    expect((await finish(me, await throughProvider(me, oidc, 'noemail-anna'))).ok).toBe(true);
    const told = await letter(email, messages.newMethodMailSubject);
    expect(told.text).toBe(
      messages.newMethodMailText('Анна Привязкина', 'Тестовый ID', 'http://localhost:3000/settings/signin'),
    );
  });

  it('a first password set in settings by a person who came through the provider; not a changed one', async () => {
    const v = new Visitor(t.app);
    expect((await finish(v, await throughProvider(v, oidc, 'first-password'))).ok).toBe(true);
    const set = await v.post('/v3.0/users/settings/password', { password: 'первый пароль 2026' });
    expect(set.json().rc).toBe(200);
    const told = await letter('first-password@example.ru', messages.newMethodMailSubject);
    expect(told.text).toContain(`способ входа: ${messages.methodPassword}.`);

    const changed = await v.post('/v3.0/users/settings/password', {
      current: 'первый пароль 2026',
      password: 'второй пароль 2026',
    });
    expect(changed.json().rc).toBe(200);
    expect((await letter('first-password@example.ru', messages.newMethodMailSubject)).id).toBe(told.id);
  });

  it('a password set through recovery', async () => {
    const { email } = await new Visitor(t.app).register({ name: 'Пётр Забывчивый' });
    await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } });
    const link = await letter(email, messages.recoverMailSubject);
    const token = /token=([A-Za-z0-9_-]+)/.exec(link.text)![1];
    const done = await new Visitor(t.app).post('/v3.0/auth/simple/recover/do', {
      values: { token, password: 'новый пароль 2026' },
    });
    expect(done.json().rc).toBe(200);
    const told = await letter(email, messages.newMethodMailSubject);
    expect(told.text).toContain(`способ входа: ${messages.methodPassword}.`);
  });
});

const isRussian = (text: string) => /[А-Яа-яЁё]/.test(text);

describe('Telegram login (its signed result, checked with the bot token)', () => {
  const botToken = '123456:test-bot-token';
  const signed = (fields: Record<string, string | number>, token = botToken) => {
    const check = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('\n');
    const secret = crypto.createHash('sha256').update(token).digest();
    const hash = crypto.createHmac('sha256', secret).update(check).digest('hex');
    return Buffer.from(JSON.stringify({ ...fields, hash })).toString('base64');
  };
  const withTelegram = async (work: () => Promise<void>) => {
    t.config.signinProviders.telegram = { botToken };
    try {
      await work();
    } finally {
      delete t.config.signinProviders.telegram;
    }
  };

  it('sends the window to Telegram, signs up on a good signature, refuses a forged or stale one', async () => {
    await withTelegram(async () => {
      const v = new Visitor(t.app);
      const start = await v.get('/auth/telegram');
      expect(start.headers.location).toMatch(/^https:\/\/oauth\.telegram\.org\/auth\?bot_id=123456&/);
      // Without the result in the query the page moves it there from the fragment.
      expect((await new Visitor(t.app).get('/auth/telegram/callback')).body).toContain('tgAuthResult');
      const now = Math.floor(Date.now() / 1000);
      const good = signed({ id: 777001, first_name: 'Тимур', last_name: 'Телеграмов', auth_date: now });
      // Not from the browser that went to Telegram: refused, nothing changes.
      const stranger = new Visitor(t.app);
      const elsewhere = await stranger.get(`/auth/telegram/callback?tgAuthResult=${encodeURIComponent(good)}`);
      expect(elsewhere.body).toContain(messages.oauthOtherBrowser);
      expect(await signedInId(stranger)).toBeNull();
      const res = await v.get(`/auth/telegram/callback?tgAuthResult=${encodeURIComponent(good)}`);
      expect(res.body).toContain('data-result="success"');
      expect((await v.get('/v3.0/auth/check')).json().data.user.name).toBe('Тимур Телеграмов');
      const before = await n(users);
      for (const bad of [
        signed({ id: 777002, first_name: 'Чужой', auth_date: now }, '123456:another-token'),
        signed({ id: 777003, first_name: 'Старый', auth_date: now - 2 * 86400 }),
        'not-base64-json',
      ]) {
        const w = new Visitor(t.app);
        await w.get('/auth/telegram');
        const refused = await w.get(`/auth/telegram/callback?tgAuthResult=${encodeURIComponent(bad)}`);
        expect(refused.statusCode).toBe(400);
        expect(refused.body).toContain(messages.telegramInvalid);
        expect(await signedInId(w)).toBeNull();
      }
      expect(await n(users)).toBe(before);
    });
  });
});
