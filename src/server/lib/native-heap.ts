import { createRequire } from 'node:module';

/**
 * glibc's `malloc_trim(0)`, reached through the koffi FFI: it gives the system back the free pages inside malloc's
 * arenas, where `free()` only ever shortens an arena from its top. A burst of page renders leaves the arenas
 * fragmented (V8's compiler zones, Node's buffers); after it the server kept ~60 MB of freed native memory resident
 * for good (docs/BENCHMARKS.md, «Seventh round»). Undefined where there is no glibc (macOS, musl) or no koffi build
 * for the platform: then nothing is trimmed.
 */
function loadTrim(): (() => boolean) | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => trim(0) === 1;
  } catch {
    return undefined;
  }
}

let loaded: { trim: (() => boolean) | undefined } | undefined;

/** Returns whether memory went back to the system; undefined when this platform has no trim. */
export function trimNativeHeap(): boolean | undefined {
  loaded ??= { trim: loadTrim() };
  return loaded.trim?.();
}
