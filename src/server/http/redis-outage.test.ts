import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { entries } from '../db/schema.ts';
import { messages } from '../../shared/catalogue.ts';
import { startTestApp, Visitor, type TestApp } from '../testing/harness.ts';
import { redisServerMissing, startOwnRedis, type OwnRedis } from '../testing/redis-server.ts';
import { hitCounterOf } from '../modules/hits/service.ts';
import { voteCountersOf } from '../modules/votes/counters.ts';

/**
 * Losing Redis degrades the site, never stops it (lib/redis.ts): the test runs its own redis-server, stops it
 * under a running app and starts it again.
 */
const missing = redisServerMissing();
if (missing) console.warn(`redis outage tests skipped: ${missing}`);

const rejections: unknown[] = [];
const onRejection = (err: unknown) => rejections.push(err);

async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    // The test's own client may still be reconnecting: that is a 'not yet'.
    const v = await probe().catch((err: Error) => err.message as T);
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(missing !== null)('a Redis outage', () => {
  let redis: OwnRedis;
  let probe: Redis;
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    redis = await startOwnRedis();
    probe = new Redis(redis.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => 100,
    });
    probe.on('error', () => {});
    await probe.connect();
    // A web node: what it buffers in Redis stays there for a worker, so the test can look for it.
    t = await startTestApp({ redisUrl: redis.url, rateLimitScale: 1, roles: ['web'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    probe?.disconnect();
    await redis?.stop();
    process.off('unhandledRejection', onRejection);
  });

  const ns = () => `sreda:${t.config.redisNamespace}`;
  const ready = async () => {
    const res = await new Visitor(t.app).get('/v3.0/health/ready');
    return { status: res.statusCode, ...res.json() };
  };
  async function entry(authorId: number) {
    seq += 1;
    const [row] = await t.database.db
      .insert(entries)
      .values({
        subsiteId: authorId,
        authorId,
        title: `Авария ${seq}`,
        slug: `avariya-${seq}`,
        isPublished: true,
        publishedAt: new Date(),
      })
      .returning();
    return row;
  }
  const counters = async (id: number) =>
    (
      await t.database.db
        .select({ likes: entries.likesCount, hits: entries.hitsCount })
        .from(entries)
        .where(eq(entries.id, id))
    )[0];

  it('keeps answering while Redis is down (reads, votes, views, sign-in limited here) and reconnects when it returns', async () => {
    expect(await ready()).toEqual({
      status: 200,
      rc: 200,
      rm: '',
      data: { database: 'ok', redis: 'ok', replicas: [] },
    });
    const author = new Visitor(t.app);
    const authorId = (await author.register()).user.id;
    const voter = new Visitor(t.app);
    await voter.register();
    const e = await entry(authorId);
    // The socket adapter subscribed to its pattern.
    await until(
      'adapter subscription',
      () => probe.pubsub('NUMPAT'),
      (n) => Number(n) >= 1,
    );

    await redis.stop();
    const down = await until('readiness', ready, (r) => r.data.redis === 'down');
    expect(down).toMatchObject({ status: 200, rc: 200, data: { database: 'ok', redis: 'down', replicas: [] } });
    expect((await new Visitor(t.app).get('/v3.0/health')).statusCode).toBe(200);

    // Reads.
    expect((await new Visitor(t.app).get(`/v3.0/comments?content_id=${e.id}`)).json().rc).toBe(200);
    expect((await new Visitor(t.app).get('/v3.0/feed')).json().rc).toBe(200);
    // A vote (its socket event goes to this node only) and a view, buffered in this process and folded here.
    const like = await voter.post('/v3.0/like', { id: e.id, type: 'content', sign: 1 });
    expect(like.json()).toMatchObject({ rc: 200, data: { count: 1 } });
    const view = await new Visitor(t.app).get(`/v3.0/hit/${e.id}`);
    expect(view.json().data).toMatchObject({ value: 1, is_hited: true });
    await voteCountersOf(t.app.ctx)!.fold();
    await hitCounterOf(t.app.ctx)!.fold();
    expect(await counters(e.id)).toEqual({ likes: 1, hits: 1 });

    // Sign-in is still limited (20 per 5 minutes per address), counted in this process. Right passwords: wrong
    // ones would also meet the growing delay per address (auth/throttle.test.ts), minutes of waiting here.
    const ip = '10.9.8.7';
    const email = `outage-${crypto.randomBytes(4).toString('hex')}@example.ru`;
    await new Visitor(t.app).register({ email, password: 'correct horse battery' });
    const tries = [];
    for (let i = 0; i < 21; i++) {
      tries.push(
        await new Visitor(t.app, ip).post('/v3.0/auth/simple/login', {
          values: { email, password: 'correct horse battery' },
        }),
      );
    }
    expect(tries.slice(0, 20).every((r) => r.statusCode !== 429 && r.statusCode < 500)).toBe(true);
    expect(tries[20].statusCode).toBe(429);
    expect(tries[20].json().rm).toBe(messages.tooManyActions);

    await redis.start();
    const back = await until('readiness', ready, (r) => r.data.redis === 'ok');
    expect(back).toMatchObject({ status: 200, data: { database: 'ok', redis: 'ok' } });
    // The socket adapter subscribed again, and counters buffer in Redis again (a worker folds them).
    await until(
      'adapter subscription',
      () => probe.pubsub('NUMPAT'),
      (n) => Number(n) >= 1,
    );
    await until(
      "the app's own connection",
      () => probe.ping(),
      () => t.app.ctx.redis?.status === 'ready',
    );
    const e2 = await entry(authorId);
    expect((await voter.post('/v3.0/like', { id: e2.id, type: 'content', sign: 1 })).json().rc).toBe(200);
    expect((await new Visitor(t.app).get(`/v3.0/hit/${e2.id}`)).json().data.is_hited).toBe(true);
    expect(await probe.smembers(`${ns()}votes:dirty`)).toEqual([`content:${e2.id}`]);
    expect(await probe.hget(`${ns()}hits:counts`, String(e2.id))).toBe('1');
    // Rate limits count in Redis again.
    await new Visitor(t.app, ip).post('/v3.0/auth/simple/login', {
      values: { email: 'nobody@example.ru', password: 'wrong password 1' },
    });
    expect((await probe.keys(`${ns()}rl:*`)).length).toBeGreaterThan(0);

    expect(rejections).toEqual([]);
  }, 60_000);

  it('starts without Redis (degraded) and picks it up when it comes', async () => {
    await redis.stop();
    const started = Date.now();
    const lone = await startTestApp({ redisUrl: redis.url, roles: ['web'] });
    try {
      expect(Date.now() - started).toBeLessThan(15_000);
      const res = await new Visitor(lone.app).get('/v3.0/health/ready');
      expect(res.json().data).toEqual({ database: 'ok', redis: 'down', replicas: [] });
      await redis.start();
      await until(
        'readiness',
        async () => (await new Visitor(lone.app).get('/v3.0/health/ready')).json().data,
        (d) => d.redis === 'ok',
      );
    } finally {
      await lone.close();
    }
    expect(rejections).toEqual([]);
  }, 60_000);
});

describe('readiness without Redis', () => {
  it('reports Redis off', async () => {
    const lone = await startTestApp({ redisUrl: '' });
    try {
      const res = await new Visitor(lone.app).get('/v3.0/health/ready');
      expect(res.json()).toEqual({ rc: 200, rm: '', data: { database: 'ok', redis: 'off', replicas: [] } });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await lone.close();
    }
  });

  it('answers 503 when the database is down', async () => {
    const lone = await startTestApp({ redisUrl: '' });
    try {
      const execute = lone.database.db.execute.bind(lone.database.db);
      lone.database.db.execute = (() => Promise.reject(new Error('connection lost'))) as unknown as typeof execute;
      const res = await new Visitor(lone.app).get('/v3.0/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        rc: 503,
        rm: messages.databaseUnavailable,
        error: 'database_unavailable',
        data: { database: 'down', redis: 'off', replicas: [] },
      });
      lone.database.db.execute = execute;
    } finally {
      await lone.close();
    }
  });
});
