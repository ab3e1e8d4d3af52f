import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import {
  accountExports,
  apiTokens,
  comments,
  emailSubscriptions,
  entries,
  entryVersions,
  nameChanges,
  outbox,
  passkeys,
  pushEndpoints,
  recoveryTokens,
  sessions,
  signinCodes,
  signinIdentities,
} from '../../db/schema.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { isRussianError, startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { softwarePasskey, startTestOidc, type TestOidc } from '../signin/testing.ts';
import { runDeletion } from './service.ts';

/** Issue 25, finding 9: once the job has run, no way leads back into a deleted account, and what it promised is gone. */
let t: TestApp;
let oidc: TestOidc;
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  oidc = await startTestOidc([`${PUBLIC}/auth/oidc/callback`]);
  t = await startTestApp({
    fetchAllowHosts: ['127.0.0.1'],
    signinProviders: { oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret } },
  });
  await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

const signedInId = async (v: Visitor) => (await v.get('/v3.0/auth/check')).json().data.user?.id ?? null;
const lastLetter = async (to: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];
const link = (letter: { text: string } | undefined, re: RegExp) => re.exec(letter?.text ?? '')?.[1] ?? '';

/** Through the test provider as the person `login` (its address `{login}@example.ru`): who the visitor is after. */
async function viaProvider(v: Visitor, login: string) {
  const start = await v.get('/auth/oidc');
  expect(start.statusCode, start.body).toBe(302);
  await v.get(await oidc.authorize(start.headers.location as string, login));
  return signedInId(v);
}

async function viaPasskey(key: ReturnType<typeof softwarePasskey>) {
  const v = new Visitor(t.app);
  const options = (await v.post('/v3.0/passkeys/login/options', {})).json().data;
  const res = await v.post('/v3.0/passkeys/login', { key: options.key, credential: key.login(options.options) });
  return { res, id: await signedInId(v) };
}

async function newQr() {
  const browser = new Visitor(t.app);
  const qr = (await browser.get('/v3.0/u/qr/url')).json().data;
  return { browser, key: qr.key as string, code: /\/auth\/qr\/([A-Za-z0-9_-]{43})$/.exec(qr.url)![1]! };
}

const afterGrace = async (userId: number) => {
  t.clock.now = new Date(Date.now() + 15 * 86400_000);
  try {
    await runDeletion(t.app.ctx, userId);
    // The jobs it queued (a deleted account's devices and mail subscriptions) run at the job's own time.
    await jobsOf(t.app.ctx).drain();
  } finally {
    t.clock.now = new Date();
  }
};

