import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  editorReady,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage as signedInPageOf,
  useSharedBrowser,
} from './harness.ts';

/** `/drafts`: the way back to a draft after the editor closed. */
const env = useSharedBrowser();
let author: Awaited<ReturnType<typeof registerViaApi>>;

beforeAll(async () => {
  author = await registerViaApi(env.server, 'Дарья Черновикова');
});
const signedInPage = (width = 1280, height = 900) =>
  signedInPageOf(env.browser, env.server, author.cookie, width, height);

async function saveViaApi(cookie: string, body: Record<string, unknown>) {
  const res = await fetch(`${env.server.url}/v3.0/writing/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
    body: JSON.stringify({ entry: [{ type: 'text', data: { text: 'Текст' } }], is_published: 0, ...body }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.entry as { id: number; removed: boolean };
}

async function entryOf(id: number) {
  const res = await fetch(`${env.server.url}/v3.0/writing/get/${id}`, { headers: { cookie: author.cookie } });
  return (await res.json()).data.entry as { title: string; removed: boolean; blocks: { data: { text: string } }[] };
}

// Titles are typographed: a non-breaking space after short words.
const titles = async (page: Page) =>
  (await page.locator('[data-testid=draft] .draft__title').allInnerTexts()).map((s) => s.replace(/\u00a0/g, ' '));

describe('drafts', () => {
  it('finds a draft autosaved in the editor popup after it closed, continues it, and removes another with confirmation', async () => {
    const stranger = await registerViaApi(env.server, 'Чужой Автор');
    await saveViaApi(stranger.cookie, { title: 'Чужой черновик' });
    const untitled = await saveViaApi(author.cookie, {
      title: '',
      entry: [{ type: 'text', data: { text: 'Мысль без заголовка, записанная с телефона в метро' } }],
    });

    const { context, page } = await signedInPage();
    await open(page, `${env.server.url}/?name=editor`);
    await page.waitForSelector('[data-testid=popup][data-kind=editor]');
    await editorReady(page);
    await page.fill('[data-testid=editor-title]', 'Как мы переехали в новый офис');
    await page.locator('.codex-editor .ce-paragraph').first().click();
    await page.keyboard.type('Начало истории про переезд.');
    await page.waitForSelector('[data-testid=editor-status]:has-text("Черновик сохранён")', { timeout: 30_000 });
    const id = Number(new URL(page.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);
    await page.click('[data-testid=popup-close]');
    await page.waitForSelector('[data-testid=popup]', { state: 'detached' });

    // The editor itself links to the list.
    await open(page, `${env.server.url}/?name=editor`);
    await page.click('[data-testid=editor-drafts]');
    await page.waitForURL(/\/drafts$/);
    await page.waitForSelector('[data-testid=draft]');
    await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
    expect(await titles(page)).toEqual(['Как мы переехали в новый офис', 'Без названия']);
    const card = page.locator(`[data-testid=draft][data-id="${id}"]`);
    expect(await card.innerText()).toContain('Начало истории про переезд.');
    expect(await card.innerText()).toContain('Дарья Черновикова');
    await shot(page, 'drafts-1280');

    // 'Продолжить' opens the editor over the list; closing it reloads the list with the new text.
    await card.locator('[data-testid=draft-continue]').click();
    await page.waitForSelector('[data-testid=popup][data-kind=editor]');
    await editorReady(page);
    expect(await page.inputValue('[data-testid=editor-title]')).toBe('Как мы переехали в новый офис');
    await page.fill('[data-testid=editor-title]', 'Как мы переехали в новый офис за выходные');
    await page.waitForSelector('[data-testid=editor-status]:has-text("Черновик сохранён")', { timeout: 30_000 });
    expect((await entryOf(id)).title).toBe('Как мы переехали в новый офис за выходные');
    await page.click('[data-testid=popup-close]');
    await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/drafts');
    await expect.poll(() => titles(page)).toEqual(['Как мы переехали в новый офис за выходные', 'Без названия']);

    // Removing asks first; declining keeps the draft.
    const other = page.locator(`[data-testid=draft][data-id="${untitled.id}"]`);
    await other.locator('[data-testid=draft-remove]').click();
    await page.waitForSelector('[data-testid=modal]');
    expect(await page.locator('[data-testid=modal]').innerText()).toContain('Удалить черновик?');
    await page.waitForTimeout(300); // the modal fades in
    await shot(page, 'drafts-remove-1280');
    await page.click('[data-testid=modal-cancel]');
    expect((await entryOf(untitled.id)).removed).toBe(false);
    await other.locator('[data-testid=draft-remove]').click();
    await page.click('[data-testid=modal-confirm]');
    await other.waitFor({ state: 'detached' });
    // A removed entry is out of the editor's reach too (its history screen restores it).
    expect(
      (await fetch(`${env.server.url}/v3.0/writing/get/${untitled.id}`, { headers: { cookie: author.cookie } })).status,
    ).toBe(404);
    await open(page, `${env.server.url}/drafts`);
    expect(await titles(page)).toEqual(['Как мы переехали в новый офис за выходные']);
    await context.close();
  });

  it('fits a phone, opens the editor from the link, and asks anonymous visitors to sign in', async () => {
    const { context, page } = await signedInPage(375, 760);
    await open(page, `${env.server.url}/drafts`);
    await page.waitForSelector('[data-testid=draft]');
    const widths = await page
      .locator('[data-testid=draft]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
    for (const right of widths) expect(right).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'drafts-375');
    // A plain link still works: the editor page of the draft.
    const href = await page.locator('[data-testid=draft-continue]').first().getAttribute('href');
    expect(href).toMatch(/^\/writing\/\d+$/);
    await page.locator('[data-testid=draft-continue]').first().click();
    await page.waitForSelector('[data-testid=popup][data-kind=editor]');
    await editorReady(page);
    await page.waitForTimeout(300);
    await shot(page, 'drafts-editor-375');
    await context.close();

    const anon = await newPage(env.browser);
    await anon.page.goto(`${env.server.url}/drafts`);
    await anon.page.waitForSelector('[data-testid=error-page][data-status="401"]');
    await anon.page.waitForSelector('[data-testid=auth-popup]');
    await anon.context.close();
  });
});
