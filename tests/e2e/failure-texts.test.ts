import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, open, publishEntry, registerViaApi, useSharedBrowser, signedInPage } from './harness.ts';

// spec/content.md §8: a failed bookmark, copy, hide, comment or branch removal tells the reader so, in Russian.

const env = useSharedBrowser();
let author: Awaited<ReturnType<typeof registerViaApi>>;
let entry: { id: number; url: string };

beforeAll(async () => {
  author = await registerViaApi(env.server, 'Автор Сбоев');
  entry = await publishEntry(env.server, author.cookie, 'Запись, где всё ломается');
});
/** Every call to the API path dies on the way (no answer: the reader's network broke). */
const breakCalls = (page: Page, path: string) => page.route(`**/v3.0${path}**`, (route) => route.abort('failed'));
const toast = (page: Page, text: string) => page.locator('[data-testid=toast]', { hasText: text }).waitFor();

describe('failure texts', () => {
  it('bookmark, copying the link and hiding the entry', async () => {
    const reader = await registerViaApi(env.server, 'Читатель Сбоев');
    const { context, page } = await signedInPage(env.browser, env.server, reader.cookie);
    await open(page, env.server.url + entry.url);

    await breakCalls(page, '/favorite/change');
    await page.locator('[data-testid=entry] [data-testid=bookmark-button]').click();
    await toast(page, 'Не удалось добавить в закладки');
    expect(await page.locator('[data-testid=entry] [data-testid=bookmark-button]').getAttribute('aria-pressed')).toBe(
      'false',
    );

    // The clipboard refuses, and so does the old selection command.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
      document.execCommand = () => false;
    });
    await page.locator('[data-testid=entry] [data-testid=share-button]').click();
    await page.click('[data-testid=share-copy]');
    await toast(page, 'Не удалось скопировать ссылку');
    await page.keyboard.press('Escape');

    await breakCalls(page, '/content/hide/');
    await page.locator('[data-testid=entry] [data-testid=entry-menu]').click();
    await page.click('[data-testid=popover-item][data-value="hide"]');
    await toast(page, 'Не удалось скрыть запись');
    expect(await page.locator('[data-testid=entry-stub]').count()).toBe(0);
    await context.close();
  });

  it('removing a comment and a branch', async () => {
    const mine = await callApi<{ id: number }>(env.server, '/v3.0/comment/add', author.cookie, {
      id: entry.id,
      text: 'Комментарий, который не удалится',
    });
    const { context, page } = await signedInPage(env.browser, env.server, author.cookie);
    await open(page, `${env.server.url}${entry.url}#comment-${mine.data.id}`);
    await breakCalls(page, '/comment/remove');
    const comment = page.locator(`[data-testid=comment][data-id="${mine.data.id}"]`);
    await comment.locator('[data-testid=comment-more]').first().click();
    await page.click('[data-testid=popover-item][data-value="remove"]');
    await page.click('[data-testid=modal-confirm]');
    await toast(page, 'Не удалось удалить комментарий');
    expect(await comment.count()).toBe(1);
    await context.close();

    // A branch is a comment with replies.
    await callApi(env.server, '/v3.0/comment/add', author.cookie, {
      id: entry.id,
      text: 'Ответ',
      reply_to: mine.data.id,
    });
    const staff = await signedInPage(env.browser, env.server, env.server.owner.cookie);
    await open(staff.page, `${env.server.url}${entry.url}#comment-${mine.data.id}`);
    await breakCalls(staff.page, '/admin/comments/removeBranch');
    const theirs = staff.page.locator(`[data-testid=comment][data-id="${mine.data.id}"]`);
    await theirs.locator('[data-testid=comment-more]').first().click();
    await staff.page.click('[data-testid=popover-item][data-value="remove-branch"]');
    await staff.page.click('[data-testid=modal-confirm]');
    await toast(staff.page, 'Не удалось удалить ветку');
    expect(await theirs.count()).toBe(1);
    await staff.context.close();
  });
});
