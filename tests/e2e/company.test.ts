import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';

/**
 * Issue 32 in the browser, on a fresh start with the demo content: a company blog (contacts, tabs, its cabinet), a
 * comment written as the company and the comment author switch, site roles given in /admin.
 */
let server: Server;
let browser: Browser;
let boss: Awaited<ReturnType<typeof registerViaApi>>;
let manager: Awaited<ReturnType<typeof registerViaApi>>;
let bankId: number;
let clubId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site
  manager = await registerViaApi(server, 'Вера Менеджер');
  const list = await callApi<{ items: { subsite: { id: number; url: string } }[] }>(server, '/v3.0/companies');
  bankId = list.data.items.find((i) => i.subsite.url === '/s/severbank')!.subsite.id;
  // The manager runs a community of her own (its creator): she may comment as it.
  const made = await callApi<{ id: number }>(server, '/v3.0/subsite/create', manager.cookie, {
    name: 'Клуб Веры',
    slug: 'klub-very',
  });
  expect(made.rc).toBe(200);
  clubId = made.data.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const entryUrl = async (page: Page, title: string) => {
  await open(page, `${server.url}/s/severbank?sorting=date`);
  const href = await page
    .locator('[data-testid=entry-card]', { hasText: title })
    .locator('a[href]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')!).find((h) => /^\/[us]\/[^/]+\/\d+-/.test(h)));
  expect(href).toBeTruthy();
  return server.url + href!;
};

