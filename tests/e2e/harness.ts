import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { MediaImage, UploadResultItem } from '../../src/shared/media.ts';
import { chromiumExecutable } from '../../scripts/chromium.ts';
import { ensureBuild, root } from '../../scripts/ensure-build.ts';
import { freePort } from '../../scripts/free-port.ts';

/** A real server process on a free port with its own data directory, as `npm start` runs it. */
export interface Server {
  url: string;
  dataDir: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/**
 * Kills the servers this file started and did not stop: one whose test or hook timed out (its start still under
 * way, say) would otherwise outlive the file's worker and take memory and CPU from every later file.
 */
export function killLeftoverServers() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/**
 * `cwd` is where the server finds `build/`: a changed copy of it plays the next deploy.
 * Without `dataDir` (and without DATABASE_URL or arguments) the server starts on a copy of the data dir a first start
 * made earlier in this run (migrated, seeded as `SEED` says, stopped cleanly), so the first start is paid once per run
 * and per `SEED`; pass an empty directory to watch a real first start.
 */
export function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  args: string[] = [],
  cwd = root,
): Promise<Server> {
  return launchServer(env, dataDir, args, cwd);
}

/**
 * With `logFile` the server writes there and lives on its own (its own process group, not waited for): a shared
 * server outlives the file, and the worker process, that started it.
 */
