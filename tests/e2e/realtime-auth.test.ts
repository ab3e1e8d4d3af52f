import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, newPage, open, publishEntry, registerViaApi, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(env.server, path, cookie, body);

/** Console lines of the page that tell a subscription was refused. */
function refusals(page: Page) {
  const lines: string[] = [];
  page.on('console', (m) => {
    if (/refused|Канал закрыт/.test(m.text())) lines.push(m.text());
  });
  return lines;
}

/** A comment of the page's own reader, posted from the page (its session), on the newest entry. */
async function commentFromPage(page: Page, entryId: number) {
  return page.evaluate(async (id) => {
    const res = await fetch('/v3.0/comment/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
      body: JSON.stringify({ id, text: 'Мой первый комментарий' }),
    });
    return (await res.json()).data.id as number;
  }, entryId);
}

describe('the private channel follows sign-in and sign-out without a reload', () => {
  it('right after sign-up in the dialog the reader’s own channel is open: a reply moves the bell live', async () => {
    const replier = await registerViaApi(env.server, 'Борис Отвечающий');
    const entry = await publishEntry(env.server, replier.cookie, 'Запись для приветствия');
    const { context, page } = await newPage(env.browser, 375, 812);
    const refused = refusals(page);
    await open(page, env.server.url);
    await page.waitForSelector('html[data-realtime=connected]', { state: 'attached' });
    await page.click('[data-testid=login-button]');
    await page.click('[data-testid=to-register]');
    await page.fill('[data-testid=auth-popup] input[name=name]', 'Нина Новенькая');
    await page.fill('[data-testid=auth-popup] input[name=email]', `nina-${Date.now()}@example.ru`);
    await page.fill('[data-testid=auth-popup] input[name=password]', 'очень надёжный пароль');
    await page.click('[data-testid=auth-submit]');
    await page.waitForSelector('[data-testid=notifications-bell]');
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));

    const mine = await commentFromPage(page, entry.id);
    const reply = await api<{ id: number }>('/v3.0/comment/add', replier.cookie, {
      id: entry.id,
      text: 'Добро пожаловать!',
      reply_to: mine,
    });
    expect(reply.rc).toBe(200);
    await page.waitForSelector('[data-testid=notifications-badge]');
    expect(await page.locator('[data-testid=notifications-badge]').textContent()).toBe('1');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('sign out, then sign in as another reader: the channel of the first is left, the second’s is open', async () => {
    const first = await registerViaApi(env.server, 'Первый Читатель');
    const second = await registerViaApi(env.server, 'Второй Читатель');
    const replier = await registerViaApi(env.server, 'Вера Отвечающая');
    const entry = await publishEntry(env.server, replier.cookie, 'Запись для двух читателей');
    const firstComment = (
      await api<{ id: number }>('/v3.0/comment/add', first.cookie, { id: entry.id, text: 'Комментарий первого' })
    ).data.id;
    const secondComment = (
      await api<{ id: number }>('/v3.0/comment/add', second.cookie, { id: entry.id, text: 'Комментарий второго' })
    ).data.id;

    const { context, page } = await newPage(env.browser, 1280, 900);
    const refused = refusals(page);
    await open(page, env.server.url);
    await page.click('[data-testid=login-button]');
    await page.fill('[data-testid=auth-popup] input[name=email]', first.email);
    await page.fill('[data-testid=auth-popup] input[name=password]', first.password);
    await page.click('[data-testid=auth-submit]');
    await page.waitForSelector('[data-testid=notifications-bell]');

    await page.click('[data-testid=account-menu]');
    await page.locator('[data-testid=popover-item]', { hasText: 'Выйти' }).click();
    await page.waitForSelector('[data-testid=login-button]');

    await page.click('[data-testid=login-button]');
    await page.fill('[data-testid=auth-popup] input[name=email]', second.email);
    await page.fill('[data-testid=auth-popup] input[name=password]', second.password);
    await page.click('[data-testid=auth-submit]');
    await page.waitForSelector('[data-testid=notifications-bell]');

    await api('/v3.0/comment/add', replier.cookie, { id: entry.id, text: 'Ответ первому', reply_to: firstComment });
    await api('/v3.0/comment/add', replier.cookie, { id: entry.id, text: 'Ответ второму', reply_to: secondComment });
    await page.waitForSelector('[data-testid=notifications-badge]');
    await page.waitForTimeout(500);
    // Only the second reader's notification reaches this page.
    expect(await page.locator('[data-testid=notifications-badge]').textContent()).toBe('1');
    expect(refused).toEqual([]);
    await context.close();
  });
});