describe('company blogs in the browser', () => {
  it('a fresh start shows a company blog with its contacts and tabs, and /companies its details', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      await open(page, `${server.url}/s/severbank`);
      const contacts = page.getByTestId('company-contacts');
      await expect.poll(() => contacts.getByTestId('company-phone').textContent()).toContain('+7 (812) 309-55-00');
      expect(await contacts.getByTestId('company-inn').textContent()).toContain('7801123455');
      expect(await contacts.getByTestId('company-email').textContent()).toContain('press@severbank.example');
      expect(await page.getByTestId('company-cabinet').count()).toBe(0);
      expect(await page.getByTestId('company-tab').allTextContents()).toEqual([
        'Записи',
        'О компании',
        'Вакансии',
        'Мероприятия',
        'Команда',
      ]);
      await page.getByTestId('entry-card').first().waitFor();
      await shot(page, `company-${width}`, true);
      await page.click('[data-testid=company-tab][data-tab=about]');
      await page.getByTestId('company-about').getByText('АО «Северный банк»').waitFor();
      expect(page.url()).toContain('?tab=about');
      await shot(page, `company-about-${width}`);
      await page.click('[data-testid=company-tab][data-tab=team]');
      await page.getByTestId('company-member').getByText('Анна Соколова').waitFor();
      await shot(page, `company-team-${width}`);
      await page.click('[data-testid=company-tab][data-tab=vacancies]');
      // The demo's vacancies of the bank (src/server/db/seed-board.ts).
      await page.getByTestId('subsite-vacancies').getByText('iOS-разработчик в команду мобильного банка').waitFor();
      await context.close();
    }
    const { context, page } = await newPage(browser);
    await open(page, `${server.url}/companies`);
    await page.getByTestId('company').getByText('Северный банк').waitFor();
    await context.close();
  });

  it('the seeded comment written as the bank shows the bank; a manager writes as her community with the switch', async () => {
    // A reader sees the bank (name, avatar, link), not the person who wrote for it.
    const reader = await newPage(browser, 375, 812);
    const url = await entryUrl(reader.page, 'Как мы переписали мобильный банк');
    await open(reader.page, url);
    const seeded = reader.page.locator('[data-testid=comment]', { hasText: 'старое приложение будет работать' });
    await seeded.waitFor();
    expect(await seeded.getByTestId('comment-author').textContent()).toBe('Северный банк');
    expect(await seeded.getByTestId('comment-author').getAttribute('href')).toBe('/s/severbank');
    expect(await seeded.getByTestId('comment-author').getAttribute('title')).toBeNull();
    // No switch for a reader who runs nothing.
    expect(await reader.page.getByTestId('comment-author-switch').count()).toBe(0);
    await seeded.scrollIntoViewIfNeeded();
    await shot(reader.page, 'company-comment-375');
    await reader.context.close();

    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, manager.cookie, width, width === 375 ? 812 : 900);
      await open(page, url);
      const form = page.getByTestId('comment-add-form');
      const pick = form.getByTestId('comment-author-switch');
      await pick.waitFor();
      expect(await pick.locator('option').allTextContents()).toEqual(['От себя', 'Клуб Веры']);
      await pick.selectOption(String(clubId));
      const text = `Ответ клуба с экрана ${width}`;
      await form.locator('textarea').fill(text);
      await form.getByTestId('comment-submit').click();
      const mine = page.locator('[data-testid=comment]', { hasText: text });
      await mine.waitFor();
      expect(await mine.getByTestId('comment-author').textContent()).toBe('Клуб Веры');
      expect(await mine.getByTestId('comment-author').getAttribute('href')).toBe('/s/klub-very');
      // The writer sees that it was them.
      expect(await mine.getByTestId('comment-author').getAttribute('title')).toBe('Вера Менеджер');
      await mine.scrollIntoViewIfNeeded();
      await shot(page, `comment-as-company-${width}`);
      await context.close();
    }
  });

  it('the cabinet: statistics, balance, team; the contacts refuse a wrong INN; others are refused', async () => {
    // The site's superuser acts as an admin of every company (the seed's companies have no creator to sign in as).
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, width === 375 ? 812 : 900);
      await open(page, `${server.url}/s/severbank/cabinet`);
      await page.getByTestId('company-cabinet-page').waitFor();
      expect(await page.getByTestId('cabinet-balance').textContent()).toMatch(/25\s000/);
      expect(await page.getByTestId('stat-entries').textContent()).toMatch(/Записей\s*\d/);
      await page.getByTestId('cabinet-team').getByText('Анна Соколова').waitFor();
      await shot(page, `company-cabinet-${width}`, true);
      if (width === 1280) {
        await page.fill('[data-testid=field-inn]', '7801123456');
        await page.fill('[data-testid=field-phone]', '8 812 000-11-22');
        await page.click('[data-testid=company-save]');
        await page.getByTestId('error-inn').getByText('Неверный ИНН').waitFor();
        await shot(page, 'company-cabinet-error-1280');
        await page.fill('[data-testid=field-inn]', '7801123455');
        await page.click('[data-testid=company-save]');
        await page.getByText('Данные компании сохранены').waitFor();
        await expect
          .poll(
            async () => (await callApi<{ details: { phone: string } }>(server, `/v3.0/subsite/${bankId}/company`)).data,
          )
          .toMatchObject({ details: { phone: '+78120001122' } });
      }
      await context.close();
    }
    // Someone who does not run the company is refused the cabinet.
    const stranger = await registerViaApi(server, 'Посторонний Читатель');
    const { context, page } = await signedInPage(browser, server, stranger.cookie);
    const res = await page.goto(`${server.url}/s/severbank/cabinet`);
    expect(res?.status()).toBe(403);
    await context.close();
  });

  it('site roles: the superuser makes the manager a moderator in /admin and the audit log shows it', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, width === 375 ? 812 : 900);
      await open(page, `${server.url}/admin?tab=users&user=${manager.id}`);
      const card = page.getByTestId('admin-user-card');
      await card.waitFor();
      const next = width === 1280 ? 'moderator' : 'user';
      await card.getByTestId('site-role-select').selectOption(next);
      await card.getByTestId('site-role-save').click();
      await page.getByText('Роль изменена').waitFor();
      await expect
        .poll(() => card.getByTestId('card-site-role').textContent())
        .toContain(next === 'moderator' ? 'модератор' : 'пользователь');
      await shot(page, `admin-role-${width}`);
      await open(page, `${server.url}/admin?tab=audit`);
      const item = page.locator('[data-testid=audit-item][data-action="user.role"]').first();
      await item.waitFor();
      expect(await item.textContent()).toContain('Вера Менеджер');
      await shot(page, `admin-role-audit-${width}`);
      await context.close();
    }
    // The superuser's own card offers no role change (nobody locks themselves out).
    const { context, page } = await signedInPage(browser, server, boss.cookie);
    await open(page, `${server.url}/admin?tab=users&user=${boss.id}`);
    await page.getByTestId('admin-user-card').waitFor();
    expect(await page.getByTestId('site-role-form').count()).toBe(0);
    await context.close();
  });
});
