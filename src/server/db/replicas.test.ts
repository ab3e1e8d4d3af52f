import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPostgresMissing, startLocalPostgres, type LocalPostgres } from '../testing/local-postgres.ts';
import { startTestApp, Visitor, type TestApp } from '../testing/harness.ts';
import { savedEntry, text } from '../modules/entries/testing.ts';
import { FRESH_COOKIE } from '../http/reads.ts';

/**
 * Read replicas against a real streaming replica: the test makes its own primary (initdb) and replica
 * (pg_basebackup -R) on free ports (testing/local-postgres.ts) and runs the app on them. Proof that a read came from
 * the replica: its replay is paused, so a read the replica serves does not see a write the primary has.
 */
const missing = localPostgresMissing();
if (missing) console.warn(`replicas.test.ts skipped: ${missing}`);

const DB = 'sreda_replicas';
// Long enough that a paused replica stays in use while the test reads from it on a loaded machine.
const SLOW_BOUND = { maxLagMs: 60_000, checkMs: 200 };
const POLL = { timeout: 30_000, interval: 100 };

describe.skipIf(missing)('read replicas (DATABASE_REPLICA_URLS)', { timeout: 180_000 }, () => {
  let cluster: LocalPostgres;
  let t: TestApp;
  let replicaAdmin: pg.Client;
  const ready = async (app = t) => (await new Visitor(app.app).get('/v3.0/health/ready')).json().data;
  const anonymousSees = async (id: number, app = t) => (await new Visitor(app.app).get(`/v3.0/entry/${id}`)).statusCode;
  const appOn = (bound: { maxLagMs: number; checkMs: number }) =>
    startTestApp({
      databaseUrl: cluster.primary.url(DB),
      replicas: { urls: [cluster.replicas[0].url(DB)], ...bound },
    });

  beforeAll(async () => {
    cluster = await startLocalPostgres({ replicas: 1 });
    await cluster.createDatabase(DB);
    t = await appOn(SLOW_BOUND);
    replicaAdmin = new pg.Client({ connectionString: cluster.replicas[0].url(DB) });
    // The replica is stopped in a test: this connection's loss is expected.
    replicaAdmin.on('error', () => {});
    await replicaAdmin.connect();
  }, 180_000);

  afterAll(async () => {
    await replicaAdmin?.end().catch(() => {});
    await t?.close();
    await cluster?.destroy();
  });

  it('reads come from the replica; the writer reads their own write from the primary; lag is reported', async () => {
    const state = await ready();
    expect(state.database).toBe('ok');
    expect(state.replicas).toEqual([
      {
        name: `127.0.0.1:${cluster.replicas[0].port}/${DB}`,
        state: 'ok',
        lagMs: expect.any(Number),
        lagBytes: expect.any(Number),
      },
    ]);

    const writer = new Visitor(t.app);
    await writer.register({ name: 'Автор Реплики' });
    expect(writer.cookies[FRESH_COOKIE]).toBeDefined();
    const first = await savedEntry(writer, { title: 'До паузы', entry: [text('Первая')], is_published: 1 });
    // The replica catches up by itself.
    await expect.poll(() => anonymousSees(first.id), POLL).toBe(200);

    await replicaAdmin.query('select pg_wal_replay_pause()');
    const second = await savedEntry(writer, { title: 'Во время паузы', entry: [text('Вторая')], is_published: 1 });
    // The writer's reads go to the primary for a moment after their write: they see it at once.
    expect((await writer.get(`/v3.0/entry/${second.id}`)).statusCode).toBe(200);
    // Everyone else reads from the paused replica, which has not replayed it.
    expect(await anonymousSees(second.id)).toBe(404);
    // The same writer once the stickiness is over reads from the replica too.
    delete writer.cookies[FRESH_COOKIE];
    expect((await writer.get(`/v3.0/entry/${second.id}`)).statusCode).toBe(404);

    // The lag shows in bytes and in time.
    await expect.poll(async () => (await ready()).replicas[0].lagMs, POLL).toBeGreaterThan(0);
    const lagging = (await ready()).replicas[0];
    expect(lagging.lagBytes).toBeGreaterThan(0);
    expect(lagging.state).toBe('ok');

    // A node with a tight bound skips the lagging replica: everyone reads from the primary there.
    const tight = await appOn({ maxLagMs: 300, checkMs: 100 });
    try {
      await expect.poll(async () => (await ready(tight)).replicas[0].state, POLL).toBe('lagging');
      expect(await anonymousSees(second.id, tight)).toBe(200);
    } finally {
      await tight.close();
    }

    await replicaAdmin.query('select pg_wal_replay_resume()');
    await expect.poll(() => anonymousSees(second.id), POLL).toBe(200);
    await expect.poll(async () => (await ready()).replicas[0].lagBytes, POLL).toBe(0);
  });

  it('a stopped replica costs no request: reads fall back to the primary, health says down, and it comes back', async () => {
    const writer = new Visitor(t.app);
    await writer.register({ name: 'Автор Отказа' });
    const entry = await savedEntry(writer, { title: 'Перед остановкой', entry: [text('Третья')], is_published: 1 });
    await expect.poll(() => anonymousSees(entry.id), POLL).toBe(200);

    await cluster.replicas[0].kill();
    // At once, before any check has noticed: the read fails on the replica and runs again on the primary.
    for (let i = 0; i < 5; i++) expect(await anonymousSees(entry.id)).toBe(200);
    await expect
      .poll(async () => (await ready()).replicas[0], POLL)
      .toEqual({
        name: expect.any(String),
        state: 'down',
        lagMs: null,
        lagBytes: null,
      });
    const res = await new Visitor(t.app).get('/v3.0/health/ready');
    expect(res.statusCode).toBe(200);
    expect(await anonymousSees(entry.id)).toBe(200);

    await cluster.replicas[0].start();
    await expect.poll(async () => (await ready()).replicas[0].state, POLL).toBe('ok');
    expect(await anonymousSees(entry.id)).toBe(200);
  });
});
