import { afterAll, describe, expect, it } from 'vitest';
import { emptyDataDir, startServer, type Server } from './harness.ts';

/** The operator's view: restarts keep data, Ctrl+C stops cleanly, --admin hands out the keys. */
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function start(dataDir?: string, args: string[] = []) {
  const s = await startServer({}, dataDir, args);
  servers.push(s);
  return s;
}

async function call(server: Server, path: string, body?: unknown, cookie = '') {
  const res = await fetch(server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    json: await res.json(),
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

describe('running the site', () => {
  // Three real process starts, the first with every migration and the seed on PGlite: beside two other browser files
  // on a 2-core machine that passes the 60 s default.
  it(
    'keeps accounts and content across a clean Ctrl+C and restart, seeding only once, and --admin promotes',
    { timeout: 360_000 },
    async () => {
      const first = await start(emptyDataDir()); // a real first start: migrations and the seed
      const communities = (await call(first, '/v3.0/subsites/communities')).json.data.items.length;
      expect(communities).toBeGreaterThanOrEqual(3);
      await call(first, '/v3.0/auth/simple/register', {
        values: { name: 'Первая Хозяйка', email: 'owner@example.ru', password: 'пароль владельца' },
      });
      const reader = await call(first, '/v3.0/auth/simple/register', {
        values: { name: 'Читатель Второй', email: 'reader@example.ru', password: 'пароль читателя' },
      });
      expect(reader.json.data.user.is_superuser).toBe(false);

      const code = await first.stop('SIGINT');
      expect(code).toBe(0);
      expect(first.output()).toContain('stopped cleanly');

      const second = await start(first.dataDir, ['--admin', 'reader@example.ru']);
      expect(second.output()).not.toContain('demo content seeded');
      expect((await call(second, '/v3.0/subsites/communities')).json.data.items.length).toBe(communities);
      const login = await call(second, '/v3.0/auth/simple/login', {
        values: { email: 'reader@example.ru', password: 'пароль читателя' },
      });
      expect(login.json.rc).toBe(200);
      expect(login.json.data.user.is_superuser).toBe(true);
      expect((await call(second, '/v3.0/auth/check', undefined, login.cookie)).json.data.user.name).toBe(
        'Читатель Второй',
      );
      expect(await second.stop('SIGTERM')).toBe(0);
    },
  );
});
