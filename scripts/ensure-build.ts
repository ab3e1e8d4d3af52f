import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web client when the build is missing or older than its sources. */
export function ensureBuild() {
  // Parallel test runs (several e2e files, several shells) must not build over each other.
  const lock = path.join(root, '.build-lock');
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - started > 180_000) fs.rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    buildIfStale();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function buildIfStale() {
  const marker = path.join(root, 'build', 'server', 'index.js');
  const sources = Math.max(
    newestMtime(path.join(root, 'src', 'web')),
    newestMtime(path.join(root, 'src', 'shared')),
    // The build's own settings (chunk groups, plugins) change its output too.
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  if (built >= sources) return;
  console.log('Сборка веб-клиента…');
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'],
    // A test runner sets NODE_ENV=test, which would give the client React's development build (twice the size):
    // tests and `npm start` serve the same production build.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (res.status !== 0) throw new Error(`web build failed with code ${res.status}`);
}