describe('account deletion', () => {
  it('ends every way back in at once: password, mailed links, QR, passkey, provider, token, old session', async () => {
    const v = new Visitor(t.app);
    const email = 'leaver@example.ru';
    const { password, user } = await v.register({ name: 'Уходящий Насовсем', email });
    const id = user.id as number;

    // Every way in, each shown working first.
    const key = softwarePasskey(PUBLIC);
    const reg = (await v.post('/v3.0/passkeys/register/options', {})).json().data;
    const added = await v.post('/v3.0/passkeys/register', { key: reg.key, credential: key.register(reg.options) });
    expect(added.json().rc, added.body).toBe(200);
    expect((await viaPasskey(key)).id).toBe(id);
    // The provider linked while signed in; from then on it signs in to this account.
    expect(await viaProvider(v, 'leaver')).toBe(id);
    expect(await viaProvider(new Visitor(t.app), 'leaver')).toBe(id);
    const token = (await v.post('/v3.0/tokens/create', { name: 'бот', scope: 'write', days: 0 })).json().data.token;
    expect(
      (await new Visitor(t.app).get('/v3.0/auth/check', { headers: { 'x-device-token': token } })).json().data,
    ).toMatchObject({ user: { id } });
    await t.database.db.insert(pushEndpoints).values({
      endpoint: 'https://push.example/leaver',
      userId: id,
      p256dh: 'p',
      auth: 'a',
    });
    await t.database.db.insert(emailSubscriptions).values({ email, userId: id, token: 'leaver-digest-token' });
    expect((await v.post('/v3.0/users/settings/export')).json().rc).toBe(200);
    await jobsOf(t.app.ctx).drain();
    const archive = (await v.get('/v3.0/users/settings')).json().data.exports[0].url as string;
    expect((await v.get(archive)).statusCode).toBe(200);

    // Links asked for before the deletion runs, and a QR code the old session confirmed but nobody used yet.
    expect((await new Visitor(t.app).post('/v3.0/magic/create', { email })).json().rc).toBe(200);
    const magic = link(await lastLetter(email), /auth\/magic\?token=([A-Za-z0-9_-]{43})/);
    expect((await new Visitor(t.app).post('/v3.0/auth/simple/recover/request', { values: { email } })).json().rc).toBe(
      200,
    );
    const recovery = link(await lastLetter(email), /recover\?token=([A-Za-z0-9_-]+)/);
    expect(magic && recovery).toBeTruthy();
    const confirmed = await newQr();
    expect((await v.post('/v3.0/u/qr/confirm', { code: confirmed.code })).json().rc).toBe(200);
    const email2 = 'leaver-new@example.ru';
    expect((await v.post('/v3.0/users/settings/email', { email: email2, password })).json().rc).toBe(200);
    const emailChange = link(await lastLetter(email2), /settings\/email\/([A-Za-z0-9_-]+)/);

    expect((await v.post('/v3.0/users/settings/delete', { password, content: 'anonymize' })).json().rc).toBe(200);
    const oldCookies = { ...v.cookies };
    await afterGrace(id);

    // Password.
    const login = await new Visitor(t.app).post('/v3.0/auth/simple/login', { values: { email, password } });
    expect(isRussianError(login, 400)).toBe(true);
    // Mailed links: the old ones are void, and a new one finds nobody at the address.
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/magic/use', { token: magic }), 400)).toBe(true);
    const redo = await new Visitor(t.app).post('/v3.0/auth/simple/recover/do', {
      values: { token: recovery, password: 'новый пароль 123' },
    });
    expect(isRussianError(redo, 400), redo.body).toBe(true);
    expect(redo.json().rm).toBe(messages.recoverTokenInvalid);
    const letters = (await t.database.db.select().from(outbox).where(eq(outbox.to, email))).length;
    await new Visitor(t.app).post('/v3.0/magic/create', { email });
    expect((await t.database.db.select().from(outbox).where(eq(outbox.to, email))).length).toBe(letters);
    expect(
      isRussianError(await new Visitor(t.app).post('/v3.0/users/settings/email/confirm', { token: emailChange }), 400),
    ).toBe(true);
    // QR: the code confirmed before buys nothing, and the old session confirms nothing new.
    expect(isRussianError(await confirmed.browser.post('/v3.0/u/qr/complete', { key: confirmed.key }), 400)).toBe(true);
    const fresh = await newQr();
    const old = new Visitor(t.app);
    old.cookies = oldCookies;
    expect(isRussianError(await old.post('/v3.0/u/qr/confirm', { code: fresh.code }), 401)).toBe(true);
    // Passkey.
    const pass = await viaPasskey(key);
    expect(isRussianError(pass.res, 400)).toBe(true);
    expect(pass.id).toBeNull();
    // The provider: its account is no longer linked and the address names nobody, so it makes a new account.
    const other = await viaProvider(new Visitor(t.app), 'leaver');
    expect(other).not.toBe(id);
    // The old API token and the old session cookie.
    const byToken = await new Visitor(t.app).get('/v3.0/auth/check', { headers: { 'x-device-token': token } });
    expect(isRussianError(byToken, 401)).toBe(true);
    expect(await signedInId(old)).toBeNull();
    expect(isRussianError(await old.get(archive), 401)).toBe(true);
    expect(isRussianError(await old.post('/v3.0/tokens/create', { name: 'x', scope: 'write', days: 0 }), 401)).toBe(
      true,
    );

    // Nothing of those ways in is left in the database (devices and mail subscriptions by their jobs, queued with it).
    const db = t.database.db;
    for (const table of [
      sessions,
      apiTokens,
      passkeys,
      signinIdentities,
      signinCodes,
      recoveryTokens,
      pushEndpoints,
      emailSubscriptions,
      accountExports,
      nameChanges,
    ])
      expect(await db.select().from(table).where(eq(table.userId, id))).toEqual([]);
  });

  it('removes the name history and entry versions; in remove mode the comments under its entries go too', async () => {
    const v = new Visitor(t.app);
    const { password, user } = await v.register({ name: 'Старое Имя Автора' });
    const id = user.id as number;
    expect((await v.post('/v3.0/users/settings/name', { name: 'Новое Имя Автора' })).json().rc).toBe(200);
    const entry = await savedEntry(v, { title: 'Запись', entry: [text('Первый текст')], is_published: 1 });
    await savedEntry(v, { id: entry.id, title: 'Запись', entry: [text('Второй текст')], is_published: 1 });
    expect(await t.database.db.select().from(entryVersions).where(eq(entryVersions.entryId, entry.id))).not.toEqual([]);
    const reader = new Visitor(t.app);
    await reader.register({ name: 'Читатель Записи' });
    const under = (await reader.post('/v3.0/comment/add', { id: entry.id, text: 'Комментарий читателя' })).json().data
      .id as number;
    expect(under).toBeGreaterThan(0);

    expect((await v.post('/v3.0/users/settings/delete', { password, content: 'remove' })).json().rc).toBe(200);
    await afterGrace(id);

    const db = t.database.db;
    expect(await db.select().from(nameChanges).where(eq(nameChanges.userId, id))).toEqual([]);
    expect(await db.select().from(entryVersions).where(eq(entryVersions.entryId, entry.id))).toEqual([]);
    const [row] = await db.select().from(entries).where(eq(entries.id, entry.id));
    expect(row!.removed).toBe(true);
    const left = await db
      .select()
      .from(comments)
      .where(and(inArray(comments.id, [under]), eq(comments.removed, false)));
    expect(left).toEqual([]);
  });
});
