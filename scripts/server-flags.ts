/**
 * Node flags the server runs with (`npm start`, the benches). V8 sizes the young generation by the machine's memory:
 * on a 23 GB machine each semi-space grows to 64 MB, 128 MB of resident memory for short-lived garbage alone, held
 * at idle too. 16 MB semi-spaces keep a server at ~230 MB idle instead of ~320 MB (docs/BENCHMARKS.md, issue 16).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
