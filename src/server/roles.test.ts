import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseRoles, type Config, type Role } from './config.ts';
import type { Ctx } from './context.ts';
import { openDatabase, queryRows, type Database } from './db/index.ts';
import { entries } from './db/schema.ts';
import { buildApp } from './http/app.ts';
import { jobsOf } from './jobs/queue.ts';
import { SCHEDULE, runsHere } from './schedule.ts';
import { freshPostgres, type FreshPostgres } from './testing/postgres.ts';
import { startSmtpServer } from './testing/smtp.ts';
import { Visitor } from './testing/harness.ts';

/** A letter's text, whatever transfer encoding the mailer chose. */
function bodyOf(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(raw.slice(0, split))?.[1].toLowerCase() ?? '';
  const body = raw.slice(split + 4);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

describe('ROLES', () => {
  it('reads web, worker or both (the default); anything else is refused by name', () => {
    expect(parseRoles(undefined)).toEqual(['web', 'worker']);
    expect(parseRoles('')).toEqual(['web', 'worker']);
    expect(parseRoles('web')).toEqual(['web']);
    expect(parseRoles(' Worker ')).toEqual(['worker']);
    expect(parseRoles('worker,web,web')).toEqual(['web', 'worker']);
    expect(() => parseRoles('web,cron')).toThrow(/unknown role "cron".*web, worker/);
    expect(loadConfig({ ROLES: 'worker', DATA_DIR: '/nonexistent-test-data', SECRET: 'x' }).roles).toEqual(['worker']);
  });

  it('the server refuses to start on an unknown role, or on split roles over the embedded database', () => {
    const run = (roles: string) =>
      spawnSync(process.execPath, [main], {
        env: { ...process.env, ROLES: roles, DATABASE_URL: '', DATA_DIR: '/nonexistent-test-data', SECRET: 'x' },
        encoding: 'utf8',
        // Loading the server's modules takes seconds on a quiet machine and over 30 s at load 10.
        timeout: 120_000,
      });
    const unknown = run('web,cron');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('ROLES: unknown role "cron"');
    const embedded = run('web');
    expect(embedded.status).toBe(1);
    expect(embedded.stderr).toContain('ROLES=web needs DATABASE_URL');
  }, 250_000);

  it('says what runs where: cluster work on workers, each process flushing the buffers it holds', () => {
    const task = (name: string) => SCHEDULE.find((t) => t.name === name)!;
    const plain = { redis: null } as Ctx;
    const withRedis = { redis: {} } as Ctx;
    const runs = (ctx: Ctx, roles: Role[]) =>
      SCHEDULE.filter((t) => runsHere(ctx, roles, t))
        .map((t) => t.name)
        .sort();
    expect(runs(plain, ['web'])).toEqual(['analytics.flush', 'hits.fold', 'votes.fold']);
    expect(runs(plain, ['worker'])).toEqual([
      'analytics.partitions',
      'backup.take',
      'digest.schedule',
      'distributions.settle',
      'events.finish',
      'events.renew',
      'hits.cleanup',
      'hotness.refresh',
      'jobs.purge',
      'media.listensCleanup',
      'moderation.expire',
      'payments.reconcile',
      'payments.tick',
      'signin.cleanup',
      'stats.readers',
      'vacancies.expire',
    ]);
    expect(runs(plain, ['web', 'worker'])).toHaveLength(SCHEDULE.length);
    // Views and vote marks in Redis are everyone's: a worker folds them; a web node folds what it holds itself
    // (what it took while Redis was down).
    for (const name of ['votes.fold', 'hits.fold']) {
      expect(runsHere(withRedis, ['web'], task(name))).toBe(true);
      expect(runsHere(withRedis, ['worker'], task(name))).toBe(true);
      expect(runsHere(plain, ['worker'], task(name))).toBe(false);
    }
  });
});

/** PostgreSQL: the CI's, or the machine's default; the test is skipped with a message when it does not answer. */
const PG_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
async function pgUnreachable(url: string): Promise<string | null> {
  try {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
const missing = await pgUnreachable(PG_URL);
if (missing) console.warn(`roles: the two-node test is skipped, PostgreSQL at ${PG_URL} not reachable: ${missing}`);

describe.skipIf(missing !== null)('a web node and a worker node on one PostgreSQL', () => {
  let pg: FreshPostgres;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const nodes: { app: FastifyInstance; database: Database }[] = [];
  let web: FastifyInstance;
  let worker: FastifyInstance;

  async function node(config: Config, roles: Role[]) {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: 'memory://', onError: () => {} });
    const app = await buildApp({ config: { ...config, roles }, db: database.db, logger: false });
    nodes.push({ app, database });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    [pg, smtp] = await Promise.all([freshPostgres(PG_URL, 'sreda_roles'), startSmtpServer()]);
    const config = loadConfig(
      { ...process.env, DATA_DIR: '/nonexistent-test-data' },
      {
        databaseUrl: pg.url,
        redisUrl: '',
        secret: 'test-secret',
        smtpUrl: smtp.url,
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        rateLimitScale: 100,
      },
    );
    // Separate pools, as two machines would have; the first migrates.
    web = await node(config, ['web']);
    worker = await node(config, ['worker']);
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close();
    for (const n of nodes) await n.database.close();
    await pg?.drop();
    await smtp?.close();
  });

  it('a reply posted through the web node is mailed by the worker node; the web node claims no job', async () => {
    await new Visitor(web).register({ name: 'Хозяин Сайта' });
    const author = new Visitor(web);
    const { user, email } = await author.register({ name: 'Анна Каренина' });
    const [entry] = await nodes[0].database.db
      .insert(entries)
      .values({
        subsiteId: user.id,
        authorId: user.id,
        title: 'Запись',
        slug: 'zapis',
        isPublished: true,
        publishedAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    const post = async (v: Visitor, body: object) => {
      const res = await v.post('/v3.0/comment/add', { id: entry.id, ...body });
      expect(res.json().rc, res.body).toBe(200);
      return res.json().data as { id: number };
    };
    const mine = await post(author, { text: 'Мой комментарий' });
    const replier = new Visitor(web);
    await replier.register({ name: 'Борис' });
    const reply = await post(replier, { text: 'Не согласен с вами через два узла', reply_to: mine.id });

    await expect
      .poll(() => smtp.letters.filter((l) => l.rcpt.includes(email)).length, { timeout: 15_000, interval: 100 })
      .toBe(1);
    const text = bodyOf(smtp.letters.find((l) => l.rcpt.includes(email))!.raw);
    expect(text).toContain('Не согласен с вами через два узла');
    expect(text).toContain(`http://localhost:3000/${entry.id}?comment=${reply.id}`);

    // Every job of the reply ran, all of them on the worker.
    const rows = await queryRows<{ kind: string; status: string }>(
      nodes[0].database.db,
      sql`select kind, status from jobs where kind like 'notify.%' or kind like 'mail.notification'`,
    );
    expect(rows.map((r) => r.kind).sort()).toEqual(['mail.notification', 'notify.comment', 'notify.comment']);
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              nodes[0].database.db,
              sql`
      select count(*)::int as n from jobs where status <> 'done' and run_at <= now()`,
            )
          )[0].n,
        { timeout: 5000 },
      )
      .toBe(0);
    expect(jobsOf(web.ctx).claimed()).toBe(0);
    expect(jobsOf(worker.ctx).claimed()).toBeGreaterThanOrEqual(3);
    // The worker also took the cluster work: the next digest is queued by its start.
    const [digest] = await queryRows<{ n: number }>(
      nodes[0].database.db,
      sql`select count(*)::int as n from jobs where kind = 'mail.digest'`,
    );
    expect(digest.n).toBe(1);
  });
});
