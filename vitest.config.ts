import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Thousands of test sign-ups: argon2id at 1 MiB instead of 19. Set here, in the main process, so every project's
// workers and the browser tests' servers inherit it.
process.env.ARGON2_MEMORY_KIB ??= '1024';

/**
 * Files that take longest, started first. Without a cache of earlier runs (a fresh clone, as CI has) vitest starts
 * larger files first, and the two accessibility walks are tiny files: they started last and ran on after the rest.
 */
const SLOW_FIRST = [
  'tests/e2e/a11y-desktop.test.ts',
  'tests/e2e/a11y-phone.test.ts',
  'tests/e2e/overflow.test.ts',
  // The browser files by their time in a run of the whole suite (longest first, so none starts last and runs alone).
  'tests/e2e/lifecycle.test.ts',
  'tests/e2e/editor.test.ts',
  'tests/e2e/checkout.test.ts',
  'tests/e2e/billing.test.ts',
  'tests/e2e/complaints.test.ts',
  'tests/e2e/comments.test.ts',
  'tests/e2e/auth.test.ts',
  'tests/e2e/feed.test.ts',
  'tests/e2e/signin.test.ts',
  'tests/e2e/discovery.test.ts',
  'tests/e2e/drafts.test.ts',
  'tests/e2e/a11y-layouts.test.ts',
  'src/server/http/routes.property.test.ts',
  'src/server/modules/hits/hits-crash.test.ts',
  'src/server/http/redis-outage.test.ts',
  'src/server/modules/moderation/roles.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    const base = await super.sort(files);
    const order = new Map(base.map((f, i) => [f, i]));
    const projects = [...new Set(base.map((f) => f.project.name))];
    // Projects and groups keep their order; within a project the listed files go first.
    const project = (f: TestSpecification) =>
      f.project.config.sequence.groupOrder * 1000 + projects.indexOf(f.project.name);
    return base.sort((a, b) => project(a) - project(b) || rank(a) - rank(b) || order.get(a)! - order.get(b)!);
  }
}

/**
 * The whole-site walks: axe-core on every page and overlay at both widths, and every page of every role at 375 px
 * (minutes of browser time), so outside `npm test`, which walks one page per kind for both (a11y-layouts.test.ts).
 */
const WALKS = ['tests/e2e/a11y-desktop.test.ts', 'tests/e2e/a11y-phone.test.ts', 'tests/e2e/overflow.test.ts'];

/** A real server process and Chromium per file. */
function browserProject(name: string, files: { include: string[]; exclude?: string[] }) {
  return {
    test: {
      name,
      ...files,
      environment: 'node' as const,
      globalSetup: ['tests/e2e/global-setup.ts'],
      setupFiles: ['tests/e2e/setup.ts'],
      // A worker runs file after file with playwright and the harness loaded once (each file still gets its own
      // browser, and its own or a shared server): a third of a second of CPU a file.
      isolate: false,
      testTimeout: 120_000,
      // A beforeAll may wait for a first start (migrations and the seed), up to the harness's 4 min at load 25+.
      hookTimeout: 270_000,
      // Three browser files at a time, after the unit and API files (group 1): each mostly waits on its own server
      // and browser (two at a time kept one core of two busy), and every file has its own server, data dir and port.
      maxWorkers: 3,
      sequence: { groupOrder: 1 },
      // expect.poll waits for a condition the browser reaches; a busy machine gets there later than its 1 s default.
      expect: { poll: { timeout: 30_000 } },
      // A real browser on a small, busy CI machine: one more try for a test that timed out once (the report still
      // lists the failed try). A broken behaviour fails both.
      retry: process.env.CI ? 1 : 0,
    },
  };
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirst },
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while most API files spend much of
    // their time waiting (timers, sockets, SMTP); two at a time at least. Browser tests stay one at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          // A server file that starts no app and needs no database is named *.unit.test.ts and runs here, without the
          // API project's migrated database.
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
          isolate: false,
          // Vitest's 5 s default met a loaded machine (load 20 on two cores: the town list's check took 6 s).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.unit.test.ts'],
          environment: 'node',
          // One migrated database per run; each file starts from a copy of it.
          globalSetup: ['src/server/testing/global-setup.ts'],
          // Files share a worker's loaded modules instead of importing the whole server again each (half the project's
          // time went to imports). Every file still builds its own app on its own copy of the database.
          isolate: false,
          testTimeout: 30_000,
          // A file's app start migrates or copies a database; at load 20 on two cores that took over a minute.
          hookTimeout: 180_000,
          // expect.poll waits for work done after an answer (a cache recomputed in the background, a job); on a busy
          // machine that takes longer than its 1 s default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      browserProject('e2e', { include: ['tests/e2e/**/*.test.ts'], exclude: [...WALKS] }),
      // The whole-site walks: `npm run test:walks`, and in CI.
      browserProject('walks', { include: WALKS }),
    ],
  },
});
