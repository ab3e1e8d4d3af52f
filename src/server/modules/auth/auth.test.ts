import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { outbox, sessions, subsites, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { SESSION_CACHE_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0].n;

describe('registration', () => {
  it('creates a user with a personal blog, signs them in, and the first user runs the site', async () => {
    const v = new Visitor(t.app);
    const before = await userCount();
    const { user } = await v.register({ name: 'Анна Смирнова', email: 'Anna@Example.ru' });
    expect(await userCount()).toBe(before + 1);
    expect(user).toMatchObject({
      name: 'Анна Смирнова',
      user_email: 'Anna@Example.ru',
      is_user: true,
      login_method: 'email',
    });
    expect(user.url).toBe(`/u/${user.id}-anna-smirnova`);
    expect(user.is_superuser).toBe(before === 0);
    const [blog] = await t.database.db.select().from(subsites).where(eq(subsites.id, user.id));
    expect(blog).toMatchObject({ type: 'user', name: 'Анна Смирнова' });
    expect(user.managedSubsites).toEqual([expect.objectContaining({ value: user.id, label: 'Анна Смирнова' })]);
    const check = (await v.get('/v3.0/auth/check')).json();
    expect(check).toMatchObject({ rc: 200, data: { user: { id: user.id } } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('gives later users the plain user role', async () => {
    const { user } = await new Visitor(t.app).register();
    expect(user.role).toBe('user');
    expect(user.is_superuser).toBe(false);
  });

  it('sets an HttpOnly SameSite=Lax session cookie', async () => {
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/register', {
      values: { name: 'Кот Борис', email: 'boris@example.ru', password: 'мурмурмур' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sreda_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value.length).toBeGreaterThan(30);
  });

  it('refuses a registered email in any letter case, changing nothing', async () => {
    const v = new Visitor(t.app);
    await v.register({ email: 'twice@example.ru' });
    const before = await userCount();
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/register', {
      values: { name: 'Другой Человек', email: 'TWICE@example.ru', password: 'password123' },
    });
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.emailTaken);
    expect(res.json().data.errors.email).toBe(messages.emailTaken);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['missing values', {}, '_'],
    ['missing name', { values: { email: 'a@b.ru', password: 'password123' } }, 'name'],
    ['missing email', { values: { name: 'Иван', password: 'password123' } }, 'email'],
    ['missing password', { values: { name: 'Иван', email: 'a@b.ru' } }, 'password'],
    ['name of a number', { values: { name: 42, email: 'a@b.ru', password: 'password123' } }, 'name'],
    ['email of an array', { values: { name: 'Иван', email: ['a@b.ru'], password: 'password123' } }, 'email'],
    ['password of an object', { values: { name: 'Иван', email: 'a@b.ru', password: { a: 1 } } }, 'password'],
    ['values as a string', { values: 'x' }, '_'],
    ['bad email', { values: { name: 'Иван', email: 'not-an-email', password: 'password123' } }, 'email'],
    ['blank name', { values: { name: '   ', email: 'a@b.ru', password: 'password123' } }, 'name'],
    [
      'name with markup',
      { values: { name: '<script>alert(1)</script>', email: 'a@b.ru', password: 'password123' } },
      'name',
    ],
    ['huge name', { values: { name: 'Я'.repeat(100_000), email: 'a@b.ru', password: 'password123' } }, 'name'],
    ['huge email', { values: { name: 'Иван', email: `${'a'.repeat(300)}@b.ru`, password: 'password123' } }, 'email'],
    ['short password', { values: { name: 'Иван', email: 'a@b.ru', password: '1234567' } }, 'password'],
    ['huge password', { values: { name: 'Иван', email: 'a@b.ru', password: 'p'.repeat(201) } }, 'password'],
    [
      'extra field inside values',
      { values: { name: 'Иван', email: 'a@b.ru', password: 'password123', role: 'superuser' } },
      '_',
    ],
    [
      'extra field at the top',
      { values: { name: 'Иван', email: 'a@b.ru', password: 'password123' }, is_admin: 1 },
      '_',
    ],
  ])('refuses %s with rc 400 and a Russian message', async (_label, body, field) => {
    const before = await userCount();
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/register', body);
    expect(isRussianError(res, 400)).toBe(true);
    expect(Object.keys(res.json().data.errors)).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it('accepts a form body in bracket notation and a multipart body', async () => {
    const form = await new Visitor(t.app).call('/v3.0/auth/simple/register', {
      method: 'POST',
      as: 'form',
      body: { values: { name: 'Форма Формовна', email: 'form@example.ru', password: 'password123' }, mode: 'raw' },
    });
    expect(form.json()).toMatchObject({ rc: 200, data: { user: { name: 'Форма Формовна' } } });
    const multi = await new Visitor(t.app).upload('/v3.0/auth/simple/register', [], {
      fields: {
        'values[name]': 'Мульти Парт',
        'values[email]': 'multi@example.ru',
        'values[password]': 'password123',
        mode: 'raw',
      },
    });
    expect(multi.json()).toMatchObject({ rc: 200, data: { user: { name: 'Мульти Парт' } } });
  });

  it('refuses a request without the CSRF marker and creates nothing', async () => {
    const before = await userCount();
    const res = await new Visitor(t.app).post(
      '/v3.0/auth/simple/register',
      { values: { name: 'Без Заголовка', email: 'nocsrf@example.ru', password: 'password123' } },
      { csrf: false },
    );
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.csrf);
    expect(await userCount()).toBe(before);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password in any email case and out again', async () => {
    const { email, password, user } = await new Visitor(t.app).register();
    const v = new Visitor(t.app);
    expect((await v.get('/v3.0/auth/check')).json()).toEqual({ rc: 200, rm: '', data: { user: null } });
    const login = await v.post('/v3.0/auth/simple/login', { values: { email: email.toUpperCase(), password } });
    expect(login.json()).toMatchObject({ rc: 200, data: { user: { id: user.id } } });
    expect((await v.get('/auth/check')).json().data.user.id).toBe(user.id);
    const logout = await v.post('/v3.0/auth/logout');
    expect(logout.json()).toMatchObject({ rc: 200, rm: messages.loggedOut, data: { user: null } });
    expect((await v.get('/v3.0/auth/check')).json().data.user).toBeNull();
  });

  it('forgets the session on the server at sign-out, so a copied cookie is useless', async () => {
    const v = new Visitor(t.app);
    await v.register();
    const stolen = { ...v.cookies };
    await v.post('/v3.0/auth/logout');
    const thief = new Visitor(t.app);
    thief.cookies = stolen;
    expect((await thief.get('/v3.0/auth/check')).json().data.user).toBeNull();
  });

  it.each([
    ['a wrong password', (e: string) => ({ values: { email: e, password: 'wrong password' } })],
    ['an unknown email', () => ({ values: { email: 'nobody@example.ru', password: 'whatever1' } })],
  ])('answers %s with the same Russian error and no cookie', async (_l, body) => {
    const { email } = await new Visitor(t.app).register();
    const v = new Visitor(t.app);
    const res = await v.post('/v3.0/auth/simple/login', body(email));
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(messages.wrongCredentials);
    expect(v.cookies).toEqual({});
  });

  it('ignores a garbage session cookie', async () => {
    const v = new Visitor(t.app);
    v.cookies.sreda_session = 'x'.repeat(5000);
    expect((await v.get('/v3.0/auth/check')).json().data.user).toBeNull();
  });

  it('does not sign out without the CSRF marker', async () => {
    const v = new Visitor(t.app);
    const { user } = await v.register();
    const res = await v.post('/v3.0/auth/logout', {}, { csrf: false });
    expect(isRussianError(res, 403)).toBe(true);
    expect((await v.get('/v3.0/auth/check')).json().data.user.id).toBe(user.id);
  });
});

describe('password recovery', () => {
  const lastMail = async (to: string) =>
    (
      await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, to))
        .orderBy(sql`id desc`)
        .limit(1)
    )[0];
  const tokenOf = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1];

  it('mails a link, sets the new password, ends old sessions and signs in', async () => {
    const owner = new Visitor(t.app);
    const { email, user } = await owner.register();
    const stranger = new Visitor(t.app);
    const req = await stranger.post('/auth/simple/recover/request', { values: { email } });
    expect(req.json()).toMatchObject({ rc: 200, rm: messages.recoverSent });
    // The letter's job runs after the answer: without SMTP it keeps the letter in the outbox.
    await expect.poll(async () => (await lastMail(email)).status).toBe('kept');
    const mail = await lastMail(email);
    expect(mail).toMatchObject({ subject: messages.recoverMailSubject });
    expect(mail.text).toContain('http://localhost:3000/auth/simple/recover?token=');
    const token = tokenOf(mail.text);

    const check = await stranger.get(`/v3.0/auth/simple/recover?token=${token}`);
    expect(check.json()).toMatchObject({ rc: 200, data: { email } });

    const done = await stranger.post('/v3.0/auth/simple/recover/do', {
      values: { token, password: 'новый пароль 2026' },
    });
    expect(done.json()).toMatchObject({ rc: 200, rm: messages.passwordChanged, data: { user: { id: user.id } } });
    expect((await stranger.get('/v3.0/auth/check')).json().data.user.id).toBe(user.id);
    expect((await owner.get('/v3.0/auth/check')).json().data.user).toBeNull();

    const again = await new Visitor(t.app).post('/v3.0/auth/simple/recover/do', {
      values: { token, password: 'ещё один пароль' },
    });
    expect(isRussianError(again, 400)).toBe(true);
    expect(again.json().rm).toBe(messages.recoverTokenInvalid);
    const login = await new Visitor(t.app).post('/v3.0/auth/simple/login', {
      values: { email, password: 'новый пароль 2026' },
    });
    expect(login.json().rc).toBe(200);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(outbox))[0].n;
    const res = await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', {
      values: { email: 'ghost@example.ru' },
    });
    expect(res.json()).toMatchObject({ rc: 200, rm: messages.recoverSent });
    expect((await t.database.db.select({ n: count() }).from(outbox))[0].n).toBe(before);
  });

  it('refuses an expired link', async () => {
    const { email, password } = await new Visitor(t.app).register();
    await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } });
    const token = tokenOf((await lastMail(email)).text);
    t.clock.now = new Date(Date.now() + 61 * 60_000);
    try {
      const res = await new Visitor(t.app).post('/v3.0/auth/simple/recover/do', {
        values: { token, password: 'другой пароль' },
      });
      expect(isRussianError(res, 400)).toBe(true);
    } finally {
      t.clock.now = new Date();
    }
    expect((await new Visitor(t.app).post('/v3.0/auth/simple/login', { values: { email, password } })).json().rc).toBe(
      200,
    );
  });

  it.each([
    ['no token', {}],
    ['a made-up token', { token: 'A'.repeat(43) }],
    ['a token with odd characters', { token: '../../etc/passwd' }],
    ['a huge token', { token: 'A'.repeat(10_000) }],
  ])('refuses %s', async (_l, query) => {
    const qs = new URLSearchParams(query as Record<string, string>).toString();
    const res = await new Visitor(t.app).get(`/v3.0/auth/simple/recover?${qs}`);
    expect(isRussianError(res, 400)).toBe(true);
  });

  it('refuses a weak new password and keeps the token usable', async () => {
    const { email } = await new Visitor(t.app).register();
    await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } });
    const token = tokenOf((await lastMail(email)).text);
    const weak = await new Visitor(t.app).post('/v3.0/auth/simple/recover/do', { values: { token, password: '123' } });
    expect(isRussianError(weak, 400)).toBe(true);
    expect(weak.json().data.errors.password).toBe(messages.passwordTooShort);
    const ok = await new Visitor(t.app).post('/v3.0/auth/simple/recover/do', {
      values: { token, password: 'хороший пароль' },
    });
    expect(ok.json().rc).toBe(200);
  });
});

