import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../http/app.ts';
import { pageServices } from '../http/page-services.ts';
import { declaredRoutes } from '../http/route.ts';
import { knownErrorCodes } from '../lib/errors.ts';
import { coreJobs, JOB_NAMES, jobHandlers } from '../jobs/handlers.ts';
import { SCHEDULE } from '../schedule.ts';
import { startTestApp, type TestApp } from '../testing/harness.ts';
import { MODULES } from './index.ts';
import { routesOf } from './manifest.ts';

const dir = import.meta.dirname;
const folders = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('module manifests', () => {
  it('every route answers by a contract: a response schema or a declared raw answer, with known refusal codes', () => {
    const routes = declaredRoutes(t.app);
    const without = routes.filter((r) => !r.spec.response && !r.spec.rawAnswer).map(key);
    expect(without).toEqual([]);
    const known = knownErrorCodes();
    const unknown = routes.flatMap((r) =>
      (r.spec.errors ?? []).filter((c) => !known.has(c)).map((c) => `${key(r)} ${c}`),
    );
    expect(unknown).toEqual([]);
  });

  it('the list holds one manifest per folder of src/server/modules, each its own module.ts', async () => {
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders);
    for (const name of folders) {
      const own = (await import(path.join(dir, name, 'module.ts'))) as { default: unknown };
      expect(MODULES).toContain(own.default);
    }
  });

  it('declares every route of the app exactly once (health and the API reference aside)', () => {
    const declared = MODULES.flatMap((m) => [
      ...routesOf(m.routes, t.app.ctx).map((r) => key({ method: r.method, url: `${API_PREFIX}${r.url}` })),
      ...routesOf(m.rootRoutes, t.app.ctx).map(key),
    ]);
    expect(declared.filter((k, i) => declared.indexOf(k) !== i)).toEqual([]);
    const registered = declaredRoutes(t.app)
      .map(key)
      .filter((k) => !/^GET \/v3\.0\/(health|openapi\.json)/.test(k));
    expect(registered.sort()).toEqual([...declared].sort());
    // A route the app answers is one the manifests declare: an unknown one is the API's 404.
    expect(registered).toContain(`POST ${API_PREFIX}/like`);
  });

  it('hands every job of the job map to exactly one handler', () => {
    const ctx = t.app.ctx;
    const sources = [coreJobs(ctx), ...MODULES.map((m) => m.jobs?.(ctx) ?? {})];
    for (const name of JOB_NAMES) expect([name, sources.filter((s) => name in s).length]).toEqual([name, 1]);
    const handled = sources.flatMap((s) => Object.keys(s));
    expect(handled.sort()).toEqual([...JOB_NAMES].sort());
    const table = jobHandlers(ctx);
    expect(Object.keys(table).sort()).toEqual([...JOB_NAMES].sort());
    for (const name of JOB_NAMES) expect(typeof table[name]).toBe('function');
  });

  it('the schedule is the queue purge and the modules’ tasks, each name once', () => {
    const names = SCHEDULE.map((task) => task.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(names.sort()).toEqual(['jobs.purge', ...MODULES.flatMap((m) => (m.tasks ?? []).map((x) => x.name))].sort());
  });

  it('starts no listener, hub or counter from a routes.ts (module.ts does)', () => {
    for (const name of folders) {
      const file = path.join(dir, name, 'routes.ts');
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      expect([
        name,
        /\.events\.on\(|addHook\(|FastifyInstance|startHub|startHitCounter|startVoteCounters/.test(text),
      ]).toEqual([name, false]);
    }
  });

  it('page services come from the manifests; a read with its access checks the caller as a route does', async () => {
    const services = pageServices(t.app.ctx, null);
    const keys = MODULES.flatMap((m) => Object.keys(m.pages ?? {}));
    expect(Object.keys(services).sort()).toEqual([...keys, 'apiReference'].sort());
    await expect(services.outbox()).rejects.toMatchObject({ rc: 401 });
  });
});
