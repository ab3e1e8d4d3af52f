import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { perAppCache } from '../lib/cache.ts';
import { collectWhenIdle } from './idle-gc.ts';

describe('collectWhenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once when requests stop and the heap grew well past its size after the last collection', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const ctx = { root: {}, now: () => new Date() };
    app.decorate('ctx', ctx as never);
    // A page cache of this app, as the feeds' and the pages' are: emptied before the collection.
    const pages = perAppCache<string>('test.pages', 60_000, 10, { dropOnWrite: true })(ctx);
    await pages.get('/', async () => 'page');
    app.get('/', async () => 'ok');
    let heap = 100e6;
    const steps: string[] = [];
    const collect = vi.fn(() => {
      steps.push('collect');
      heap = 100e6;
    });
    // Malloc's arenas are trimmed after the collection, which is what frees their memory.
    const trim = () => steps.push('trim');
    collectWhenIdle(app, { collect, trim, heapUsed: () => heap, resident: () => heap + 100e6 });
    await app.ready();
    // A burst: requests in every tick, the heap grows; no collection while it lasts.
    for (let tick = 0; tick < 5; tick++) {
      for (let i = 0; i < 20; i++) await app.inject('/');
      heap += 60e6;
      await vi.advanceTimersByTimeAsync(2000);
    }
    expect(collect).not.toHaveBeenCalled();
    expect(pages.has('/')).toBe(true);
    // Quiet: one collection after two quiet ticks, then none while the heap stays near its new size.
    await vi.advanceTimersByTimeAsync(2000);
    expect(collect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(steps).toEqual(['collect', 'trim']);
    expect(pages.has('/')).toBe(false);
    heap += 10e6;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(steps).toEqual(['collect', 'trim']);
    await app.close();
  });
});
