/**
 * `npm test`'s first step: the type check and the lint side by side (each mostly uses one core), failing when either
 * fails. Their output is printed whole after each ends, so the two never interleave.
 */
import { spawn } from 'node:child_process';

function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      process.stdout.write(`> npm run ${script}${code ? ` (failed, ${code})` : ''}\n${out}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(['typecheck', 'lint'].map(run));
if (results.includes(false)) process.exit(1);
