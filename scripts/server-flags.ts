/**
 * Node flags the server runs with (`npm start`, the benches; docs/BENCHMARKS.md, issue 16):
 * - V8 sizes the young generation by the machine's memory: on a 23 GB machine each semi-space grows to 64 MB, 128 MB
 *   resident for short-lived garbage alone, held at idle too. 16 MB semi-spaces: ~230 MB idle instead of ~320 MB;
 *   8 MB: the peak under signed-in page renders 20 MB lower again (348 against 367–370 MB), the same CPU a page and
 *   a feed answer (A/B, «Sixth round»).
 * - Under 50 concurrent page renders V8 let the old generation grow up to 4× its live size between full
 *   collections (peaks of 490–640 MB). Growing it by half at most keeps the peak near 360 MB for ~5 % more CPU a page.
 * - `gc` for the collection once the server turns quiet after a burst (src/server/http/idle-gc.ts): an idle server
 *   allocates too little for V8 to start one, and kept the burst's garbage resident.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50', '--expose-gc'];

/**
 * The server's environment on top of the caller's (`npm start`, the benches). glibc gives each thread that
 * allocates (libuv's pool, V8's collector threads) a malloc arena of its own, up to 8 per core, and keeps what an
 * arena once held. Two arenas, in two runs of the page bench each: peak 354 / 331 → 292 / 323 MB, a minute after the
 * load 26 / 23 % → 13 / 18 % over idle, for the same CPU (docs/BENCHMARKS.md, «Sixth round»). An operator's own
 * MALLOC_ARENA_MAX wins.
 */
export const serverEnv = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({
  ...env,
  MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
});
