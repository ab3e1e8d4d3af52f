import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { buildApp } from '../http/app.ts';

/**
 * A real app on a real database for one test file: PGlite in memory by default; with DATABASE_URL,
 * a fresh PostgreSQL database created for this run and dropped after; with REDIS_URL, Redis under
 * a namespace of its own.
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: { now: Date };
  close(): Promise<void>;
}

async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `sreda_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // Without force first: a forced drop kills connections a closing pool has not finished ending (57P01).
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch {
          if (attempt >= 20) {
            await c.query(`drop database if exists ${name} with (force)`);
            break;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const pgBase = process.env.DATABASE_URL ?? '';
  const pgFresh = pgBase ? await freshPostgres(pgBase) : null;
  const config = loadConfig(
    { ...process.env, DATA_DIR: '/nonexistent-test-data' },
    {
      databaseUrl: pgFresh?.url ?? '',
      redisUrl: process.env.REDIS_URL ?? '',
      redisNamespace: `test:${crypto.randomBytes(6).toString('hex')}:`,
      secret: 'test-secret',
      smtpUrl: '',
      publicUrl: 'http://localhost:3000',
      logLevel: 'silent',
      rateLimitScale: 100,
      ...overrides,
    },
  );
  const database = await openDatabase({ url: config.databaseUrl, dataDir: 'memory://', onError: () => {} });
  const clock = { now: new Date() };
  const app = await buildApp({ config, db: database.db, logger: false, now: () => clock.now });
  await app.ready();
  return {
    app, database, config, clock,
    async close() {
      await app.close();
      await database.close();
      await pgFresh?.drop();
    },
  };
}

export interface Call {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  body?: unknown;
  /** 'json' (default), 'form' (bracket notation) or a raw string payload with its content type. */
  as?: 'json' | 'form';
  csrf?: boolean;
  ip?: string;
  headers?: Record<string, string>;
}

/** A visitor with a cookie jar, as a browser would be. */
export class Visitor {
  app: FastifyInstance;
  cookies: Record<string, string> = {};
  ip: string;
  constructor(app: FastifyInstance, ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
    this.app = app;
    this.ip = ip;
  }

  async call(path: string, call: Call = {}): Promise<LightMyRequestResponse & { json(): any }> {
    const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { ...call.headers };
    if (call.csrf !== false && method !== 'GET') headers['x-this-is-csrf'] = '1';
    const cookie = Object.entries(this.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (call.body !== undefined) {
      if (call.as === 'form') {
        const { toBracketPairs } = await import('../../shared/brackets.ts');
        payload = new URLSearchParams(toBracketPairs(call.body)).toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else if (typeof call.body === 'string') {
        payload = call.body;
        headers['content-type'] ??= 'application/json';
      } else {
        payload = JSON.stringify(call.body);
        headers['content-type'] = 'application/json';
      }
    }
    const res = await this.app.inject({ method, url: path, headers, payload, remoteAddress: call.ip ?? this.ip });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
    return res as LightMyRequestResponse & { json(): any };
  }

  get(path: string, call: Call = {}) {
    return this.call(path, { ...call, method: 'GET' });
  }

  post(path: string, body: unknown = {}, call: Call = {}) {
    return this.call(path, { ...call, method: 'POST', body });
  }

  async register(values: { name?: string; email?: string; password?: string } = {}) {
    const n = crypto.randomBytes(4).toString('hex');
    const v = { name: `Тестовый Пользователь`, email: `user-${n}@example.ru`, password: 'correct horse battery', ...values };
    const res = await this.post('/v3.0/auth/simple/register', { values: v });
    if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
    return { ...v, user: res.json().data.user };
  }
}

/** Expect an envelope error: status = rc, a Russian message. */
export function isRussianError(res: { statusCode: number; json(): any }, rc: number) {
  const body = res.json();
  return res.statusCode === rc && body.rc === rc && typeof body.rm === 'string' && /[А-Яа-яЁё]/.test(body.rm);
}
