import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { buildApp } from '../http/app.ts';
import { redactSecrets } from './log.ts';

/** The app's own log at debug, captured: no secret a request or a service carried may appear in any line. */
describe('log redaction', () => {
  let app: FastifyInstance;
  let database: Database;
  let out = '';

  beforeAll(async () => {
    database = await openDatabase({ url: '', dataDir: 'memory://' });
    const config = loadConfig(
      { ...process.env, DATA_DIR: '/nonexistent-test-data' },
      { databaseUrl: '', redisUrl: '', secret: 'log-test', logLevel: 'trace', roles: ['web'] },
    );
    const logDestination = new Writable({
      write(chunk, _enc, done) {
        out += chunk;
        done();
      },
    });
    app = await buildApp({ config, db: database.db, logDestination });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keeps tokens in URLs, credential headers and Bearer values out of every line at every level', async () => {
    await app.inject({
      url: '/v3.0/subsite/1?token=SEKRET-A&access_token=SEKRET-B&KEY=SEKRET-C&page=2',
      headers: { authorization: 'Bearer SEKRET-D', cookie: 'session=SEKRET-E', 'x-device-token': 'SEKRET-F' },
    });
    await app.inject({ url: '/auth/oauth/callback?code=SEKRET-G&state=SEKRET-H' });
    app.ctx.log.info(
      {
        url: 'https://example.ru/hook?api_key=SEKRET-I',
        headers: { Authorization: 'Basic SEKRET-J', Cookie: 'a=SEKRET-K' },
      },
      'outgoing call',
    );
    app.ctx.log.error(
      { err: new Error('GET https://id.example/token?client_secret=SEKRET-L failed') },
      'provider failed',
    );
    app.ctx.log.debug({ res: { headers: { 'set-cookie': ['session=SEKRET-M; HttpOnly', 'x=SEKRET-N'] } } }, 'answer');
    await expect.poll(() => out).toMatch(/answer/);
    expect(out).toMatch(/incoming request/);
    expect(out).toMatch(/page=2/);
    expect(out.match(/SEKRET-[A-Z]/g) ?? []).toEqual([]);
    // The closing line of a request (the one a slow request writes at warn) says which: method and route, no query.
    const done = out
      .split('\n')
      .filter((l) => l.includes('"request completed"'))
      .map((l) => JSON.parse(l) as { method?: string; route?: string });
    expect(done).toContainEqual(expect.objectContaining({ method: 'GET', route: '/v3.0/subsite/:id' }));
    expect(done).toContainEqual(expect.objectContaining({ method: 'GET', route: '/auth/oauth/callback' }));
  });

  it('leaves ordinary text alone', () => {
    const line = '{"msg":"request completed","url":"/v3.0/feed?sorting=date&page=3","monkey":"token-free"}';
    expect(redactSecrets(line)).toBe(line);
  });
});
