import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, newPage, open, registerViaApi, shot, useSharedBrowser } from './harness.ts';

/** The header search box and the `/search` page (issue 14, part 2). */
const env = useSharedBrowser();
let author: Awaited<ReturnType<typeof registerViaApi>>;
const entries: { id: number; url: string }[] = [];

beforeAll(async () => {
  author = await registerViaApi(env.server, 'Глеб Поисковиков');
  for (const [title, text] of [
    ['Квазар в созвездии Девы', 'Новый квазар нашли астрономы.'],
    ['Обзор неба', 'Здесь много о квазарах и пульсарах.'],
  ]) {
    const res = await callApi<{ entry: { id: number; url: string } }>(env.server, '/v3.0/writing/save', author.cookie, {
      title,
      entry: [{ type: 'text', data: { text } }],
      is_published: 1,
    });
    expect(res.rc, res.rm).toBe(200);
    entries.push(res.data.entry);
  }
});
describe('search', () => {
  it('suggests entries and people in the header box, opens a pick with the keyboard or the mouse, remembers queries', async () => {
    const { context, page } = await newPage(env.browser, 1280, 900);
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await open(page, `${env.server.url}/`);
    const input = page.getByTestId('header-search-input');
    await expect(input.getAttribute('placeholder')).resolves.toBe('Поиск');
    await input.fill('квазары');
    await page.waitForSelector('[data-testid=header-search-option][data-kind=entry]');
    const options = page.locator('[data-testid=header-search-option][data-kind=entry]');
    await expect(options.count()).resolves.toBe(2);
    // The title match first, the word marked.
    await expect(options.first().locator('mark').innerText()).resolves.toBe('Квазар');
    await shot(page, 'search-header-1280');
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL((u) => u.pathname === new URL(entries[0].url, env.server.url).pathname);

    // A person, with a typo in the name, picked with the mouse.
    await input.fill('поисковков');
    const person = page.locator('[data-testid=header-search-option][data-kind=user]');
    await person.first().waitFor();
    await person.first().click();
    await page.waitForURL((u) => u.pathname.startsWith(`/u/${author.id}`));

    // Nothing found, then the recent searches of this device in the empty box.
    await input.fill('ъъъщщщ');
    await page.getByTestId('header-search-empty').waitFor();
    await expect(page.getByTestId('header-search-empty').innerText()).resolves.toBe('Ничего не найдено');
    await input.fill('');
    const recent = page.locator('[data-testid=header-search-option][data-kind=recent]');
    await recent.first().waitFor();
    await expect(recent.allInnerTexts()).resolves.toEqual(['поисковков', 'квазары']);
    await context.close();
  });

  it('shows the search page with tabs, sort and period kept in the URL, and Enter in the box leads there', async () => {
    const { context, page } = await newPage(env.browser, 1280, 900);
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await open(page, `${env.server.url}/`);
    const input = page.getByTestId('header-search-input');
    await input.fill('квазаров');
    await input.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('query') === 'квазаров');
    const results = page.locator('[data-testid=search-result]');
    await results.first().waitFor();
    await expect(results.count()).resolves.toBe(2);
    await expect(page.locator('[data-testid=search-result] mark').first().innerText()).resolves.toMatch(/^квазар/i);
    await shot(page, 'search-page-1280');

    await page.getByTestId('search-order').selectOption('date');
    await page.waitForURL((u) => u.searchParams.get('order') === 'date');
    // The newer entry comes first now.
    await page.waitForSelector(`[data-testid=search-results] > :first-child[data-id="${entries[1].id}"]`);
    await page.getByTestId('search-period').selectOption('week');
    await page.waitForURL((u) => u.searchParams.get('period') === 'week');
    await expect(results.count()).resolves.toBe(2);

    await page.getByTestId('search-tab-users').click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'users');
    await page.waitForSelector('[data-testid=search-results][data-entity=users]', { state: 'attached' });
    await expect(page.getByTestId('search-empty').innerText()).resolves.toBe('Ничего не найдено');
    await page.getByTestId('search-page-input').fill('Глеб');
    await page.getByTestId('search-page-input').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('query') === 'Глеб' && u.searchParams.get('type') === 'users');
    await page.waitForSelector(`[data-testid=search-results] > :first-child[data-id="${author.id}"]`);
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await newPage(env.browser, 375, 800);
    await open(page, `${env.server.url}/search?query=квазар`);
    await page.locator('[data-testid=search-result]').first().waitFor();
    await shot(page, 'search-page-375');
    // A round magnifier in the header until tapped, then a box across the header.
    const input = page.getByTestId('header-search-input');
    expect((await input.boundingBox())!.width).toBeLessThanOrEqual(44);
    await input.fill('квазар');
    expect((await input.boundingBox())!.width).toBeGreaterThanOrEqual(340);
    await page.locator('[data-testid=header-search-option][data-kind=entry]').first().waitFor();
    await shot(page, 'search-header-375');
    const box = await page.getByTestId('header-search-list').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await context.close();
  });
});