async function launchServer(
  env: Record<string, string>,
  dataDir: string | undefined,
  args: string[],
  cwd: string,
  logFile?: string,
): Promise<Server & { pid: number }> {
  ensureBuild();
  const dir = dataDir ?? (await copyOfFirstStart(env, args, cwd)) ?? emptyDataDir();
  // A test may choose the port and the public address (passkeys need a host name: WebAuthn refuses an IP address).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  let out = '';
  const log = logFile ? fs.openSync(logFile, 'a') : null;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'src', 'server', 'main.ts'), ...args], {
    cwd,
    // NODE_COMPILE_CACHE: V8 keeps the compiled server modules between the many server starts of a run (and runs).
    env: {
      NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'sreda-e2e-compile-cache'),
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      RATE_LIMIT_SCALE: '20',
      // Browser tests sign up fresh accounts that publish links; the hold itself is tested through the API.
      NEW_ACCOUNT_LINK_REVIEW: '0',
      PAYMENTS_TEST_CASHIER: '1',
      // Every answer of a route with a contract is checked against it (a drift is a 500 the test meets).
      CHECK_ANSWERS: '1',
      // React's production build, as a deployment runs it (its development build costs 3–4× per page rendered), without
      // the caches shared between readers, so that what a test just wrote shows at once.
      NODE_ENV: 'production',
      SHARED_CACHES: '0',
      ...env,
    },
    stdio: log === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', log, log],
    detached: log !== null,
  });
  const output = () => (logFile ? fs.readFileSync(logFile, 'utf8') : out);
  if (log === null) {
    running.add(child);
    child.on('exit', () => running.delete(child));
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
  } else {
    fs.closeSync(log);
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A first start migrates and seeds (the demo's pictures are drawn then): at load 25+ on two cores that nears 3 min.
  const deadline = Date.now() + 240_000;
  // The port was free when picked, but another file's server may bind it first: then a health answer comes from that
  // server (a test once registered its "first account" on a stranger's site). Only this process's own log line that
  // it listens on the port makes it ours; one that lost the port is started again on another.
  const listening = `"pid":${child.pid},"hostname":`;
  const ownLine = (text: string) =>
    text.split('\n').some((l) => l.includes(listening) && l.includes(`listening at http://127.0.0.1:${port}"`));
  for (;;) {
    if (child.exitCode !== null) {
      if (!env.PORT && output().includes('EADDRINUSE')) {
        const again = dataDir ?? (await copyOfFirstStart(env, args, cwd)) ?? emptyDataDir();
        return launchServer(env, again, args, cwd, logFile);
      }
      throw new Error(`server exited early:\n${output()}`);
    }
    try {
      if (ownLine(output()) && (await fetch(`${url}/v3.0/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (log !== null) child.unref();
  return {
    url,
    dataDir: dir,
    pid: child.pid!,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A seeded server (`SEED=1`, the defaults) shared by the browser files that only add to the site — their own
 * accounts, entries, comments — and never stop it or count what the whole site holds. One file at a time holds it:
 * each of the run's slots (as many as browser files run at once) is a lock file and a server that the first file to
 * take the slot starts and later ones find running. A start costs ~3 s of CPU and ~2.5 s of waiting; 27 files paid it
 * each. `stop()` gives the slot back (and `setup.ts` does, should a file fail first); the run's global setup stops
 * the servers when the run ends.
 */
export async function sharedServer(): Promise<SharedServer> {
  const pool = path.join(inject('e2eFirstStarts'), 'shared');
  fs.mkdirSync(pool, { recursive: true });
  const waitUntil = Date.now() + 120_000;
  for (;;) {
    for (let slot = 0; slot < SHARED_SLOTS; slot++) {
      const lock = path.join(pool, `slot-${slot}.lock`);
      if (!takeLock(lock)) continue;
      heldSlots.add(lock);
      try {
        return { ...(await slotServer(pool, slot)), stop: async () => releaseSlot(lock) };
      } catch (e) {
        releaseSlot(lock);
        throw e;
      }
    }
    // Every slot held longer than a file runs: a file left one without giving it back; start a server of its own.
    if (Date.now() > waitUntil) {
      const own = await startServer();
      return { ...own, owner: await registerViaApi(own, OWNER_NAME) };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The usual frame of a browser file that only adds to the site: the shared seeded server and a browser, started side
 * by side before its tests and given back after them. Call it before the file's own hooks: `env.server` and
 * `env.browser` are live from its beforeAll on.
 */
export function useSharedBrowser() {
  const env = {} as { server: SharedServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([sharedServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/** Browser files run three at a time (vitest.config.ts): one slot each. */
const SHARED_SLOTS = 3;
const heldSlots = new Set<string>();

function releaseSlot(lock: string) {
  heldSlots.delete(lock);
  fs.rmSync(lock, { force: true });
  return Promise.resolve(0);
}

/** Gives back the slots this file still holds (its afterAll failed before `stop()`). */
export function releaseSharedServers() {
  for (const lock of heldSlots) releaseSlot(lock);
}

/** A shared server and its superuser: the first account, registered when the server starts. */
export type SharedServer = Server & { owner: Account };
type Account = Awaited<ReturnType<typeof registerViaApi>>;
const OWNER_NAME = 'Хозяин Сайта';

interface SlotInfo {
  url: string;
  dataDir: string;
  pid: number;
  log: string;
  owner: Account;
}

/** The slot's running server, or a new one started for it. */
async function slotServer(pool: string, slot: number): Promise<Omit<SharedServer, 'stop'>> {
  const infoFile = path.join(pool, `slot-${slot}.json`);
  const running = fs.existsSync(infoFile) ? (JSON.parse(fs.readFileSync(infoFile, 'utf8')) as SlotInfo) : null;
  const info = running && alive(running.pid) ? running : await newSlotServer(pool, slot);
  fs.writeFileSync(infoFile, JSON.stringify(info));
  return { url: info.url, dataDir: info.dataDir, owner: info.owner, output: () => fs.readFileSync(info.log, 'utf8') };
}

async function newSlotServer(pool: string, slot: number): Promise<SlotInfo> {
  const log = path.join(pool, `slot-${slot}.log`);
  const server = await launchServer({}, undefined, [], root, log);
  const owner = await registerViaApi(server, OWNER_NAME);
  return { url: server.url, dataDir: server.dataDir, pid: server.pid, log, owner };
}

/** Stops the shared servers of a run (its global teardown). */
export async function stopSharedServers(runDir: string) {
  const pool = path.join(runDir, 'shared');
  if (!fs.existsSync(pool)) return;
  const pids = fs
    .readdirSync(pool)
    .filter((f) => f.endsWith('.json'))
    .map((f) => (JSON.parse(fs.readFileSync(path.join(pool, f), 'utf8')) as SlotInfo).pid);
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** The lock is a file holding its maker's pid; a maker whose process is gone leaves it to the next one. */
function takeLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const owner = lockOwner(lock);
    if (owner && owner !== process.pid && !alive(owner)) fs.rmSync(lock, { force: true });
    return false;
  }
}

/** 0 while its maker is still writing it, or once it is gone. */
function lockOwner(lock: string) {
  try {
    return Number(fs.readFileSync(lock, 'utf8'));
  } catch {
    return 0;
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** An empty data dir: a server started on it makes its first start (migrations, seed). */
export function emptyDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-e2e-'));
}

async function copyOfFirstStart(env: Record<string, string>, args: string[], cwd: string): Promise<string | null> {
  const runDir = inject('e2eFirstStarts');
  if (!runDir || env.DATABASE_URL || args.length) return null;
  const seed = env.SEED ?? process.env.SEED ?? '1';
  const template = path.join(runDir, `seed-${seed}`);
  // One file makes it while the files started beside it wait, rather than each seeding its own at once.
  const lock = path.join(runDir, `seed-${seed}.lock`);
  while (!fs.existsSync(template)) {
    if (takeLock(lock)) {
      try {
        const made = fs.mkdtempSync(path.join(runDir, 'making-'));
        const first = await startServer({ SEED: seed }, made, [], cwd);
        const code = await first.stop();
        if (code !== 0) throw new Error(`first start did not stop cleanly (${code}):\n${first.output()}`);
        fs.renameSync(made, template);
      } finally {
        fs.rmSync(lock, { force: true });
      }
    } else {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const dir = emptyDataDir();
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/** A headless Chromium with flags for a test machine. */
export async function launchBrowser(): Promise<Browser> {
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ];
  // @sparticuz/chromium's own flag set is tuned for Lambda (--single-process dies with the first closed context).
  return chromium.launch({ executablePath: await chromiumExecutable(), args, headless: true });
}

/** Opens a page and waits until React has hydrated it. */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
}

export const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');

/** Saves a screenshot under test-results/screenshots/{name}.png. */
export async function shot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/**
 * A fresh Russian-locale context of the given viewport. The site's service worker (offline reading) is blocked but
 * where a test asks for it (tests/e2e/offline.test.ts): `page.route` does not see what a worker fetches. Its waits give up after 30 s: a page that works gets there
 * in well under a second on a quiet machine, and `npm test` runs the browser files beside the API files, the type
 * check and the lint on two cores (issue 33: 10 s failed dozens of tests at load 20).
 */
export async function newPage(
  browser: Browser,
  width = 1280,
  height = 900,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'ru-RU',
    reducedMotion: 'reduce',
    serviceWorkers,
  });
  context.setDefaultTimeout(30_000);
  watchHydration(context);
  return { context, page: await context.newPage() };
}

/**
 * React's hydration failures: #418 (the server's HTML or text differs from the client's first render), #423 (an error
 * while hydrating), #425 (React 18's text mismatch); the development build spells the first out.
 */
const HYDRATION_ERROR = /Minified React error #(418|423|425)\b|Hydration failed because/;
const hydrationErrors: string[] = [];

/**
 * Notes the hydration errors of every page of the context (popups too): React throws the server's HTML away and
 * renders the page again, which the page survives, so only a check fails the test (`setup.ts`, after each test).
 */
export function watchHydration(context: BrowserContext) {
  context.on('weberror', (e) => {
    const message = e.error().message;
    if (HYDRATION_ERROR.test(message)) hydrationErrors.push(`${e.page()?.url() ?? ''} ${message}`);
  });
}

/** The hydration errors met since the last call. */
export function takeHydrationErrors() {
  return hydrationErrors.splice(0);
}

let accounts = 0;
/** An account made through the API; answers its session cookie, credentials and id. */
export async function registerViaApi(server: Server, name: string) {
  accounts += 1;
  const values = { name, email: `person-${accounts}-${Date.now()}@example.ru`, password: 'очень надёжный пароль' };
  const res = await fetch(`${server.url}/v3.0/auth/simple/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
    body: JSON.stringify({ values }),
  });
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { ...values, cookie, id: (await res.json()).data.user.id as number };
}

/** Puts a session cookie into a browser context: that browser is now signed in. */
export async function signIn(context: BrowserContext, server: Server, cookie: string) {
  const at = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: server.url }]);
}

/** A fresh page signed in with `cookie`; page errors are printed, so a broken client shows in the test log. */
export async function signedInPage(
  browser: Browser,
  server: Server,
  cookie: string,
  width = 1280,
  height = 900,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const made = await newPage(browser, width, height, serviceWorkers);
  await signIn(made.context, server, cookie);
  made.page.on('pageerror', (e) => console.log('pageerror', made.page.url(), e.message));
  return made;
}

/** Editor.js has started (the module is loaded lazily) inside the editor. */
export const editorReady = (page: Page) =>
  page.waitForSelector('[data-testid=editor-blocks][data-ready="1"] .ce-block');

/** An API call as a signed-in browser makes it: GET without a body, else a JSON POST with the CSRF marker. */
export async function callApi<T>(server: Server, path: string, cookie = '', body?: unknown) {
  const res = await fetch(
    server.url + path,
    body === undefined
      ? { headers: { cookie } }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
          body: JSON.stringify(body),
        },
  );
  return (await res.json()) as { rc: number; rm: string; data: T };
}

