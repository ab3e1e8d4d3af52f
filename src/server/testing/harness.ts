import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { buildApp } from '../http/app.ts';
import type { WebOptions } from '../http/web.ts';
import { freshPostgres } from './postgres.ts';
import { userSettings, users } from '../db/schema.ts';
import { and, eq } from 'drizzle-orm';

/**
 * A real app on a real database for one test file: PGlite in memory by default; with DATABASE_URL,
 * a fresh PostgreSQL database created for this run and dropped after; with REDIS_URL, Redis under
 * a namespace of its own. The database starts as a copy of the one the run's global setup migrated
 * (global-setup.ts); without that setup it is migrated here.
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: { now: Date };
  close(): Promise<void>;
}

export async function startTestApp(
  overrides: Partial<Config> = {},
  { web }: { web?: WebOptions } = {},
): Promise<TestApp> {
  const pgBase = process.env.DATABASE_URL ?? '';
  const pgFresh = pgBase ? await freshPostgres(pgBase, undefined, inject('postgresTemplate') || undefined) : null;
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
      // The card tests pay with the test cashier's cards.
      paymentsTestCashier: true,
      // Answers are checked against their contracts: a drift fails the test that meets it.
      checkAnswers: true,
      ...overrides,
    },
  );
  const dump = config.databaseUrl ? '' : inject('pgliteDump');
  const loadDataDir = dump ? migratedDump(dump) : undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: 'memory://',
    loadDataDir,
    onError: () => {},
    replicaUrls: config.replicas.urls,
    replicaSettings: config.replicas,
  });
  const clock = { now: new Date() };
  const app = await buildApp({
    config,
    db: database.db,
    replicas: database.replicas,
    logger: false,
    now: () => clock.now,
    web,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      await pgFresh?.drop();
    },
  };
}

const dumps = new Map<string, Blob>();
/** The migrated data dir, read once per worker: files of a worker share its loaded modules (`isolate: false`). */
function migratedDump(file: string) {
  let blob = dumps.get(file);
  if (!blob) dumps.set(file, (blob = new Blob([fs.readFileSync(file)])));
  return blob;
}

/**
 * The usual frame of an API test file: one app started before its tests and closed after them, with the first
 * account (it runs the site: superuser) taken by `staff`, so every account a test registers (`signedIn`) is an
 * ordinary user.
 * `t` and `staff` are live from its beforeAll on (call it before the file's own hooks); use them inside hooks and tests.
 */
export function useTestApp(overrides: Partial<Config> = {}) {
  let current: TestApp | undefined;
  const started = () => {
    if (!current) throw new Error('useTestApp: the app starts in beforeAll');
    return current;
  };
  const t: TestApp = {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get config() {
      return started().config;
    },
    get clock() {
      return started().clock;
    },
    close: () => started().close(),
  };
  const staff = new Visitor(undefined as unknown as FastifyInstance);
  beforeAll(async () => {
    current = await startTestApp(overrides);
    staff.app = current.app;
    await staff.register({ name: 'Хозяин Сайта' });
  });
  afterAll(async () => {
    await current?.close();
  });
  return { t, staff, signedIn: (name?: string) => newUser(t.app, name) };
}

/** A new visitor signed up (an ordinary user once the first account is taken): its cookie jar and its user. */
export async function newUser(app: FastifyInstance, name?: string) {
  const v = new Visitor(app);
  const { user } = await v.register(name === undefined ? {} : { name });
  return { v, id: user.id as number, user: user as { id: number; name: string } };
}

/** A user whose account is older than a day: their entries with links are not held as spam. */
export async function seasonedUser(t: TestApp, name: string) {
  const u = await newUser(t.app, name);
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(users.id, u.id));
  return u;
}

/** What one module stored of a person's settings: the raw `user_settings` value, `{}` when it kept none. */
export async function storedSettings(t: TestApp, userId: number, module: string) {
  const [row] = await t.database.db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.module, module)));
  return row?.value ?? {};
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

export interface UploadedFile {
  field: string;
  name: string;
  type: string;
  data: Buffer;
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
    const cookie = Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    if (cookie) headers.cookie = cookie;
    let payload: string | Buffer | undefined;
    if (call.body !== undefined) {
      if (Buffer.isBuffer(call.body)) {
        payload = call.body;
      } else if (call.as === 'form') {
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

  /** A multipart POST as a browser's form sends it: the text fields first, then each file under its field name. */
  upload(path: string, files: UploadedFile[], call: Call & { fields?: Record<string, string> } = {}) {
    const { fields = {}, ...rest } = call;
    const boundary = `----sreda${Math.random().toString(16).slice(2)}`;
    const body = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      ...files.flatMap((f) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n` +
            `Content-Type: ${f.type}\r\n\r\n`,
        ),
        f.data,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return this.call(path, {
      ...rest,
      method: 'POST',
      body,
      headers: { ...rest.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  async register(values: { name?: string; email?: string; password?: string } = {}) {
    const n = crypto.randomBytes(4).toString('hex');
    const v = {
      name: `Тестовый Пользователь`,
      email: `user-${n}@example.ru`,
      password: 'correct horse battery',
      ...values,
    };
    const res = await this.post('/v3.0/auth/simple/register', { values: v });
    if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
    return { ...v, user: res.json().data.user };
  }
}

/** Expect an envelope error: status = rc, a Russian message. */
export function isRussianError(res: { statusCode: number; json(): any }, rc: number) {
  const body = res.json();
  // Beside the Russian text, a stable code a program can branch on (lib/errors.ts errorCode).
  return (
    res.statusCode === rc &&
    body.rc === rc &&
    typeof body.rm === 'string' &&
    /[А-Яа-яЁё]/.test(body.rm) &&
    typeof body.error === 'string' &&
    /^[a-z][a-z0-9_]*$/.test(body.error)
  );
}
