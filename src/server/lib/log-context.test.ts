import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { buildApp } from '../http/app.ts';
import { enqueue, jobsOf } from '../jobs/queue.ts';

type Line = Record<string, unknown> & { msg?: string };

/** The app's own log, captured: lines a service or a job writes through `ctx.log` carry the request's or job's ids. */
describe('log context', () => {
  let app: FastifyInstance;
  let database: Database;
  let out = '';
  const lines = (): Line[] =>
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);

  beforeAll(async () => {
    database = await openDatabase({ url: '', dataDir: 'memory://' });
    const config = loadConfig(
      { ...process.env, DATA_DIR: '/nonexistent-test-data' },
      { databaseUrl: '', redisUrl: '', secret: 'log-context-test', logLevel: 'debug', roles: ['web', 'worker'] },
    );
    const logDestination = new Writable({
      write(chunk, _enc, done) {
        out += chunk;
        done();
      },
    });
    app = await buildApp({ config, db: database.db, logDestination });
    // A route that logs as a service does (the app's logger, after a query and after its JSON body was read).
    app.post('/test/log-context', async (req) => {
      await app.ctx.db.execute(sql`select 1`);
      await new Promise((r) => setTimeout(r, 5));
      app.ctx.log.info({ body: req.body }, 'service line');
      return { ok: true };
    });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('gives a service’s lines the request id of the request they ran for, once per line', async () => {
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((n) =>
        app.inject({ method: 'POST', url: '/test/log-context', payload: { n }, headers: { 'x-this-is-csrf': '1' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const service = lines().filter((l) => l.msg === 'service line');
    expect(service).toHaveLength(3);
    for (const line of service) {
      const n = (line.body as { n: string }).n;
      // The request's own closing line (Fastify's request logger) has the same id.
      const completed = lines().filter((l) => l.msg === 'request completed' && l.reqId === line.reqId);
      expect(completed, `request ${n}`).toHaveLength(1);
    }
    expect(new Set(service.map((l) => l.reqId)).size).toBe(3);
    // The request logger's own lines are not given the id twice.
    const raw = out.split('\n').find((l) => l.includes('"request completed"'))!;
    expect(raw.match(/"reqId"/g)).toHaveLength(1);
  });

  it('gives a job’s lines its id, name and attempt, the handler’s own lines too', async () => {
    jobsOf(app.ctx).register('notify.system', async () => {
      app.ctx.log.info('handler line');
      throw new Error('planned failure');
    });
    const id = await enqueue(app.ctx, 'notify.system', { userId: 1, text: 'x' }, { maxAttempts: 2 });
    await jobsOf(app.ctx).drain();
    const handler = lines().find((l) => l.msg === 'handler line')!;
    expect(handler).toMatchObject({ jobId: id, job: 'notify.system', attempt: 1 });
    expect(handler.reqId).toBeUndefined();
    const failed = lines().find((l) => l.msg === 'job failed, will retry')!;
    expect(failed).toMatchObject({ jobId: id, job: 'notify.system', attempt: 1, err: 'planned failure' });
  });
});
