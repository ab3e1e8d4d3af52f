import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  callApi,
  newPage,
  open,
  publishEntry,
  registerViaApi,
  useSharedBrowser,
  shot,
  signedInPage,
} from './harness.ts';

// The reader's '…' menu on the entry's own page (issue 33): the feed card's menu, its stub, sign-in for the anonymous.

const env = useSharedBrowser();
let author: Awaited<ReturnType<typeof registerViaApi>>;

beforeAll(async () => {
  author = await registerViaApi(env.server, 'Автор Меню');
});
const item = (page: Page, value: string) => page.locator(`[data-testid=popover-item][data-value="${value}"]`);

describe("the reader's menu on the entry page", () => {
  it("offers the card's items at 1280: complain opens the modal, hide leaves the entry out of the feed", async () => {
    const entry = await publishEntry(env.server, author.cookie, 'Запись для меню читателя');
    const reader = await registerViaApi(env.server, 'Читатель Меню');
    const { context, page } = await signedInPage(env.browser, env.server, reader.cookie);
    await open(page, env.server.url + entry.url);
    const menu = page.locator('[data-testid=entry] [data-testid=entry-menu]');
    expect(await page.locator('[data-testid=entry-actions]').count()).toBe(0);
    await menu.click();
    await page.waitForSelector('[data-testid=popover]');
    const values = await page
      .locator('[data-testid=popover-item]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.value));
    expect(values).toEqual(expect.arrayContaining(['hide', 'author', 'complain']));
    await shot(page, 'entry-reader-menu-1280');
    await item(page, 'complain').click();
    await page.locator('[data-testid=complaint]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=complaint]').waitFor({ state: 'detached' });

    await menu.click();
    await item(page, 'hide').click();
    await page.locator('[data-testid=entry] [data-testid=entry-stub] [data-option=hide][data-state="2"]').waitFor();
    await shot(page, 'entry-reader-hidden-1280');
    await open(page, `${env.server.url}/new`);
    await page.locator('[data-testid=entry-card]').first().waitFor();
    expect(await page.locator(`[data-testid=entry-card][data-id="${entry.id}"]`).count()).toBe(0);
    await context.close();

    // Its author keeps the editors' menu, not the reader's.
    const own = await signedInPage(env.browser, env.server, author.cookie);
    await open(own.page, env.server.url + entry.url);
    await own.page.locator('[data-testid=entry-actions]').waitFor();
    expect(await own.page.locator('[data-testid=entry] [data-testid=entry-menu]').count()).toBe(0);
    await own.context.close();
  });

  it('opens on-screen at 375 px; an anonymous reader is asked to sign in, a signed-in one ignores the author', async () => {
    const entry = await publishEntry(env.server, author.cookie, 'Запись для меню на телефоне');
    const anon = await newPage(env.browser, 375, 800);
    await open(anon.page, env.server.url + entry.url);
    await anon.page.evaluate(() => {
      window.addEventListener('unauthorized_click', (e) => {
        (window as unknown as { clicked: string }).clicked = (e as CustomEvent).detail.context;
      });
    });
    await anon.page.locator('[data-testid=entry] [data-testid=entry-menu]').click();
    const box = await anon.page.locator('[data-testid=popover]').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await shot(anon.page, 'entry-reader-menu-375');
    await item(anon.page, 'hide').click();
    await anon.page.locator('[data-testid=auth-popup]').waitFor();
    expect(await anon.page.evaluate(() => (window as unknown as { clicked?: string }).clicked)).toBe('entry');
    await anon.context.close();

    const reader = await registerViaApi(env.server, 'Читатель Телефона');
    const { context, page } = await signedInPage(env.browser, env.server, reader.cookie, 375, 800);
    await open(page, env.server.url + entry.url);
    await page.locator('[data-testid=entry] [data-testid=entry-menu]').click();
    await item(page, 'author').click();
    await page.locator('[data-testid=entry-stub] [data-option=author][data-state="2"]').waitFor();
    await shot(page, 'entry-reader-ignored-375');
    const check = await callApi<{ user: { ignored_ids: number[] } }>(env.server, '/v3.0/auth/check', reader.cookie);
    expect(check.data.user.ignored_ids).toContain(author.id);
    await context.close();
  });
});
