/**
 * `npm test`: the type check, the lint, the in-process tests (unit and API) and the browser tests, side by side.
 * One after the other left a core idle most of the time: the type check and the lint use one core each, and browser
 * files mostly wait on their own server and Chromium while API files keep a core busy. Each part's output is printed
 * whole when it ends (parts never interleave), with its time; the command fails when any part fails.
 * Arguments after `--` go to both vitest runs (`npm test -- --reporter=dot`).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const extra = process.argv.slice(2);

interface Part {
  name: string;
  command: string;
  args: string[];
}

const parts: Part[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  {
    name: 'unit and API tests',
    command: process.execPath,
    args: [vitest, 'run', '--project', 'unit', '--project', 'api', ...extra],
  },
  { name: 'browser tests', command: process.execPath, args: [vitest, 'run', '--project', 'e2e', ...extra] },
];

function run(part: Part): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Colours as a terminal would show them, when `npm test` runs in one.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn(part.command, part.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(part.name);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      running.delete(part.name);
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n> ${part.name}: ${code ? `failed (${code})` : 'passed'} in ${seconds} s\n${out}`);
      resolve(code === 0);
    });
  });
}

const running = new Set<string>();
// A part prints only when it ends: say every minute what is still running, so a long run is not taken for a hang.
const progress = setInterval(() => console.log(`… still running: ${[...running].join(', ')}`), 60_000);
console.log(`Running ${parts.map((p) => p.name).join(', ')} side by side; each part prints when it ends.`);
const started = Date.now();
const results = await Promise.all(parts.map(run));
clearInterval(progress);
const failed = parts.filter((_, i) => !results[i]).map((p) => p.name);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nnpm test: ${failed.length ? `failed (${failed.join(', ')})` : 'everything passed'} in ${seconds} s`);
if (failed.length) process.exit(1);
