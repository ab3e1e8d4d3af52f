import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumExecutable } from '../../scripts/chromium.ts';
import { stopSharedServers } from './harness.ts';

/**
 * A directory for this run's first-start data dirs and its shared servers (see `startServer` and `sharedServer` in
 * harness.ts); the servers are stopped and the directory removed when the run ends.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    e2eFirstStarts: string;
  }
}

export default async function setup(project: TestProject) {
  await chromiumExecutable();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-e2e-first-starts-'));
  project.provide('e2eFirstStarts', dir);
  return async () => {
    await stopSharedServers(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
