import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, root } from '../../../scripts/ensure-build.ts';
import { startTestApp, Visitor, type TestApp } from '../testing/harness.ts';

describe('rendered pages ignore the API token header', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The web build is made once per run, when missing or stale.
    ensureBuild();
    t = await startTestApp({}, { web: { buildDir: path.join(root, 'build') } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a token alone is served as an anonymous reader; the session cookie still signs in', async () => {
    const owner = new Visitor(t.app);
    const { email } = await owner.register({ name: 'Владелец Токена' });
    const made = await owner.post('/v3.0/tokens/create', { name: 'секретный-бот', scope: 'write', days: 30 });
    expect(made.json().rc, made.body).toBe(200);
    const token = made.json().data.token as string;

    // With the cookie: the settings page is the owner's, with the token list.
    const own = await owner.get('/u/me/settings');
    expect(own.body).toContain('секретный-бот');
    expect(own.body).toContain(email);

    // With the token only: nothing of the owner's on any page.
    const bot = new Visitor(t.app);
    for (const url of ['/u/me/settings', '/', '/notifications']) {
      const res = await bot.get(url, { headers: { 'x-device-token': token } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('секретный-бот');
      expect(res.body, url).not.toContain(email);
      expect(res.body, url).not.toContain('Владелец Токена');
    }
  }, 60_000);

  it('a bad or revoked token on a page is no 401: the page is served, to the cookie’s owner or to an anonymous reader', async () => {
    const owner = new Visitor(t.app);
    await owner.register({ name: 'Хозяйка Старого Токена' });
    const made = await owner.post('/v3.0/tokens/create', { name: 'отозванный', scope: 'read', days: 30 });
    const { item, token } = made.json().data as { item: { id: number }; token: string };
    const id = item.id;
    expect((await owner.post(`/v3.0/tokens/revoke/${id}`, {})).json().rc).toBe(200);
    for (const bad of [token, 'not-a-token']) {
      const anonymous = await new Visitor(t.app).get('/', { headers: { 'x-device-token': bad } });
      expect(anonymous.statusCode).toBe(200);
      const own = await owner.get('/u/me/settings', { headers: { 'x-device-token': bad } });
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain('Хозяйка Старого Токена');
      // The API still refuses it.
      expect(
        (await new Visitor(t.app).get('/v3.0/auth/check', { headers: { 'x-device-token': bad } })).statusCode,
      ).toBe(401);
    }
  }, 60_000);
});
