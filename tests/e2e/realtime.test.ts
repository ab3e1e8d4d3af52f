import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, open, registerViaApi, shot, signIn, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();
let entry: { id: number; url: string };
let writer: Awaited<ReturnType<typeof registerViaApi>>;

const api = async <T>(p: string, init: RequestInit = {}) =>
  (await (await fetch(env.server.url + p, init)).json()) as { rc: number; rm: string; data: T };
/** The page's socket is up and its subscriptions (sent on connect) have had time to land. */
async function live(page: Page) {
  await page.waitForSelector('html[data-realtime=connected]', { state: 'attached' });
  await new Promise((r) => setTimeout(r, 300));
}
const post = <T>(p: string, body: unknown, cookie: string) =>
  api<T>(p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  writer = await registerViaApi(env.server, 'Быстрый Комментатор');
  const feed = await api<{ items: { id: number; url: string }[] }>('/v3.0/feed?sorting=date');
  // The newest seeded entry whose discussion is open.
  for (const item of feed.data.items) {
    if ((await post('/v3.0/comment/add', { id: item.id, text: 'Открываю обсуждение.' }, writer.cookie)).rc === 200) {
      entry = { id: item.id, url: env.server.url + item.url };
      break;
    }
  }
  expect(entry).toBeTruthy();
});
describe('realtime in the browser', () => {
  it('a comment written in one browser appears in the other with the new mark; votes and edits follow', async () => {
    const reader = await newPage(env.browser);
    const author = await newPage(env.browser);
    const person = await registerViaApi(env.server, 'Автор Из Браузера');
    await signIn(author.context, env.server, person.cookie);
    await Promise.all([open(reader.page, entry.url), open(author.page, entry.url)]);
    await reader.page.waitForSelector('[data-testid=comments-list]');
    // Both tabs hold an open socket subscribed to the discussion before anyone writes.
    await Promise.all([reader.page, author.page].map(live));

    const text = `Живой комментарий ${Date.now()}`;
    await author.page.fill('[data-testid=comment-add-form] textarea', text);
    await author.page.click('[data-testid=comment-add-form] [data-testid=comment-submit]');

    const arrived = reader.page.locator('[data-testid=comment]', {
      has: reader.page.locator('[data-testid=comment-text]', { hasText: text }),
    });
    await arrived.waitFor();
    expect(await arrived.getAttribute('data-new')).toBe('true');
    expect(await arrived.locator('.comment__new-mark').count()).toBe(1);
    // The author's own copy is there once, without the mark.
    const own = author.page.locator('[data-testid=comment]', {
      has: author.page.locator('[data-testid=comment-text]', { hasText: text }),
    });
    await own.waitFor();
    expect(await own.count()).toBe(1);
    expect(await own.getAttribute('data-new')).toBeNull();
    const id = Number(await arrived.getAttribute('data-id'));

    // A vote from a third person moves the number in both tabs.
    expect((await post('/v3.0/like', { id, type: 'comment', sign: 1 }, writer.cookie)).rc).toBe(200);
    await expect.poll(() => arrived.locator('[data-testid=vote-summ]').textContent()).toBe('+1');
    await expect.poll(() => own.locator('[data-testid=vote-summ]').textContent()).toBe('+1');

    await arrived.scrollIntoViewIfNeeded();
    await shot(reader.page, 'realtime-new-comment-desktop');

    // An edit and then a removal reach the reader too.
    expect((await post('/v3.0/comment/edit', { id, text: `${text} (исправлено)` }, person.cookie)).rc).toBe(200);
    await expect.poll(() => arrived.locator('[data-testid=comment-text]').textContent()).toContain('(исправлено)');
    expect((await post('/v3.0/comment/remove', { id }, person.cookie)).rc).toBe(200);
    await reader.page.locator(`[data-testid=comment][data-id="${id}"]`).waitFor({ state: 'detached' });
    await Promise.all([reader.context.close(), author.context.close()]);
  });

  it('the view counter moves while the entry is open', async () => {
    const { context, page } = await newPage(env.browser);
    await open(page, entry.url);
    const counter = page.locator('[data-testid=entry-footer] [data-testid=hit-counter]');
    await expect.poll(async () => Number(await counter.getAttribute('data-value'))).toBeGreaterThan(0);
    const before = Number(await counter.getAttribute('data-value'));
    await live(page);
    // Three new anonymous readers (no cookie: a new visitor each).
    let value = 0;
    for (let i = 0; i < 3; i++) value = (await api<{ value: number }>(`/v3.0/hit/${entry.id}`)).data.value;
    expect(value).toBeGreaterThanOrEqual(before + 3);
    await expect.poll(async () => Number(await counter.getAttribute('data-value')), { timeout: 30_000 }).toBe(value);
    await context.close();
  });

  it('/new counts entries published meanwhile; the button brings them in', async () => {
    const { context, page } = await newPage(env.browser, 375, 800);
    await open(page, `${env.server.url}/new`);
    await page.waitForSelector('[data-testid=feed-list]');
    await live(page);
    const titles: string[] = [];
    for (const title of ['Свежая запись раз', 'Свежая запись два']) {
      const res = await post<{ entry: { id: number } }>(
        '/v3.0/writing/save',
        { title, entry: [{ type: 'text', data: { text: 'Текст новой записи.' } }], is_published: 1 },
        writer.cookie,
      );
      expect(res.rc).toBe(200);
      titles.push(title);
    }
    const button = page.locator('[data-testid=feed-fresh]');
    await expect.poll(() => button.textContent(), { timeout: 30_000 }).toBe('2 новые записи');
    await shot(page, 'feed-fresh-mobile');
    await button.click();
    await button.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid=entry-card]').first().textContent()).toContain(titles[1]);
    await context.close();
  });

  it('the live widget streams new comments, collapses by its cookie; /live on a phone', async () => {
    const { context, page } = await newPage(env.browser);
    await open(page, `${env.server.url}/`);
    const widget = page.locator('[data-testid=right-column] [data-testid=live]');
    await widget.locator('[data-testid=live-item]').first().waitFor();
    expect(await widget.getAttribute('data-state')).toBe('auto');
    expect(await widget.locator('[data-testid=live-item]').count()).toBe(5);
    await live(page);

    const text = `Эфирный комментарий ${Date.now()}`;
    const added = await post<{ id: number }>('/v3.0/comment/add', { id: entry.id, text }, writer.cookie);
    await expect
      .poll(() => widget.locator('[data-testid=live-item]').first().getAttribute('data-hash'), { timeout: 30_000 })
      .toBe(`comment-${added.data.id}`);
    expect(await widget.locator('[data-testid=live-item]').first().textContent()).toContain(text);
    await shot(page, 'live-widget-desktop');

    // Small button: auto → shown (all 20); big button: shown → collapsed → auto. The choice survives a reload.
    await widget.locator('[data-testid=live-small]').click();
    expect(await widget.getAttribute('data-state')).toBe('shown');
    expect(await widget.locator('[data-testid=live-item]').count()).toBe(20);
    await widget.locator('[data-testid=live-big]').click();
    expect(await widget.getAttribute('data-state')).toBe('collapsed');
    expect(await widget.locator('[data-testid=live-item]').count()).toBe(0);
    expect((await context.cookies()).find((c) => c.name === 'live-collapsing')?.value).toBe('collapsed');
    await open(page, `${env.server.url}/`);
    await expect.poll(() => widget.getAttribute('data-state')).toBe('collapsed');
    await widget.locator('[data-testid=live-big]').click();
    expect(await widget.getAttribute('data-state')).toBe('auto');
    await context.close();

    const phone = await newPage(env.browser, 375, 800);
    await open(phone.page, `${env.server.url}/live`);
    await phone.page.locator('main [data-testid=live-item]').first().waitFor();
    expect(await phone.page.locator('main [data-testid=live-item]').count()).toBe(20);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(phone.page, 'live-page-mobile');
    await phone.context.close();
  });
});