describe('sessions table', () => {
  it('stores only a hash of the session token', async () => {
    const v = new Visitor(t.app);
    await v.register();
    const token = v.cookies.sreda_session;
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('one sign-up, one recovery: one transaction each', () => {
  /** The database refuses new sessions: a real failure in the last write of both actions. */
  async function withSessionsFailing(work: () => Promise<void>) {
    const db = t.database.db;
    await db.execute(
      sql`create function fail_session() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`,
    );
    await db.execute(
      sql`create trigger fail_session before insert on sessions for each row execute function fail_session()`,
    );
    try {
      await work();
    } finally {
      await db.execute(sql`drop trigger fail_session on sessions`);
      await db.execute(sql`drop function fail_session()`);
    }
  }
  const lastToken = async (to: string) =>
    /token=([A-Za-z0-9_-]+)/.exec(
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(eq(outbox.to, to))
          .orderBy(sql`id desc`)
          .limit(1)
      )[0].text,
    )![1];

  it('a sign-up that fails at its session keeps no user and no blog, and the address stays free', async () => {
    const before = [await userCount(), (await t.database.db.select({ n: count() }).from(subsites))[0].n];
    const values = { name: 'Несостоявшийся Автор', email: 'not-stored@example.ru', password: 'пароль подлиннее' };
    await withSessionsFailing(async () => {
      expect((await new Visitor(t.app).post('/v3.0/auth/simple/register', { values })).statusCode).toBe(500);
    });
    expect([await userCount(), (await t.database.db.select({ n: count() }).from(subsites))[0].n]).toEqual(before);
    expect((await new Visitor(t.app).post('/v3.0/auth/simple/register', { values })).json().rc).toBe(200);
  });

  it('a recovery that fails at its session keeps the old password, the old sessions and the link', async () => {
    const owner = new Visitor(t.app);
    const { email, password } = await owner.register();
    await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } });
    const token = await lastToken(email);
    await withSessionsFailing(async () => {
      const res = await new Visitor(t.app).post('/v3.0/auth/simple/recover/do', {
        values: { token, password: 'новый пароль 2027' },
      });
      expect(res.statusCode).toBe(500);
    });
    expect((await owner.get('/v3.0/auth/check')).json().data.user).not.toBeNull();
    expect((await new Visitor(t.app).post('/v3.0/auth/simple/login', { values: { email, password } })).json().rc).toBe(
      200,
    );
    const done = await new Visitor(t.app).post('/v3.0/auth/simple/recover/do', {
      values: { token, password: 'новый пароль 2027' },
    });
    expect(done.json().rc).toBe(200);
  });
});

