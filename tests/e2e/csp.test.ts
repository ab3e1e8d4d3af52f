import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, editorReady, open, registerViaApi, signedInPage, useSharedBrowser } from './harness.ts';

/**
 * The site's own pages pass their Content-Security-Policy (security-headers.ts): React Router's inline hydration
 * scripts and everything the pages load run, and Chromium reports no violation on the feed, an entry, the editor,
 * /plus and the messenger.
 */
const env = useSharedBrowser();

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
    const author = await registerViaApi(env.server, 'Автор Политики');
    const saved = await callApi<{ entry: { url: string } }>(env.server, '/v3.0/writing/save', author.cookie, {
      title: 'Запись под политикой',
      entry: [{ type: 'text', data: { text: 'Текст записи' } }],
      is_published: 1,
    });
    expect(saved.rc, saved.rm).toBe(200);
    const entryUrl = new URL(saved.data.entry.url, env.server.url).pathname;

    const { context, page } = await signedInPage(env.browser, env.server, author.cookie);
    const violations = await watchViolations(page);
    const res = await page.goto(env.server.url);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await open(page, env.server.url + entryUrl);
    await open(page, `${env.server.url}/writing`);
    await editorReady(page);
    await open(page, `${env.server.url}/plus`);
    await open(page, `${env.server.url}/messenger`);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await context.close();
  }, 120_000);
});
