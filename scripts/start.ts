/**
 * `npm start`: builds the web client when the build is missing or stale, then runs the server.
 * One command from a fresh clone to a served site.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild, root } from './ensure-build.ts';
import { SERVER_NODE_FLAGS, serverEnv } from './server-flags.ts';

ensureBuild();
const env = serverEnv();
// A demo from a fresh clone takes the test cards, marked «тестовые платежи» on every card form: only without
// CloudPayments keys, outside production and on this machine's own address. Anywhere else it is switched on by hand.
const local = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/?$/.test(env.PUBLIC_URL ?? 'http://localhost');
if (env.PAYMENTS_TEST_CASHIER === undefined && !env.CLOUDPAYMENTS_PUBLIC_ID && env.NODE_ENV !== 'production' && local) {
  env.PAYMENTS_TEST_CASHIER = '1';
  console.log('Card payments: the test cashier (PAYMENTS_TEST_CASHIER=1), for a local demo');
}
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'src', 'server', 'main.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
// Ctrl+C reaches the whole process group, so the server already has SIGINT; a SIGTERM sent to
// this wrapper alone (a process manager) is passed on. Either way the server drains and exits.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
