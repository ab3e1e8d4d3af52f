import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { dropPageCaches } from '../lib/cache.ts';

/** How often the server looks whether it turned quiet. */
const TICK_MS = 2000;
/** Quiet ticks in a row before a collection: at most one request a second over them. */
const QUIET_TICKS = 2;
/** "Grown well above": the heap in use must be this many times its size after the last collection, and … */
const GROWTH = 1.5;
/** … this much more at least. */
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
 * `lib/cache.ts`) are emptied first, as a write would: nothing in them is older than the quiet seconds. Needs `gc` (the server starts with
 * `--expose-gc`, scripts/server-flags.ts); without it (tests, other runners) this does nothing.
 */
export function collectWhenIdle(
  app: FastifyInstance,
  { collect = lastResortCollection(), heapUsed = v8HeapUsed } = {},
) {
  if (typeof collect !== 'function') return;
  let requests = 0;
  let quietTicks = 0;
  // The heap after the last collection: ours, or V8's own when it went lower.
  let base = heapUsed();
  app.addHook('onRequest', (_req, _reply, done) => {
    requests++;
    done();
  });
  const timer = setInterval(() => {
    quietTicks = requests <= TICK_MS / 1000 ? quietTicks + 1 : 0;
    requests = 0;
    const used = heapUsed();
    base = Math.min(base, used);
    if (quietTicks < QUIET_TICKS || used < base * GROWTH || used - base < MIN_GROWTH_BYTES) return;
    // What the page caches hold is a few seconds old at most, and expired values leave only as new ones come in:
    // a quiet server would keep the burst's last pages (up to their byte bounds) through the collection.
    dropPageCaches(app.ctx);
    collect();
    base = heapUsed();
  }, TICK_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
