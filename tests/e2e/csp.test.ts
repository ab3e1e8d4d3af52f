import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  callApi,
  editorReady,
  launchBrowser,
  open,
  registerViaApi,
  signedInPage,
  sharedServer,
  type Server,
} from './harness.ts';

/**
 * The site's own pages pass their Content-Security-Policy (security-headers.ts): React Router's inline hydration
 * scripts and everything the pages load run, and Chromium reports no violation on the feed, an entry, the editor,
 * /plus and the messenger.
 */
let server: Server;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Collects CSP violations (the DOM event and Chromium's console line) from the page's first script on. */
async function watchViolations(page: Page) {
  const found: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${location.pathname} ${e.sample}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) found.push(m.text());
  });
  return async () => [
    ...found,
    ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ];
}

describe('Content-Security-Policy in the browser', () => {
  it('the feed, an entry, the editor, /plus and the messenger run with no violation', async () => {
    const author = await registerViaApi(server, 'Автор Политики');
    const saved = await callApi<{ entry: { url: string } }>(server, '/v3.0/writing/save', author.cookie, {
      title: 'Запись под политикой',
      entry: [{ type: 'text', data: { text: 'Текст записи' } }],
      is_published: 1,
    });
    expect(saved.rc, saved.rm).toBe(200);
    const entryUrl = new URL(saved.data.entry.url, server.url).pathname;

    const { context, page } = await signedInPage(browser, server, author.cookie);
    const violations = await watchViolations(page);
    const res = await page.goto(server.url);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await open(page, server.url + entryUrl);
    await open(page, `${server.url}/writing`);
    await editorReady(page);
    await open(page, `${server.url}/plus`);
    await open(page, `${server.url}/messenger`);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await context.close();
  }, 120_000);
});
