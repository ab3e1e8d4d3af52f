import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { NEW_ACCOUNT_COMMENTS_PER_HOUR } from '../../src/shared/captcha.ts';
import {
  callApi,
  launchBrowser,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';

let server: Server;
let browser: Browser;
let entryUrl: string;
let entryId: number;
let person: Awaited<ReturnType<typeof registerViaApi>>;

beforeAll(async () => {
  // Scale 1: the real new-account limits.
  [server, browser] = await Promise.all([startServer({ RATE_LIMIT_SCALE: '1' }), launchBrowser()]);
  await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site
  person = await registerViaApi(server, 'Новичок Тестов');
  const entry = await callApi<{ entry: { id: number; url: string } }>(server, '/v3.0/entry/1');
  entryId = entry.data.entry.id;
  entryUrl = server.url + entry.data.entry.url;
  for (let i = 0; i < NEW_ACCOUNT_COMMENTS_PER_HOUR; i++) {
    const res = await callApi(server, '/v3.0/comment/add', person.cookie, { id: entryId, text: `Комментарий ${i}` });
    expect(res.rc, res.rm).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('captcha (rc 418)', () => {
  for (const width of [1280, 375]) {
    it(`a new account over the comment limit solves the captcha and the comment goes through (${width})`, async () => {
      const { context, page } = await signedInPage(browser, server, person.cookie, width, width === 375 ? 800 : 900);
      await open(page, entryUrl);
      const text = `Комментарий после проверки ${width}`;
      await page.fill('[data-testid=comment-add-form] textarea', text);
      await page.click('[data-testid=comment-add-form] [data-testid=comment-submit]');
      const popup = page.locator('[data-testid=captcha]');
      await popup.waitFor();
      await popup.locator('[role=status][data-state=solved]').waitFor({ timeout: 30_000 });
      // The popup has finished sliding in (a bottom sheet on phones).
      await page
        .locator('[data-kind=captcha]')
        .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await shot(page, `captcha-modal-${width}`);
      await popup.locator('[data-testid=captcha-submit]').click();
      await page.locator('[data-testid=comment]', { hasText: text }).waitFor();
      await popup.waitFor({ state: 'detached' });
      const list = await callApi<{ items: { text: string }[] }>(server, `/v3.0/comments?content_id=${entryId}`);
      expect(JSON.stringify(list.data.items)).toContain(text);
      await context.close();
    });
  }
});
