/**
 * Lighthouse's mobile scores (performance, accessibility, best practices, SEO) for the home page and an entry page
 * with comments, on a fresh seeded server started here, in the Chromium the browser tests use.
 *
 *   node bench/lighthouse.ts                      # the current build (built first when stale)
 *   node bench/lighthouse.ts --cwd /tmp/other     # the build/ of another checkout, e.g. an earlier commit
 *   node bench/lighthouse.ts --runs 3             # the median of three runs per page
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumExecutable } from '../scripts/chromium.ts';
import { ensureBuild, root } from '../scripts/ensure-build.ts';
import { freePort } from '../scripts/free-port.ts';

const { values: args } = parseArgs({ options: { cwd: { type: 'string' }, runs: { type: 'string', default: '1' } } });
const cwd = args.cwd ?? root;
if (!args.cwd) ensureBuild();

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'src', 'server', 'main.ts')], {
  cwd,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    SEED: '1',
  },
  stdio: 'ignore',
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/v3.0/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  // The seeded entry with the most comments.
  const html = await (await fetch(`${url}/`)).text();
  const entries = [...new Set([...html.matchAll(/href="(\/(?:s|u)\/[^"/]+\/[^"/]+)"/g)].map((m) => m[1]))];
  let entry = entries[0];
  let most = -1;
  for (const e of entries.slice(0, 10)) {
    const count = ((await (await fetch(url + e)).text()).match(/data-testid="comment"/g) ?? []).length;
    if (count > most) [entry, most] = [e, count];
  }

  const chrome = await chromeLauncher.launch({
    chromePath: await chromiumExecutable(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (const [name, page] of [
      ['home', '/'],
      ['entry', entry],
    ] as const) {
      const runs: Record<string, number>[] = [];
      for (let r = 0; r < Number(args.runs); r++) {
        const result = await lighthouse(url + page, { port: chrome.port, output: 'json', logLevel: 'error' });
        const categories = result!.lhr.categories;
        runs.push(
          Object.fromEntries(Object.entries(categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)])),
        );
        if (r === 0) {
          // What keeps accessibility and best practices under 100, by audit id.
          const failing = ['accessibility', 'best-practices', 'seo'].flatMap((k) =>
            categories[k].auditRefs
              .filter((a) => a.weight > 0 && (result!.lhr.audits[a.id].score ?? 1) < 1)
              .map((a) => `${k}/${a.id}`),
          );
          if (failing.length) console.log(`${name}: failing ${failing.join(', ')}`);
          const audits = result!.lhr.audits;
          console.log(
            `${name}: ` +
              [
                'first-contentful-paint',
                'largest-contentful-paint',
                'total-blocking-time',
                'cumulative-layout-shift',
                'speed-index',
              ]
                .map((id) => `${id} ${audits[id].displayValue}`)
                .join(', '),
          );
          if (process.env.LIGHTHOUSE_DETAILS)
            for (const id of [
              'largest-contentful-paint-element',
              'render-blocking-resources',
              'mainthread-work-breakdown',
              'bootup-time',
            ])
              console.log(id, JSON.stringify(result!.lhr.audits[id]?.details, null, 1).slice(0, 4000));
          if (process.env.LIGHTHOUSE_DETAILS)
            for (const f of failing)
              console.log(JSON.stringify(result!.lhr.audits[f.split('/')[1]].details, null, 1).slice(0, 3000));
        }
      }
      const median = (k: string) => runs.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
      console.log(
        `${name} ${page}: ` +
          Object.keys(runs[0])
            .map((k) => `${k} ${median(k)}`)
            .join(', '),
      );
    }
  } finally {
    chrome.kill();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
