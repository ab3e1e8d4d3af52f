import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, root } from '../scripts/ensure-build.ts';
import { freePort } from '../scripts/free-port.ts';
import { SERVER_NODE_FLAGS, serverEnv } from '../scripts/server-flags.ts';
import type { LoadResult, LoadSpec } from './load.ts';

export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** What the server printed so far (its log at LOG_LEVEL warn). */
  output(): string;
}

/**
 * The real server (src/server/main.ts) in production mode on a free port, waited for through its health check.
 * `cwd` is where it finds `build/`; it runs with the flags of `npm start` (scripts/server-flags.ts), then `nodeArgs`
 * (BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof`; a later flag wins).
 */
export async function startBenchServer(
  env: Record<string, string>,
  { cwd = root, nodeArgs = [] as string[] } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, path.join(root, 'src', 'server', 'main.ts')],
    {
      cwd,
      env: {
        ...serverEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '1000000',
        NODE_ENV: 'production',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`${url}/v3.0/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A private copy of the web build (with node_modules linked beside it) for the bench servers to run from (their cwd),
 * so engineers and tests rebuilding `build/` meanwhile cannot pull it from under a run. Answers the directory.
 */
export function privateBuild(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sreda-bench-${label}-build-`));
  ensureBuild();
  fs.cpSync(path.join(root, 'build'), path.join(dir, 'build'), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** Sends a forked client process a command and waits for its answer of type `reply`. */
export function request<T>(worker: ChildProcess, command: object, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { cmd: string }) => {
      if (m.cmd !== reply) return;
      worker.off('message', on);
      resolve(m as T);
    };
    worker.on('message', on);
    worker.send(command);
  });
}

/** The p-th percentile of an ascending list (nearest rank). */
export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs bench/load.ts in its own process, so the load generator does not share the server's event loop. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The spec on stdin: a list of paths or many readers' cookies may pass the limit of one command-line argument.
    const child = spawn(process.execPath, [path.join(root, 'bench', 'load.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin.end(JSON.stringify(spec));
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}

/** Resident memory of a process, in bytes (Linux). */
export const rss = (pid: number) => statusField(pid, 'VmRSS');

/** The highest resident memory the process has reached so far, in bytes (Linux). */
export const peakRss = (pid: number) => statusField(pid, 'VmHWM');

function statusField(pid: number, field: string): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** CPU time (user + system) the process has used so far, in milliseconds (Linux: /proc/<pid>/stat, 100 ticks a second). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start at the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