describe('sessions remembered for a few seconds in production', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await startTestApp({ sharedCaches: true });
  });
  afterAll(async () => {
    await p?.close();
  });
  const check = async (v: Visitor) => (await v.get('/v3.0/auth/check')).json().data.user?.id ?? null;

  it('ends at once on sign-out or a ban through this node; a session ended elsewhere within SESSION_CACHE_MS', async () => {
    const admin = new Visitor(p.app);
    await admin.register({ name: 'Хозяин Сайта' });
    const v = new Visitor(p.app);
    const { user, email, password } = await v.register();
    expect(await check(v)).toBe(user.id);

    // Ended around the server (as another node would): this node still knows the session for a few seconds.
    await p.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await check(v)).toBe(user.id);
    p.clock.now = new Date(p.clock.now.getTime() + SESSION_CACHE_MS);
    expect(await check(v)).toBeNull();

    // Signed in again: a sign-out through this node ends the session at once, for a copied cookie too.
    const again = new Visitor(p.app);
    const login = await again.post('/v3.0/auth/simple/login', { values: { email, password } });
    expect(login.json().rc, login.body).toBe(200);
    expect(await check(again)).toBe(user.id);
    const copy = new Visitor(p.app);
    copy.cookies = { ...again.cookies };
    expect(await check(copy)).toBe(user.id);
    expect((await again.post('/v3.0/auth/logout')).json().rc).toBe(200);
    expect(await check(copy)).toBeNull();

    // A ban answered by this node holds for the very next request of the banned reader.
    const banned = new Visitor(p.app);
    await banned.post('/v3.0/auth/simple/login', { values: { email, password } });
    expect((await banned.post('/v3.0/subscribe/to/subsite/1')).json().rc).not.toBe(403);
    const ban = await admin.post(`/v3.0/admin/users/${user.id}/ban`, { reason_text: 'Спам', days: 1 });
    expect(ban.json().rc, ban.body).toBe(200);
    expect(isRussianError(await banned.post('/v3.0/subscribe/to/subsite/1'), 403)).toBe(true);
  });
});
