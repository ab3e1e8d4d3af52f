import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Thousands of test sign-ups: argon2id at 1 MiB instead of 19. Set here, in the main process, so every project's
// workers and the browser tests' servers inherit it.
process.env.ARGON2_MEMORY_KIB ??= '1024';

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while most API files spend much of
    // their time waiting (timers, sockets, SMTP); two at a time at least. Browser tests stay one at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // One migrated database per run; each file starts from a copy of it.
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Three browser files at a time, after the unit and API files (group 1): each mostly waits on its own server
          // and browser (two at a time kept one core of two busy), and every file has its own server, data dir and port.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          // expect.poll waits for a condition the browser reaches; a busy machine gets there later than its 1 s default.
          expect: { poll: { timeout: 10_000 } },
          // A real browser on a small, busy CI machine: one more try for a test that timed out once (the report still
          // lists the failed try). A broken behaviour fails both.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
