/**
 * `npm test`: the type check and the lint side by side, then the unit, API and browser tests in one vitest run. Each
 * part's output is printed whole when it ends, with its time; the command fails when any part fails. Arguments after
 * `--` go to vitest (`npm test -- --reporter=dot`).
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

const checks: Part[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
];
const tests: Part = {
  name: 'unit, API and browser tests',
  command: process.execPath,
  args: [vitest, 'run', '--project', 'unit', '--project', 'api', '--project', 'e2e', ...extra],
};

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
const started = Date.now();
// The checks side by side first (each uses one core), then the tests: run beside the checks, the browser tests met
// a loaded machine's timing races and the whole took no less time.
console.log('Running the type check and the lint side by side, then the tests.');
const passed = (await Promise.all(checks.map(run))).every(Boolean) && (await run(tests));
clearInterval(progress);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nnpm test: ${passed ? 'everything passed' : 'failed'} in ${seconds} s`);
if (!passed) process.exit(1);
