import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_BYTES, dropPageCaches, perAppCache, TtlCache } from './cache.ts';

const clockAt = () => {
  const clock = {
    now: new Date('2026-01-01T00:00:00Z'),
    tick: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)),
  };
  return clock;
};

describe('TtlCache bounds', () => {
  it('holds at most `bytes` of values, dropping the oldest; a value bigger than the budget is not kept', async () => {
    const cache = new TtlCache<string>(60_000, { entries: 100, bytes: 1000 }, () => new Date());
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k.repeat(200));
    // Two bytes a character: 400 each, so the third pushed the first out.
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('c', async () => 'fresh')).toBe('c'.repeat(200));
    await cache.get('huge', async () => 'x'.repeat(600));
    await Promise.resolve();
    expect(cache.size.bytes).toBeLessThanOrEqual(1000);
    expect(await cache.get('huge', async () => 'again')).toBe('again');
  });

  it('measures values with the given sizeOf, and takes a bare number as keys with the default byte budget', async () => {
    const cache = new TtlCache<Buffer>(
      60_000,
      { entries: 10, bytes: 100, sizeOf: (v) => (v as Buffer).length },
      () => new Date(),
    );
    await cache.get('a', async () => Buffer.alloc(60));
    await cache.get('b', async () => Buffer.alloc(60));
    expect(cache.size).toEqual({ entries: 1, bytes: 60 });
    const keys = new TtlCache<number>(60_000, 3, () => new Date());
    for (let i = 0; i < 10; i++) await keys.get(String(i), async () => i);
    expect(keys.size.entries).toBe(3);
    expect(DEFAULT_CACHE_BYTES).toBeGreaterThan(0);
  });

  it('drops expired values as new ones come in, so memory holds only what may still be served', async () => {
    const clock = clockAt();
    const cache = new TtlCache<string>(1000, { entries: 1000, bytes: 1_000_000 }, () => clock.now);
    for (let i = 0; i < 50; i++) await cache.get(`old${i}`, async () => 'x'.repeat(100));
    expect(cache.size.entries).toBe(50);
    clock.tick(1000);
    await cache.get('new', async () => 'y');
    expect(cache.size).toEqual({ entries: 1, bytes: 2 });
  });

  it('clear() and delete() give the bytes back; a value computed before a clear is not stored after it', async () => {
    const cache = new TtlCache<string>(60_000, { entries: 10, bytes: 1000 }, () => new Date());
    await cache.get('a', async () => 'aaaa');
    let release = (_: string) => {};
    const slow = cache.get('slow', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('old state');
    expect(await slow).toBe('old state');
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    expect(await cache.get('slow', async () => 'new state')).toBe('new state');
    cache.delete('slow');
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('with staleMs serves an expired value once more while one computation makes its successor', async () => {
    const clock = clockAt();
    const cache = new TtlCache<string>(1000, 10, () => clock.now, { staleMs: 1000 });
    await cache.get('k', async () => 'v1');
    clock.tick(1000);
    let release = (_: string) => {};
    let computed = 0;
    const next = () => {
      computed += 1;
      return new Promise<string>((r) => (release = r));
    };
    // Everyone asking while the successor is computed gets the old value at once, and only one computation runs.
    expect(await cache.get('k', next)).toBe('v1');
    expect(await cache.get('k', next)).toBe('v1');
    expect(computed).toBe(1);
    release('v2');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', next)).toBe('v2');
    expect(computed).toBe(1);
    // Past the stale allowance the reader waits for a fresh value, as without one.
    clock.tick(2000);
    expect(await cache.get('k', async () => 'v3')).toBe('v3');
    // A clear() is never answered from the stale value, nor refilled by a successor computed before it.
    clock.tick(1000);
    expect(await cache.get('k', next)).toBe('v3');
    cache.clear();
    release('old state');
    expect(await cache.get('k', async () => 'v4')).toBe('v4');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', async () => 'v5')).toBe('v4');
    // A failed successor is not kept, and the stale value is not served again.
    clock.tick(1000);
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe('v4');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', async () => 'v6')).toBe('v6');
  });

  it('dropPageCaches empties the caches declared dropOnWrite of that app only', async () => {
    const pages = perAppCache<string>('test.pages', 60_000, 10, { dropOnWrite: true });
    const other = perAppCache<string>('test.other', 60_000, 10);
    const app1 = { root: {}, now: () => new Date() };
    const app2 = { root: {}, now: () => new Date() };
    for (const app of [app1, app2]) {
      await pages(app).get('k', async () => 'v');
      await other(app).get('k', async () => 'v');
    }
    dropPageCaches(app1, null);
    expect(pages(app1).size.entries).toBe(0);
    expect(other(app1).size.entries).toBe(1);
    expect(pages(app2).size.entries).toBe(1);
  });

  it("a reader's write drops that reader's keys of per-reader caches and all of the shared ones", async () => {
    const shared = perAppCache<string>('test.shared', 60_000, 10, { dropOnWrite: true });
    const perReader = perAppCache<string>('test.per_reader', 60_000, 10, { dropOnWrite: 'reader' });
    const app = { root: {}, now: () => new Date() };
    await shared(app).get('page', async () => 'v');
    for (const key of ['7', '7 a', '7 b', '71 a', '8 a']) await perReader(app).get(key, async () => key);
    dropPageCaches(app, 7);
    expect(shared(app).size.entries).toBe(0);
    expect(['7', '7 a', '7 b', '71 a', '8 a'].filter((k) => perReader(app).has(k))).toEqual(['71 a', '8 a']);
    // A key dropped and computed again belongs to its reader again.
    await perReader(app).get('7 a', async () => 'again');
    dropPageCaches(app, 7);
    expect(perReader(app).has('7 a')).toBe(false);
    // A write by no one (a job, a webhook) may concern any reader.
    dropPageCaches(app, null);
    expect(perReader(app).size.entries).toBe(0);
  });
});
