import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureBuild, root } from '../../scripts/ensure-build.ts';

/** A real server process on a free port with its own data directory, as `npm start` runs it. */
export interface Server {
  url: string;
  dataDir: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startServer(env: Record<string, string> = {}, dataDir?: string, args: string[] = []): Promise<Server> {
  ensureBuild();
  const port = await freePort();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'src', 'server', 'main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', RATE_LIMIT_SCALE: '20', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/v3.0/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir: dir,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Debian's Chromium when installed, else the one @sparticuz/chromium ships: `npm test` needs only npm. */
export async function launchBrowser(): Promise<Browser> {
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
  const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
  if (system) return chromium.launch({ executablePath: system, args, headless: true });
  const { default: sparticuz } = await import('@sparticuz/chromium');
  // Its own flag set is tuned for Lambda (--single-process dies with the first closed context); ours suit a test machine.
  return chromium.launch({ executablePath: await sparticuz.executablePath(), args, headless: true });
}

/** Opens a page and waits until React has hydrated it. */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
}

export const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');
