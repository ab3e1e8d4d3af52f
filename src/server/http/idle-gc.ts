import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { dropPageCaches } from '../lib/cache.ts';
import { trimNativeHeap } from '../lib/native-heap.ts';

/** How often the server looks whether it turned quiet. */
const TICK_MS = 2000;
/** Quiet ticks in a row before a collection: at most one request a second over them (a request and its answer). */
const QUIET_TICKS = 2;
/**
 * "Grown well above": the heap in use this many times its size after the last collection and MIN_GROWTH_BYTES more,
 * or resident memory MIN_GROWTH_BYTES more than after it.
 */
const GROWTH = 1.5;
const MIN_GROWTH_BYTES = 32 * 1024 * 1024;

const v8HeapUsed = () => v8.getHeapStatistics().used_heap_size;

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's collection "of last resort" (several full passes that also give the freed pages back to the system), from
 * the `gc` that `--expose-gc` provides; undefined without the flag.
 */
function lastResortCollection(): (() => void) | undefined {
  const gc = (globalThis as { gc?: Gc }).gc;
  return typeof gc === 'function' ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : undefined;
}

/**
 * A full collection once the server turns quiet after a burst (docs/BENCHMARKS.md, issue 16): what a burst of page
 * renders leaves is garbage, and an idle server allocates too little for V8 to start a major collection by itself
 * (measured: none within a minute), so resident memory stayed at the burst's peak. The page caches (5 s values,
 * `lib/cache.ts`) are emptied first, as a write would: nothing in them is older than the quiet seconds. Then malloc's
 * arenas are trimmed (`lib/native-heap.ts`): the collection frees native memory too, which `free()` keeps unless it
 * lies at an arena's top. Needs `gc` (the server starts with `--expose-gc`, scripts/server-flags.ts); without it
 * (tests, other runners) this does nothing.
 */
export function collectWhenIdle(
  app: FastifyInstance,
  {
    collect = lastResortCollection(),
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- it widens the default's type
    trim = trimNativeHeap as () => unknown,
    heapUsed = v8HeapUsed,
    resident = process.memoryUsage.rss,
  } = {},
) {
  if (typeof collect !== 'function') return;
  // Requests that started and answers that left in the current tick: renders still draining are not quiet.
  let events = 0;
  let quietTicks = 0;
  // The heap and resident memory after the last collection: ours, or lower ones seen since.
  let heapBase = heapUsed();
  let residentBase = resident();
  const count = (_req: unknown, _reply: unknown, done: () => void) => {
    events++;
    done();
  };
  app.addHook('onRequest', count);
  app.addHook('onResponse', count);
  const timer = setInterval(() => {
    quietTicks = events <= (2 * TICK_MS) / 1000 ? quietTicks + 1 : 0;
    events = 0;
    const heap = heapUsed();
    const rss = resident();
    heapBase = Math.min(heapBase, heap);
    residentBase = Math.min(residentBase, rss);
    const heapGrew = heap >= heapBase * GROWTH && heap - heapBase >= MIN_GROWTH_BYTES;
    // Big answers leave native memory behind (buffers, compression) that the heap figure does not show.
    const residentGrew = rss - residentBase >= MIN_GROWTH_BYTES;
    if (quietTicks < QUIET_TICKS || !(heapGrew || residentGrew)) return;
    // What the page caches hold is a few seconds old at most, and expired values leave only as new ones come in:
    // a quiet server would keep the burst's last pages (up to their byte bounds) through the collection.
    dropPageCaches(app.ctx, null);
    collect();
    trim();
    heapBase = heapUsed();
    residentBase = resident();
  }, TICK_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
