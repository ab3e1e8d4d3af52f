import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { messages } from '../../shared/catalogue.ts';
import { passkeys, sessions } from '../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../testing/harness.ts';
import { declaredRoutes, type Route } from './route.ts';
import { SESSION_COOKIE } from './session.ts';

/**
 * Sign-in power is a scope of its own (issue 25, finding 3): an API token, read or write, can do nothing that opens
 * a session or makes, changes or lists a way in. Routes declare it (`session: 'browser'`) and route.ts enforces it.
 */
const { t, signedIn } = useTestApp();

const withToken = (token: string) => ({ headers: { 'x-device-token': token }, csrf: false });
const concrete = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '999999');
const browserOnly = (r: Route) => r.spec.session === 'browser';

async function tokenOf(v: Visitor, scope: 'read' | 'write') {
  const res = await v.post('/v3.0/tokens/create', { name: `бот ${scope}`, scope, days: 30 });
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.token as string;
}

/** Every way in and every place that manages one; a new route of this kind belongs here and must be marked. */
const KNOWN = [
  'POST /v3.0/auth/simple/register',
  'POST /v3.0/auth/simple/login',
  'POST /v3.0/auth/simple/recover/request',
  'POST /v3.0/auth/simple/recover/do',
  'POST /auth/simple/recover/request',
  'POST /auth/simple/recover/do',
  'GET /v3.0/auth/simple/recover',
  'GET /v3.0/u/qr/url',
  'GET /v3.0/u/qr/info',
  'POST /v3.0/u/qr/confirm',
  'POST /v3.0/u/qr/reject',
  'POST /v3.0/u/qr/complete',
  'POST /v3.0/magic/create',
  'POST /v3.0/magic/use',
  'POST /v3.0/passkeys/register/options',
  'POST /v3.0/passkeys/register',
  'POST /v3.0/passkeys/login/options',
  'POST /v3.0/passkeys/login',
  'GET /v3.0/users/settings/signin',
  'POST /v3.0/users/settings/unlink',
  'GET /auth/oidc',
  'GET /auth/oidc/callback',
  'GET /auth/google',
  'GET /auth/googleplus/callback',
  'GET /auth/telegram/callback',
  'POST /auth/apple/callback',
  'GET /v3.0/tokens',
  'POST /v3.0/tokens/create',
  'POST /v3.0/tokens/revoke/:id',
  'POST /v3.0/users/settings/password',
  'POST /v3.0/users/settings/email',
  'POST /v3.0/users/settings/email/confirm',
  'GET /v3.0/users/settings/sessions',
  'POST /v3.0/users/settings/sessions/end_others',
  'POST /v3.0/users/settings/delete',
  'POST /v3.0/users/settings/delete/cancel',
  'POST /v3.0/users/settings/export',
  'GET /v3.0/users/settings/export/:id',
];

/** Paths where every route signs in or manages a way in, so a route added there later is caught unmarked. */
const SIGN_IN_PATHS =
  /^(\/v3\.0)?\/(auth\/simple\/|auth\/(?!check$|logout$|providers$)|u\/qr\/|magic\/|passkeys\/|tokens|users\/settings\/(signin|unlink|password|email|sessions|delete|export))/;

describe('sign-in power is the browser’s alone', () => {
  it('the known ways in, and every route under their paths, are declared browser-only', () => {
    const routes = declaredRoutes(t.app);
    const marked = new Set(routes.filter(browserOnly).map((r) => `${r.method} ${r.url}`));
    for (const name of KNOWN) expect(marked.has(name), name).toBe(true);
    for (const r of routes.filter((r) => SIGN_IN_PATHS.test(r.url)))
      expect(browserOnly(r), `${r.method} ${r.url}`).toBe(true);
    // Everyday API work stays open to tokens.
    for (const url of ['/v3.0/auth/check', '/v3.0/users/settings/profile', '/v3.0/comment/add', '/v3.0/writing/save']) {
      const found = routes.filter((r) => r.url === url);
      expect(found.length, url).toBeGreaterThan(0);
      for (const r of found) expect(browserOnly(r), url).toBe(false);
    }
  });

  it('every browser-only route refuses an API token of either scope with a Russian 403 before doing anything', async () => {
    const { v, id } = await signedIn('Владелец Бота');
    const write = await tokenOf(v, 'write');
    const read = await tokenOf(v, 'read');
    const sessionsBefore = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id));
    const routes = declaredRoutes(t.app).filter(browserOnly);
    expect(routes.length).toBeGreaterThanOrEqual(KNOWN.length);
    const program = new Visitor(t.app);
    for (const r of routes) {
      const url = concrete(r.url);
      const body = r.method === 'GET' ? undefined : {};
      for (const token of [write, read]) {
        const res = await program.call(url, { method: r.method, body, ...withToken(token) });
        expect(isRussianError(res, 403), `${r.method} ${r.url}: ${res.body}`).toBe(true);
        if (token === write) expect(res.json().rm, `${r.method} ${r.url}`).toBe(messages.tokenNotHere);
        expect(res.cookies.map((c) => c.name)).not.toContain(SESSION_COOKIE);
      }
      // The same call from the browser is never refused for that reason.
      const own = await v.call(url, { method: r.method, body });
      expect(own.body, `${r.method} ${r.url}`).not.toContain(messages.tokenNotHere);
    }
    expect(program.cookies).toEqual({});
    // The browser's own calls above ended its other sessions at most; the token opened none.
    const after = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id));
    expect(after[0]!.n).toBeLessThanOrEqual(sessionsBefore[0]!.n);
  });

  it('a write token cannot confirm a QR sign-in or start a passkey for its owner', async () => {
    const { v, id } = await signedIn('Жертва Утечки');
    const write = await tokenOf(v, 'write');
    const program = new Visitor(t.app);
    const attacker = new Visitor(t.app);
    const qr = (await attacker.get('/v3.0/u/qr/url')).json().data;
    const code = /\/auth\/qr\/([A-Za-z0-9_-]{43})$/.exec(qr.url)![1];
    const confirm = await program.post('/v3.0/u/qr/confirm', { code }, withToken(write));
    expect(isRussianError(confirm, 403)).toBe(true);
    expect(confirm.json().rm).toBe(messages.tokenNotHere);
    expect(isRussianError(await attacker.post('/v3.0/u/qr/complete', { key: qr.key }), 400)).toBe(true);
    expect((await attacker.get('/v3.0/auth/check')).json().data.user).toBeNull();

    const options = await program.post('/v3.0/passkeys/register/options', {}, withToken(write));
    expect(isRussianError(options, 403)).toBe(true);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
    // The same token still does everyday work.
    const profile = await program.post('/v3.0/users/settings/profile', { description: 'Бот' }, withToken(write));
    expect(profile.json().rc, profile.body).toBe(200);
  });
});
