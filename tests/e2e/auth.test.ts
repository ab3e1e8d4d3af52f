import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, launchBrowser, newPage, open, shot, startServer, type Server } from './harness.ts';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function fillAuth(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values))
    await page.fill(`[data-testid=auth-popup] input[name=${name}]`, value);
  await page.click('[data-testid=auth-submit]');
}

const person = { name: 'Мария Иванова', email: 'maria@example.ru', password: 'очень надёжный пароль' };

describe('accounts in the browser', () => {
  it('shows the seeded site to an anonymous reader, server-rendered', async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).toContain('<html lang="ru">');
    expect((html.match(/data-testid="entry-card"/g) ?? []).length).toBeGreaterThanOrEqual(20);
    const { context, page } = await newPage(browser);
    await open(page, server.url);
    await expect(page.locator('[data-testid=login-button]').textContent()).resolves.toBe('Войти');
    expect(await page.locator('[data-testid=sidebar-subsite]').count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'home-desktop');
    await context.close();
  });

  it('signs up, stays signed in across a reload, signs out and in; a wrong password shows the error toast', async () => {
    const { context, page } = await newPage(browser);
    await open(page, server.url);
    await page.click('[data-testid=login-button]');
    await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
    await page.click('[data-testid=to-register]');
    await page.waitForSelector('[data-testid=auth-popup][data-mode=register]');
    await shot(page, 'auth-register-desktop');
    await fillAuth(page, person);
    await page.waitForSelector('[data-testid=account-menu]');
    await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
    expect(await page.locator('.account-name').textContent()).toBe(person.name);

    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(await page.locator('.account-name').textContent()).toBe(person.name);

    // The account menu leads to the reader's pages (the first account runs the site: the staff pages too).
    await page.click('[data-testid=account-menu]');
    const menu = page.locator('[data-testid=popover-item]');
    expect(await menu.allTextContents()).toEqual([
      expect.stringContaining(person.name),
      'Черновики',
      'Плюс',
      'Донаты',
      'Настройки',
      'Модерация',
      'Платежи',
      'Счета, выплаты и промокоды',
      'Исходящая почта',
      'Выйти',
    ]);
    await page.waitForTimeout(250); // the popover fades in
    await shot(page, 'account-menu-desktop');
    await menu.filter({ hasText: 'Донаты' }).click();
    await page.waitForURL(/\/donations$/);
    await page.click('[data-testid=account-menu]');
    await page.locator('[data-testid=popover-item]', { hasText: 'Выйти' }).click();
    await page.waitForSelector('[data-testid=login-button]');
    await expect(page.locator('[data-testid=toast]', { hasText: 'Вы вышли из аккаунта' }).count()).resolves.toBe(1);

    await page.click('[data-testid=login-button]');
    await fillAuth(page, { email: person.email, password: 'совсем не тот пароль' });
    const errorToast = page.locator('[data-testid=toast][data-type=error]', { hasText: 'Неверный email или пароль' });
    await errorToast.waitFor();
    await shot(page, 'auth-wrong-password-desktop');
    expect(await page.locator('[data-testid=login-button]').count()).toBe(1);

    await page.fill('[data-testid=auth-popup] input[name=password]', person.password);
    await page.click('[data-testid=auth-submit]');
    await page.waitForSelector('[data-testid=account-menu]');
    await context.close();
  });

  it('shows field errors from the server under the fields', async () => {
    const { context, page } = await newPage(browser);
    await open(page, server.url);
    await page.click('[data-testid=login-button]');
    await page.click('[data-testid=to-register]');
    await fillAuth(page, { name: 'Иван', email: 'не почта', password: '123' });
    await page.waitForSelector('[data-testid=error-email]');
    expect(await page.locator('[data-testid=error-email]').textContent()).toBe('Неверный формат email');
    await context.close();
  });

  it('answers a 401 from an action with the auth popup and completes the action after sign-in', async () => {
    const { context, page } = await newPage(browser);
    await open(page, server.url);
    const community = page.locator('[data-testid=sidebar-subsite]').first();
    const subsiteId = Number(await community.getAttribute('data-id'));
    const button = community.locator('[data-testid=subscribe-button]');
    await button.click();
    await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
    await fillAuth(page, { email: person.email, password: person.password });
    await page.waitForSelector('[data-testid=account-menu]');
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`[data-testid=sidebar-subsite][data-id="${id}"] [data-testid=subscribe-button]`)
          ?.getAttribute('aria-pressed') === 'true',
      subsiteId,
    );
    const check = await page.evaluate(() => fetch('/v3.0/auth/check').then((r) => r.json()));
    expect(check.data.user.subscribed_ids).toContain(subsiteId);
    await context.close();
  });

  it('collapses the sidebar and remembers it in the sidebar-collapsing cookie', async () => {
    const { context, page } = await newPage(browser);
    await open(page, server.url);
    await page.click('[data-testid=sidebar-toggle]');
    await page.waitForSelector('[data-testid=sidebar][data-collapsed="1"]', { state: 'attached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar-collapsing');
    expect(cookie?.value).toBe('1');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86400_000);
    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(await page.getAttribute('[data-testid=sidebar]', 'data-collapsed')).toBe('1');
    await context.close();
  });

  it('recovers a password through the mailed link', async () => {
    const { context, page } = await newPage(browser);
    await open(page, server.url);
    await page.click('[data-testid=login-button]');
    await page.click('text=Забыли пароль?');
    await fillAuth(page, { email: person.email });
    await page.waitForSelector('[data-testid=recover-sent]');
    // The site runs without SMTP: the letter waits in the outbox, where only the superuser (Maria, the first to
    // register) reads its link; the log names the letter but never the link's token.
    const login = await fetch(`${server.url}/v3.0/auth/simple/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
      body: JSON.stringify({ values: { email: person.email, password: person.password } }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const recoverLink = /(http:\/\/[^\s"\\]+\/auth\/simple\/recover\?token=[A-Za-z0-9_-]+)/;
    await expect
      .poll(async () => JSON.stringify((await callApi(server, '/v3.0/admin/outbox', cookie)).data))
      .toMatch(recoverLink);
    const link = recoverLink.exec(JSON.stringify((await callApi(server, '/v3.0/admin/outbox', cookie)).data))![1];
    expect(server.output()).not.toContain(new URL(link).searchParams.get('token'));
    await open(page, link);
    await page.waitForSelector('[data-testid=auth-popup][data-mode=reset]');
    await fillAuth(page, { password: 'новый надёжный пароль' });
    await page.waitForSelector('[data-testid=account-menu]');
    person.password = 'новый надёжный пароль';
    await context.close();
  });

  it('lets staff read the outbox and keeps others out', async () => {
    const { context, page } = await newPage(browser);
    await open(page, server.url);
    await page.click('[data-testid=login-button]');
    await fillAuth(page, { email: person.email, password: person.password });
    await page.waitForSelector('[data-testid=account-menu]');
    // Maria was the first to register, so she runs the site.
    await open(page, `${server.url}/admin/outbox`);
    await page.waitForSelector('[data-testid=outbox] li');
    expect(await page.locator('[data-testid=outbox]').textContent()).toContain('Восстановление пароля');
    await shot(page, 'outbox-desktop');
    await context.close();
    const anon = await fetch(`${server.url}/admin/outbox`);
    expect(anon.status).toBe(401);
  });

  it('says the internet is down when a request cannot be sent', async () => {
    const { context, page } = await newPage(browser);
    await open(page, server.url);
    await page.click('[data-testid=login-button]');
    await context.setOffline(true);
    await fillAuth(page, { email: person.email, password: person.password });
    // The sign-in's own request says so (the navigation's notice may show beside it for the links' route look-ups).
    await page
      .locator('[data-testid=toast][data-type=error]', { hasText: /^Что-то не так с интернетом$/ })
      .first()
      .waitFor();
    await context.setOffline(false);
    await page.click('[data-testid=auth-submit]');
    await page.waitForSelector('[data-testid=account-menu]');
    await context.close();
  });

  it('works on a 375 px phone: drawer sidebar, full-width popup', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    await open(page, server.url);
    await shot(page, 'home-mobile');
    expect(await page.locator('[data-testid=sidebar]').evaluate((el) => el.getBoundingClientRect().right <= 0)).toBe(
      true,
    );
    await page.click('[data-testid=sidebar-toggle]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=sidebar]')!.getBoundingClientRect().left >= 0,
    );
    await page.waitForTimeout(250);
    await shot(page, 'sidebar-mobile');
    await page.click('.sidebar-backdrop', { position: { x: 360, y: 300 } });
    await page.click('[data-testid=login-button]');
    await page.waitForSelector('[data-testid=auth-popup]');
    const width = await page.locator('[data-testid=popup]').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(340);
    await shot(page, 'auth-mobile');
    await context.close();
  });
});
