import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * A Redis server of the test's own, on a free port, that the test may stop and start again (the shared Redis of
 * the machine or the CI is never stopped). Without the `redis-server` binary, `redisServerMissing()` says why, so
 * the test is skipped with that message and `npm test` passes on a machine with only Node.
 */
export interface OwnRedis {
  url: string;
  port: number;
  /** Stops the server (its data goes with it: no persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

const BINARY = process.env.REDIS_SERVER_BIN || 'redis-server';

export function redisServerMissing(): string | null {
  const probe = spawnSync(BINARY, ['--version'], { encoding: 'utf8', timeout: 5000 });
  if (probe.error)
    return `${BINARY} not found (${(probe.error as NodeJS.ErrnoException).code ?? probe.error.message}); install Redis to run it`;
  return probe.status === 0 ? null : `${BINARY} --version failed: ${probe.stderr}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once the port answers PING with PONG. */
async function answers(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (child) return;
      const proc = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      child = proc;
      proc.once('exit', () => {
        if (child === proc) child = null;
      });
      await answers(port, Date.now() + 10_000);
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      child = null;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    },
  };
  await own.start();
  return own;
}
