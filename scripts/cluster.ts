/**
 * `npm run cluster`: the many-node layout on this machine, for trying it and for load runs with failures. It starts
 * a PostgreSQL primary and a streaming replica of its own (src/server/testing/local-postgres.ts), uses the machine's
 * Redis (REDIS_URL, 127.0.0.1:6379 by default) under a key prefix of its own, and runs two web nodes
 * (ROLES=web), one worker (ROLES=worker) and the balancer (scripts/balancer.ts) in front, on PORT (8080).
 * Ctrl-C stops everything and removes the temp dirs. `startCluster()` is the same for a script that kills and
 * restarts the parts (`kill(name)`, `start(name)`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalPostgres, type LocalPostgres } from '../src/server/testing/local-postgres.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { ensureBuild, root } from './ensure-build.ts';
import { freePort } from './free-port.ts';
import { SERVER_NODE_FLAGS, serverEnv } from './server-flags.ts';

export interface ClusterNode {
  name: string;
  port: number | null;
  env: Record<string, string>;
  child: ChildProcess | null;
}

export interface Cluster {
  url: string;
  pg: LocalPostgres;
  balancer: Balancer;
  nodes: Map<string, ClusterNode>;
  /** SIGKILL a node (web-1, web-2, worker), or crash the replica (`replica`). */
  kill(name: string): Promise<void>;
  /** Starts it again; resolves once it answers (a web node), or at once (the worker). */
  start(name: string): Promise<void>;
  stop(): Promise<void>;
}

const log = (...m: unknown[]) => console.error(`[cluster ${new Date().toISOString().slice(11, 19)}]`, ...m);

async function answers(port: number, deadline: number) {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v3.0/health/ready`)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`node on port ${port} did not answer`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function startCluster(
  opts: { port?: number; redisUrl?: string; quiet?: boolean; env?: Record<string, string> } = {},
): Promise<Cluster> {
  if (!fs.existsSync(path.join(root, 'build', 'server', 'index.js'))) ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-cluster-'));
  const pg = await startLocalPostgres({ replicas: 1 });
  await pg.createDatabase('sreda');
  log(`PostgreSQL primary :${pg.primary.port}, replica :${pg.replicas[0].port}`);
  const port = opts.port ?? 8080;
  const webPorts = [await freePort(), await freePort()];
  const common = {
    NODE_ENV: 'production',
    DATABASE_URL: pg.primary.url('sreda'),
    DATABASE_REPLICA_URLS: pg.replicas[0].url('sreda'),
    REDIS_URL: opts.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_NAMESPACE: `cluster-${process.pid}-${crypto.randomBytes(3).toString('hex')}:`,
    SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '127.0.0.1',
    // One media dir for all nodes (on one machine; S3 on many: docs/DEPLOY.md).
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  const nodes = new Map<string, ClusterNode>([
    [
      'web-1',
      { name: 'web-1', port: webPorts[0], env: { ...common, ROLES: 'web', PORT: String(webPorts[0]) }, child: null },
    ],
    [
      'web-2',
      { name: 'web-2', port: webPorts[1], env: { ...common, ROLES: 'web', PORT: String(webPorts[1]) }, child: null },
    ],
    ['worker', { name: 'worker', port: null, env: { ...common, ROLES: 'worker' }, child: null }],
  ]);
  const spawnNode = async (node: ClusterNode) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'src', 'server', 'main.ts')], {
      cwd: root,
      env: { ...serverEnv(), HOST: '127.0.0.1', ...node.env },
      stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', opts.quiet ? 'ignore' : 'inherit'],
    });
    node.child = child;
    child.once('exit', () => {
      if (node.child === child) node.child = null;
    });
    if (node.port) await answers(node.port, Date.now() + 180_000);
  };
  // The first web node migrates and seeds; the others then start together.
  await spawnNode(nodes.get('web-1')!);
  await Promise.all([spawnNode(nodes.get('web-2')!), spawnNode(nodes.get('worker')!)]);
  const balancer = await startBalancer({
    port,
    upstreams: webPorts.map((p, i) => ({ name: `web-${i + 1}`, port: p })),
  });
  log(`balancer ${balancer.url} → web-1 :${webPorts[0]}, web-2 :${webPorts[1]}; worker; Redis ${common.REDIS_URL}`);

  const killChild = async (node: ClusterNode) => {
    const child = node.child;
    if (!child) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    url: balancer.url,
    pg,
    balancer,
    nodes,
    async kill(name) {
      if (name === 'replica') return pg.replicas[0].kill();
      await killChild(nodes.get(name)!);
    },
    async start(name) {
      if (name === 'replica') return pg.replicas[0].start();
      await spawnNode(nodes.get(name)!);
    },
    async stop() {
      await balancer.close();
      await Promise.all([...nodes.values()].map(killChild));
      await pg.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster({ port: Number(process.env.PORT ?? 8080) });
  log(`ready: ${cluster.url} (Ctrl-C stops it all)`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
