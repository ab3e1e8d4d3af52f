/**
 * What the single-scenario benches (bench/job.ts, bench/ads.ts) share: a fresh database (PGlite in a temporary
 * directory, or a new PostgreSQL database beside DATABASE_URL's), the authors and entries generated with SQL
 * (generate_series, as bench/run.ts makes its sets), and the scenario table measured from a second process
 * (bench/load.ts) beside a constant-JSON Fastify route (the ceiling).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/server/db/index.ts';
import { freePort } from '../scripts/free-port.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { cpuMs, load, rss } from './processes.ts';

export const PG_BASE = process.env.DATABASE_URL ?? '';
export const engine = () => (PG_BASE ? 'PostgreSQL' : 'PGlite');

export interface Target {
  db: Database;
  /** What the server is started with: DATABASE_URL and DATA_DIR. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh database: PGlite in a temporary directory, or a new PostgreSQL database beside DATABASE_URL's. */
export async function freshDatabase(label: string): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sreda-bench-${label}-`));
  if (!PG_BASE) {
    const db = await openDatabase({ url: '', dataDir: path.join(dir, 'db') });
    return { db, env: { DATABASE_URL: '', DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `sreda_bench_${label}_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    db,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    async drop() {
      fs.rmSync(dir, { recursive: true });
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** `count` people (a user subsite and its account each, slugs `{prefix}-{n}`); answers the first one's id. */
export async function insertAuthors(db: Database['db'], count: number, prefix: string): Promise<number> {
  await db.execute(sql`insert into subsites (type, slug, name, description, avatar_color, created_at)
    select 'user', ${prefix} || '-' || g, 'Автор ' || g, '', '#6b7cff', now() - interval '1 year'
      from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into users (id, email, password_hash, created_at)
    select id, slug || '@example.ru', 'no-login', created_at from subsites
     where type = 'user' and slug like ${prefix + '-%'}`);
  const [row] = await queryRows<{ u0: number }>(
    db,
    sql`select min(id)::int as u0 from subsites where type = 'user' and slug like ${prefix + '-%'}`,
  );
  return row.u0;
}

/** `count` published entries over the last year, by `authors` people from id `u0` on, in their own blogs. */
export async function insertEntries(db: Database['db'], u0: number, authors: number, count: number) {
  await db.execute(sql`insert into entries (subsite_id, author_id, title, slug, blocks, is_published, published_at, created_at, updated_at)
    select ${u0} + g % ${authors}, ${u0} + g % ${authors}, 'Запись номер ' || g, 'zapis-' || g,
           '[{"type":"text","data":{"text":"Вступление записи для нагрузочного теста."}}]'::jsonb, true, p, p, p
      from (select g, now() - ((${count} - g)::float8 / ${count}) * interval '365 days' as p
              from generate_series(1, ${count}) g) x`);
}

export interface Row extends LoadResult {
  scenario: string;
  /** Server CPU time per answered request, ms; NaN for the ceiling (it runs in this process). */
  cpu: number;
}

export const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
export const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');

/** The scenarios of one run: each loaded at `connections` for `duration` seconds, then printed as one table. */
export function scenarios(name: string, connections: number, duration: number) {
  const rows: Row[] = [];
  const log = (...m: unknown[]) => console.error(`[${name} ${new Date().toISOString().slice(11, 19)}]`, ...m);

  /** Loads one URL (checked first: a wrong answer is not a benchmark); with the server's pid, its CPU per request. */
  async function measure(scenario: string, url: string, pid = 0, spec: Partial<LoadSpec> = {}): Promise<Row> {
    const probe = await fetch(url, { method: spec.method, body: spec.bodies?.[0], headers: spec.headers });
    if (!probe.ok)
      throw new Error(`${scenario}: ${url} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
    const cpu0 = pid ? cpuMs(pid) : NaN;
    const result = await load({ url, connections, duration, headers: {}, ...spec });
    const cpu = pid ? (cpuMs(pid) - cpu0) / result.answered : NaN;
    const row = { scenario, cpu, ...result };
    rows.push(row);
    const memory = pid ? `, resident ${mb(rss(pid))} MB` : '';
    log(
      `${scenario}: ${fmt(result.rps, 0)} req/s, p99 ${fmt(result.p99)} ms, ${fmt(cpu, 2)} ms CPU${memory}${result.errors ? `, ${result.errors} errors` : ''}`,
    );
    return row;
  }

  async function ceiling() {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ rc: 200, rm: '', data: { status: 'ok' } }));
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    await measure('constant JSON (Fastify, the ceiling)', `http://127.0.0.1:${port}/`);
    await app.close();
  }

  function print() {
    const ceil = Math.max(...rows.filter((r) => Number.isNaN(r.cpu)).map((r) => r.rps));
    console.log('| scenario | req/s | of the ceiling | p50, ms | p99, ms | CPU, ms/req | errors |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of rows)
      console.log(
        `| ${r.scenario} | ${fmt(r.rps, 0)} | ${fmt(r.rps / ceil, 3)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.cpu, 2)} | ${r.errors} |`,
      );
  }

  return { rows, log, measure, ceiling, print };
}
