import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  callApi,
  editorReady,
  launchBrowser,
  newPage,
  open,
  publishEntry,
  registerViaApi,
  sharedServer,
  shot,
  signedInPage,
  type SharedServer,
} from './harness.ts';
import { seriousViolations } from './a11y.ts';

// The popover list with search (src/web/ui/search-list) in each picker that uses it: the town, the subsite to post
// to, people for a group chat and the editor's tags.
let server: SharedServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const focusedText = (page: Page, list: string) =>
  page.evaluate((field) => {
    const input = document.querySelector(field);
    const id = input?.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.textContent : null;
  }, list);

describe('popover list with search', () => {
  it('the town filter: server search with ё read as е, arrows and Enter, Escape, the empty text', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, 800);
      await open(page, `${server.url}/job?town_id=0`);
      const field = '[data-testid=job-town]';
      await page.fill(field, 'орел');
      await page.locator('[data-testid=town-option]', { hasText: 'Орёл' }).first().waitFor();
      expect(await page.getAttribute(field, 'aria-expanded')).toBe('true');
      expect(await page.getAttribute('[role=listbox]', 'aria-label')).toBe('Город');
      await shot(page, `search-list-town-${width}`);
      expect(await seriousViolations(page, '.town-field')).toEqual([]);
      // Escape closes the list and keeps the page.
      await page.keyboard.press('Escape');
      expect(await page.getAttribute(field, 'aria-expanded')).toBe('false');
      expect(await page.inputValue(field)).toBe(''); // nothing chosen yet: the typed text goes
      await page.keyboard.type('Орёл');
      await page.locator('[data-testid=town-option]', { hasText: 'Орёл' }).first().waitFor();
      await page.keyboard.press('ArrowDown');
      expect(await focusedText(page, field)).toContain('Орёл');
      await page.keyboard.press('Enter');
      await page.waitForURL(/town_id=[1-9]/);
      expect(await page.inputValue(field)).toBe('Орёл');
      // Nothing by that name: the spec's text.
      await page.fill(field, 'Щщщщщ');
      await page.getByTestId('search-list-status').getByText('Ничего не найдено').waitFor();
      await context.close();
    }
  });

  it('the subsite picker of the editor: the whole list at once, local filtering, the keyboard picks', async () => {
    const writer = await registerViaApi(server, 'Пётр Выбирающий');
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, writer.cookie, width, 800);
      await open(page, `${server.url}/writing`);
      await editorReady(page);
      const field = '[data-testid=editor-subsite]';
      expect(await page.inputValue(field)).toBe('Мой блог');
      await page.click(field);
      const options = page.locator('[data-testid=editor-subsite-option] .search-list__label');
      await options.first().waitFor();
      expect(await options.first().textContent()).toBe('Мой блог');
      expect(await page.locator('[data-testid=editor-subsite-option]').first().getAttribute('aria-selected')).toBe(
        'true',
      );
      expect(await options.count()).toBeGreaterThan(1);
      await shot(page, `search-list-subsite-${width}`);
      expect(await seriousViolations(page, '.ed-subsite')).toEqual([]);
      // Typing replaces the chosen name (it is selected on focus) and filters locally.
      await page.keyboard.type('ТЕХН');
      await expect.poll(() => options.allTextContents()).toEqual(['Технологии']);
      await page.keyboard.press('ArrowUp'); // wraps to the last (here the only) row
      await page.keyboard.press('Enter');
      expect(await page.inputValue(field)).toBe('Технологии');
      expect(await page.getAttribute(field, 'aria-expanded')).toBe('false');
      await page.fill(field, 'нет такого');
      await page.getByTestId('search-list-status').getByText('Ничего не найдено').waitFor();
      // Leaving the field without a choice keeps the last one.
      await page.keyboard.press('Escape');
      expect(await page.inputValue(field)).toBe('Технологии');
      await context.close();
    }
  });

  it('people for a new group: several choices as chips, local filtering, Backspace takes the last back', async () => {
    const me = await registerViaApi(server, 'Маша Созывающая');
    const names = ['Вера Подборова', 'Вениамин Списков', 'Олег Ёжиков'];
    for (const name of names) {
      const other = await registerViaApi(server, name);
      const made = await callApi(server, '/v3.0/messenger/chats/create', me.cookie, {
        type: 'direct',
        user_ids: [other.id],
      });
      expect(made.rc).toBe(200);
    }
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, me.cookie, width, 800);
      await open(page, `${server.url}/messenger`);
      await page.click('[data-testid=messenger-page] [data-testid=messenger-new-group]');
      const field = '[data-testid=messenger-group-people]';
      await page.click(field);
      const options = page.locator('[data-testid=messenger-group-person] .search-list__label');
      await expect.poll(() => options.count()).toBe(3);
      await page.keyboard.type('ве');
      await expect
        .poll(async () => (await options.allTextContents()).sort())
        .toEqual(['Вениамин Списков', 'Вера Подборова']);
      const vera = (await options.allTextContents()).indexOf('Вера Подборова');
      for (let i = 0; i <= vera; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.keyboard.type('ежик'); // ё read as е
      await expect.poll(() => options.allTextContents()).toEqual(['Олег Ёжиков']);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const chips = page.locator('[data-testid=search-list-chip]');
      expect(await chips.allTextContents()).toEqual(['Вера Подборова×', 'Олег Ёжиков×']);
      // The list stays open for more; the chosen rows are marked.
      await expect.poll(() => options.count()).toBe(3);
      expect(await page.getAttribute(field, 'aria-expanded')).toBe('true');
      expect(await page.locator('[role=listbox][aria-multiselectable=true] [aria-selected=true]').count()).toBe(2);
      await shot(page, `search-list-people-${width}`);
      expect(await seriousViolations(page, '[data-testid=messenger-group-form]')).toEqual([]);
      await page.keyboard.type('Щщщ');
      await page.getByTestId('search-list-status').getByText('Ничего не найдено').waitFor();
      await page.fill(field, '');
      await page.keyboard.press('Backspace');
      expect(await chips.allTextContents()).toEqual(['Вера Подборова×']);
      await page.keyboard.press('Escape');
      expect(await page.getAttribute(field, 'aria-expanded')).toBe('false');
      await context.close();
    }
  });

  it('tags in the editor: the same listbox, arrows wrap, Enter puts the tag in the text', async () => {
    const author = await registerViaApi(server, 'Таня Тегова');
    await publishEntry(server, author.cookie, 'Про выпечку', 'Сегодня #пирожки и #пирожное на столе.');
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, author.cookie, width, 800);
      await open(page, `${server.url}/writing`);
      await editorReady(page);
      await page.locator('.codex-editor .ce-paragraph').first().click();
      await page.keyboard.type('Пеку #пирож');
      const items = page.locator('[data-testid=hashtag-suggest-item]');
      await expect.poll(() => items.count()).toBe(2);
      expect(await page.getAttribute('[data-testid=hashtag-suggest]', 'role')).toBe('listbox');
      await shot(page, `search-list-hashtag-${width}`);
      expect(await seriousViolations(page, '[data-testid=hashtag-suggest]')).toEqual([]);
      const first = await items.first().getAttribute('data-value');
      const second = await items.nth(1).getAttribute('data-value');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown'); // wraps back to the first
      await expect.poll(() => items.first().getAttribute('class')).toContain('is-focused');
      await page.keyboard.press('ArrowUp'); // and round to the last
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=hashtag-suggest]', { state: 'detached' });
      await expect
        .poll(() => page.locator('.codex-editor .ce-paragraph').first().textContent())
        .toMatch(new RegExp(`^Пеку #${second}\\s$`));
      expect(first).not.toBe(second);
      await context.close();
    }
  });
});