/**
 * A published one-paragraph entry of the account's own. Tests on the shared site use it rather than the newest entry
 * of the feed, which may belong to another test (closed to comments, in a private community, deep in comments).
 */
export async function publishEntry(server: Server, cookie: string, title: string, text = 'Что вы об этом думаете?') {
  const saved = await callApi<{ entry: { id: number; url: string } }>(server, '/v3.0/writing/save', cookie, {
    title,
    entry: [{ type: 'text', data: { text } }],
    is_published: 1,
  });
  if (saved.rc !== 200) throw new Error(`publishing «${title}»: ${JSON.stringify(saved)}`);
  return saved.data.entry;
}

/** Files uploaded as the editor sends them (`file_0`, `file_1` …); every one must come back as a picture. */
export async function uploadImages(
  server: Server,
  cookie: string,
  files: { name: string; data: Buffer; type: string }[],
): Promise<MediaImage[]> {
  const form = new FormData();
  files.forEach((f, i) => form.append(`file_${i}`, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name));
  const res = await fetch(`${server.url}/v3.0/andropov/upload`, {
    method: 'POST',
    headers: { 'x-this-is-csrf': '1', cookie },
    body: form,
  });
  const body = (await res.json()) as { rc: number; data: { result: UploadResultItem[] } };
  if (body.rc !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data.result.map((r) => {
    if (r.type !== 'image') throw new Error(r.data.message);
    return r.data;
  });
}

/** One picture of a media block, as the editor saves it; a caption only where one is given. */
export const mediaItem = (image: MediaImage, caption: { title?: string; author?: string } = {}) => ({
  image: { uuid: image.uuid, width: image.width, height: image.height, color: image.color, type: image.type },
  ...(caption.title !== undefined ? { title: caption.title } : {}),
  ...(caption.author !== undefined ? { author: caption.author } : {}),
});
