import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signIn,
  startServer,
  type Server,
} from './harness.ts';

let server: Server;
let browser: Browser;
let author: Awaited<ReturnType<typeof registerViaApi>>;

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(server, path, cookie, body);

type Saved = { entry: { id: number; url: string } };
const text = (s: string) => ({ type: 'text', data: { text: s } });

/** A published entry saved three times: 'Первая редакция', 'Вторая редакция', 'Третья редакция'. */
async function editedEntry() {
  const first = await api<Saved>('/v3.0/writing/save', author.cookie, {
    title: 'Первая редакция',
    entry: [text('Так всё начиналось.')],
    is_published: 1,
  });
  expect(first.rc, first.rm).toBe(200);
  const id = first.data.entry.id;
  await api<Saved>('/v3.0/writing/save', author.cookie, {
    id,
    title: 'Вторая редакция',
    entry: [text('Потом добавились подробности.')],
    is_published: 1,
  });
  const third = await api<Saved>('/v3.0/writing/save', author.cookie, {
    id,
    title: 'Третья редакция',
    entry: [text('А теперь всё иначе.'), { type: 'quote', data: { text: 'Цитата дня' } }],
    is_published: 1,
  });
  expect(third.rc, third.rm).toBe(200);
  return third.data.entry;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED: '0' }), launchBrowser()]);
  // The first account runs the site; the author is an ordinary user.
  await registerViaApi(server, 'Хозяин Сайта');
  author = await registerViaApi(server, 'Автор Правок');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('entry history in the browser', () => {
  it('lists versions, applies an older one in a separate window that reloads the opener and closes', async () => {
    const entry = await editedEntry();
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(context, server, author.cookie);
    await open(page, server.url + entry.url);
    await page.click('[data-testid=entry-actions]');
    await expect(page.locator('[data-testid=popover-item]').allTextContents()).resolves.toEqual([
      'Редактировать',
      'История изменений',
      'Статистика',
      'Удалить',
    ]);
    await shot(page, 'entry-actions-1280');
    await page.click('[data-testid=popover-item][data-value=history]');
    await page.waitForURL(`**/writing/${entry.id}/history`);
    const items = page.locator('[data-testid=history-item]');
    await items.nth(2).waitFor();
    await expect(items.allTextContents()).resolves.toEqual([
      expect.stringMatching(/Текущая.*Третья редакция.*Автор Правок/),
      expect.stringMatching(/Вторая редакция/),
      expect.stringMatching(/Первая редакция/),
    ]);
    // The current version previews without asking the server; it cannot be applied again.
    await expect(page.locator('[data-testid=history-preview-body] .entry-title').textContent()).resolves.toBe(
      'Третья редакция',
    );
    await expect(page.locator('[data-testid=history-apply]').count()).resolves.toBe(0);
    await items.nth(2).click();
    await page.locator('[data-testid=history-preview-body] .entry-title', { hasText: 'Первая редакция' }).waitFor();
    await expect(page.locator('[data-testid=history-preview-body]').textContent()).resolves.toContain(
      'Так всё начиналось.',
    );
    await expect(page.locator('[data-testid=history-item][aria-current=true]').textContent()).resolves.toContain(
      'Первая редакция',
    );
    await page.waitForTimeout(200); // the selection's background transition
    await shot(page, 'history-1280');

    const [applyWindow] = await Promise.all([context.waitForEvent('page'), page.click('[data-testid=history-apply]')]);
    await applyWindow.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(applyWindow.url()).toMatch(new RegExp(`/writing/${entry.id}/history/\\d+$`));
    // The confirmation comes at once, in Russian.
    const modal = applyWindow.locator('[data-testid=modal]');
    await modal.waitFor();
    await expect(modal.textContent()).resolves.toContain('Текущая версия статьи будет перезаписана. Уверены?');
    await shot(applyWindow, 'history-apply-window');
    const reloaded = page.waitForEvent('load');
    const closed = applyWindow.waitForEvent('close');
    const appliedAt = Date.now();
    await applyWindow.click('[data-testid=modal-confirm]');
    await reloaded;
    await closed;
    // spec/content.md §9: the window closes 1000 ms after the version is applied.
    expect(Date.now() - appliedAt).toBeGreaterThanOrEqual(1000);

    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await expect(page.locator('.history-entry').textContent()).resolves.toBe('Первая редакция');
    await expect(items.first().textContent()).resolves.toMatch(/Текущая.*Первая редакция/);
    await expect(items.count()).resolves.toBe(4);
    await open(page, server.url + (await api<Saved>(`/v3.0/entry/${entry.id}`, '')).data.entry.url);
    await expect(page.locator('.entry-title').textContent()).resolves.toBe('Первая редакция');
    await context.close();
  });

  it('tells of a failed apply with the catalogue message and keeps the window open', async () => {
    const entry = await editedEntry();
    const versions = await api<{ items: { id: number }[] }>(`/v3.0/writing/${entry.id}/history`, author.cookie);
    const { context, page } = await newPage(browser, 760, 860);
    await signIn(context, server, author.cookie);
    await open(page, `${server.url}/writing/${entry.id}/history/${versions.data.items[2].id}`);
    await page.locator('[data-testid=modal]').waitFor();
    // The entry is removed meanwhile (another tab, a moderator): the call fails.
    expect((await api(`/v3.0/writing/${entry.id}/remove`, author.cookie, {})).rc).toBe(200);
    await page.click('[data-testid=modal-confirm]');
    await page.locator('.ov-toast', { hasText: 'Не получилось применить версию, что-то пошло не так' }).waitFor();
    await expect(page.locator('[data-testid=history-apply-screen]').getAttribute('data-state')).resolves.toBe('idle');
    await context.close();
  });

  it('removes an entry with confirmation and restores it from the history screen', async () => {
    const entry = await editedEntry();
    const { context, page } = await newPage(browser, 375, 780);
    await signIn(context, server, author.cookie);
    await open(page, server.url + entry.url);
    await page.click('[data-testid=entry-actions]');
    await page.click('[data-testid=popover-item][data-value=remove]');
    await page.locator('[data-testid=modal]').waitFor();
    await page.click('[data-testid=modal-cancel]');
    expect((await fetch(`${server.url}/v3.0/entry/${entry.id}`)).status).toBe(200);

    await page.click('[data-testid=entry-actions]');
    await page.click('[data-testid=popover-item][data-value=remove]');
    await page.click('[data-testid=modal-confirm]');
    await page.waitForURL(`**/writing/${entry.id}/history`);
    await page.locator('[data-testid=history-removed]').waitFor();
    expect((await fetch(`${server.url}/v3.0/entry/${entry.id}`)).status).toBe(404);
    expect((await fetch(server.url + entry.url)).status).toBe(404);
    await shot(page, 'history-removed-375', true);

    await page.click('[data-testid=history-restore]');
    await page.waitForURL(`**${entry.url}`);
    await page.locator('[data-testid=entry]').waitFor();
    expect((await fetch(`${server.url}/v3.0/entry/${entry.id}`)).status).toBe(200);
    await open(page, `${server.url}/writing/${entry.id}/history`);
    await page.locator('[data-testid=history-item]').nth(1).click();
    await page.locator('[data-testid=history-apply]').waitFor();
    await page.waitForTimeout(200);
    await shot(page, 'history-375', true);
    await context.close();
  });

  it("shows another person's history as 403 and asks an anonymous visitor to sign in", async () => {
    const entry = await editedEntry();
    const stranger = await registerViaApi(server, 'Чужой Читатель');
    const { context, page } = await newPage(browser, 1280, 900);
    await page.goto(`${server.url}/writing/${entry.id}/history`);
    await page.waitForSelector('[data-testid=error-page][data-status="401"]');
    await signIn(context, server, stranger.cookie);
    await page.goto(`${server.url}/writing/${entry.id}/history`);
    await page.waitForSelector('[data-testid=error-page][data-status="403"]');
    await open(page, server.url + entry.url);
    await expect(page.locator('[data-testid=entry-actions]').count()).resolves.toBe(0);
    await context.close();
  });
});
