import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, open, registerViaApi, shot, startServer, type Server } from './harness.ts';
import { freshPostgres, unreachable, type FreshPostgres } from '../../src/server/testing/postgres.ts';

/**
 * Two real server processes on two ports against one PostgreSQL and one Redis: a comment posted through node A
 * reaches a browser connected to node B (socket.io Redis adapter). Needs PostgreSQL and Redis on the machine
 * (E2E_PG_URL / E2E_REDIS_URL, defaults below); skipped with a message when they are not reachable.
 */
const PG_URL = process.env.E2E_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const missing = await unreachable(PG_URL, REDIS_URL);
if (missing) console.warn(`realtime-two-nodes: skipped, not reachable: ${missing}`);

describe.skipIf(missing !== null)('two nodes over Redis', () => {
  let a: Server;
  let b: Server;
  let browser: Browser;
  let db: FreshPostgres;

  beforeAll(async () => {
    db = await freshPostgres(PG_URL, 'sreda_e2e');
    const env = { DATABASE_URL: db.url, REDIS_URL, REDIS_NAMESPACE: `e2e:${db.name}:` };
    // Node A migrates and seeds first; B joins the ready database (the seed is claimed once anyway).
    a = await startServer(env);
    [b, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop().catch(() => {});
  });

  it('a comment posted through node A appears in a browser on node B', async () => {
    await registerViaApi(a, 'Хозяин Сайта');
    const writer = await registerViaApi(a, 'Пишущий Через Узел А');
    const feed = (await (await fetch(`${b.url}/v3.0/feed?sorting=date`)).json()) as {
      data: { items: { id: number; url: string }[] };
    };
    const entry = feed.data.items[0];

    const { context, page } = await newPage(browser);
    await open(page, b.url + entry.url);
    await page.waitForSelector('html[data-realtime=connected]', { state: 'attached' });
    await new Promise((r) => setTimeout(r, 300));

    const text = `Через два узла ${Date.now()}`;
    const res = await fetch(`${a.url}/v3.0/comment/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie: writer.cookie },
      body: JSON.stringify({ id: entry.id, text }),
    });
    expect((await res.json()).rc).toBe(200);

    const arrived = page.locator('[data-testid=comment]', {
      has: page.locator('[data-testid=comment-text]', { hasText: text }),
    });
    await arrived.waitFor({ timeout: 30_000 });
    expect(await arrived.getAttribute('data-new')).toBe('true');
    // The right column's live feed on node B hears it too.
    await expect
      .poll(() => page.locator('[data-testid=right-column] [data-testid=live-item]').first().textContent(), {
        timeout: 30_000,
      })
      .toContain(text);
    await arrived.scrollIntoViewIfNeeded();
    await shot(page, 'realtime-two-nodes');
    await context.close();
  });
});
