import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { entries, hitMarks, subsites, users } from '../../db/schema.ts';
import { buildApp } from '../../http/app.ts';
import { redisServerMissing, startOwnRedis, type OwnRedis } from '../../testing/redis-server.ts';
import { hitCounterOf } from './service.ts';

/**
 * A view acknowledged with Redis configured outlives its process: a real server process counts views and is killed
 * with SIGKILL before any fold, then another app on the same database and Redis folds them.
 */
const missing = redisServerMissing();
if (missing) console.warn(`views-survive-a-crash test skipped: ${missing}`);

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A web-only node (it never folds what it buffered in Redis) that prints its address and waits to be killed. */
const CHILD = `
const { loadConfig } = await import(process.env.SRC + '/config.ts');
const { openDatabase } = await import(process.env.SRC + '/db/index.ts');
const { buildApp } = await import(process.env.SRC + '/http/app.ts');
const config = loadConfig(process.env, { roles: ['web'], secret: 'crash-test', logLevel: 'silent', seed: false });
const database = await openDatabase({ url: '', dataDir: process.env.DB_DIR });
const app = await buildApp({ config, db: database.db, logger: false });
console.log('LISTENING ' + await app.listen({ port: 0, host: '127.0.0.1' }));
`;

describe.skipIf(missing !== null)('views and a crash', () => {
  let redis: OwnRedis;
  let dir: string;

  beforeAll(async () => {
    redis = await startOwnRedis();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-hits-crash-'));
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a view acknowledged with Redis survives its process killed with SIGKILL', async () => {
    const dbDir = path.join(dir, 'db');
    const setup = await openDatabase({ url: '', dataDir: dbDir });
    const [blog] = await setup.db.insert(subsites).values({ type: 'user', name: 'Автор', slug: 'avtor' }).returning();
    const [user] = await setup.db
      .insert(users)
      .values({ id: blog.id, email: 'author@example.ru', passwordHash: 'x' })
      .returning();
    const [e] = await setup.db
      .insert(entries)
      .values({
        subsiteId: user.id,
        authorId: user.id,
        title: 'Переживёт',
        slug: 'perezhivyot',
        isPublished: true,
        publishedAt: new Date(),
      })
      .returning();
    await setup.close();

    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      env: {
        ...process.env,
        SRC: src,
        DB_DIR: dbDir,
        REDIS_URL: redis.url,
        REDIS_NAMESPACE: 'crash:',
        DATA_DIR: dir,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise((r) => child.once('exit', r));
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          const m = /LISTENING (\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr}`)));
      });
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${address}/v3.0/hit/${e.id}`);
        expect((await res.json()).data).toMatchObject({ value: i + 1, is_hited: true });
      }
    } finally {
      child.kill('SIGKILL');
      await exited;
    }

    const database = await openDatabase({ url: '', dataDir: dbDir });
    const config = loadConfig(
      { ...process.env, DATA_DIR: dir },
      {
        databaseUrl: '',
        redisUrl: redis.url,
        redisNamespace: 'crash:',
        secret: 'crash-test',
        logLevel: 'silent',
        roles: ['web', 'worker'],
      },
    );
    const app = await buildApp({ config, db: database.db, logger: false });
    try {
      await app.ready();
      await hitCounterOf(app.ctx)!.fold();
      const [row] = await database.db.select({ n: entries.hitsCount }).from(entries).where(eq(entries.id, e.id));
      expect(row.n).toBe(5);
      expect((await database.db.select({ n: count() }).from(hitMarks).where(eq(hitMarks.entryId, e.id)))[0].n).toBe(5);
    } finally {
      await app.close();
      await database.close();
    }
  }, 90_000);
});
