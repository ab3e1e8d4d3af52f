import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { trimNativeHeap } from './native-heap.ts';

const MB = 1024 * 1024;

describe('trimNativeHeap', () => {
  it.runIf(process.platform === 'linux')(
    'gives the free pages between live allocations back to the system',
    async () => {
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      // 64 MB of 16 KB buffers (each its own malloc, below the mmap threshold), every 16th kept: the freed ones lie
      // between live ones, where free() cannot shorten the arena.
      const kept = Array.from({ length: 4096 }, () => Buffer.allocUnsafeSlow(16 * 1024).fill(1)).filter(
        (_, i) => i % 16 === 0,
      );
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 20));
      }
      const before = process.memoryUsage.rss();
      expect(trimNativeHeap()).toBe(true);
      const returned = before - process.memoryUsage.rss();
      expect(returned).toBeGreaterThan(32 * MB);
      expect(kept.every((b) => b[0] === 1)).toBe(true);
    },
  );
});
