import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, open, registerViaApi, shot, signedInPage, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();
let staff: { cookie: string };

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(env.server, path, cookie, body);
// By the whole text of the bubble: its time follows the text with no space, so a substring match of
// 'Сообщение номер 2' would also find 'Сообщение номер 21' between 10:00 and 19:59.
const numbered = (page: Page, n: number) =>
  page
    .locator('[data-testid=messenger-message]')
    .filter({ has: page.locator('.messenger-msg__text', { hasText: new RegExp(`^Сообщение номер ${n}$`) }) });

beforeAll(async () => {
  staff = env.server.owner;
});
describe('messenger in the browser', () => {
  it('A writes from B’s profile, B sees it live with the unread badge, B reads, A sees the read mark', async () => {
    const a = await registerViaApi(env.server, 'Алиса Мессенджер');
    const b = await registerViaApi(env.server, 'Богдан Читатель');

    const { context: cb, page: pb } = await signedInPage(env.browser, env.server, b.cookie, 1280, 900);
    // The total comes with the page and then moves by the private channel's events: never asked again.
    let unreadAsked = 0;
    pb.on('request', (r) => void (r.url().includes('/messenger/unread') && unreadAsked++));
    await open(pb, `${env.server.url}/`);
    await pb.waitForSelector('html[data-realtime=connected]', { state: 'attached' });
    await pb.waitForSelector('[data-testid=messenger-button]');
    expect(await pb.locator('[data-testid=messenger-badge]').count()).toBe(0);

    // A opens B's profile and writes: the drawer opens over the page, which stays under it.
    const { context: ca, page: pa } = await signedInPage(env.browser, env.server, a.cookie, 1280, 900);
    await open(pa, `${env.server.url}/u/${b.id}`);
    await pa.waitForSelector('html[data-realtime=connected]', { state: 'attached' });
    await pa.click('[data-testid=write-message]');
    const input = pa.locator('[data-testid=messenger-drawer] [data-testid=messenger-input]');
    await input.waitFor();
    expect(await pa.locator('[data-testid=subsite-header]').isVisible()).toBe(true);
    // Shift+Enter is a new line, Enter sends.
    await input.fill('Привет, Богдан!');
    await input.press('Shift+Enter');
    await input.type('Как дела?');
    expect(await input.inputValue()).toBe('Привет, Богдан!\nКак дела?');
    await input.press('Enter');
    const mine = pa.locator('[data-testid=messenger-message]', { hasText: 'Как дела?' });
    await mine.waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await mine.locator('[data-testid=messenger-tick]').getAttribute('data-read')).toBe('0');
    expect(await pa.locator('[data-testid=messenger-day]').first().textContent()).toBe('Сегодня');
    await shot(pa, 'messenger-drawer-chat-1280');

    // B, without a reload: the badge and the title prefix.
    await pb.waitForSelector('[data-testid=messenger-badge]');
    expect(await pb.locator('[data-testid=messenger-badge]').textContent()).toBe('1');
    await pb.waitForFunction(() => document.title.startsWith('(1) '));
    // Rendered on the server: the first HTML of any page already carries the badge.
    const html = await (await fetch(`${env.server.url}/`, { headers: { cookie: b.cookie } })).text();
    expect(html).toMatch(/data-testid="messenger-badge"[^>]*>1</);
    await pb.click('[data-testid=messenger-button]');
    const item = pb.locator('[data-testid=messenger-drawer] [data-testid=messenger-chat]').first();
    await item.waitFor();
    expect(await item.locator('[data-testid=messenger-chat-unread]').textContent()).toBe('1');
    await shot(pb, 'messenger-drawer-list-1280');

    // A types: B's open chat says so. B opens the chat: it is read, the badge goes.
    await item.click();
    await pb.locator('[data-testid=messenger-message]', { hasText: 'Как дела?' }).waitFor();
    await pb.waitForFunction(() => !document.querySelector('[data-testid=messenger-badge]'));
    await pb.waitForFunction(() => !document.title.startsWith('('));
    await input.fill('Ещё');
    await pb.waitForSelector('[data-testid=messenger-typing]:has-text("Алиса Мессенджер печатает")');

    // …and A's tick turns into the read mark, live.
    await pa.waitForSelector('[data-testid=messenger-tick][data-read="1"]');

    // The draft stays with the chat: closed and opened again, the words are there.
    await pa.click('[data-testid=messenger-close]');
    await pa.click('[data-testid=messenger-button]');
    await pa.locator('[data-testid=messenger-drawer] [data-testid=messenger-chat]').first().click();
    await pa.waitForFunction(
      () => (document.querySelector('[data-testid=messenger-input]') as HTMLTextAreaElement | null)?.value === 'Ещё',
    );

    // B answers from the drawer: A sees it arrive.
    const bInput = pb.locator('[data-testid=messenger-drawer] [data-testid=messenger-input]');
    await bInput.fill('Отлично!');
    await bInput.press('Enter');
    await pa.locator('[data-testid=messenger-message]', { hasText: 'Отлично!' }).waitFor();

    // B attaches a text file with the paperclip: A sees a chip with its name and size, and it downloads.
    await pb.locator('[data-testid=messenger-drawer] [data-testid=messenger-file-input]').setInputFiles({
      name: 'список.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('молоко\nхлеб\n'),
    });
    await pb
      .locator('[data-testid=messenger-drawer] .messenger-composer__filename', { hasText: 'список.txt' })
      .waitFor();
    await bInput.press('Enter');
    const chip = pa.locator('[data-testid=messenger-file]', { hasText: 'список.txt' });
    await chip.waitFor();
    expect(await chip.innerText()).toContain('Б');
    const href = await chip.getAttribute('href');
    const file = await pa.request.get(new URL(href!, pa.url()).href);
    expect(file.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('список')}.txt`);
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect(unreadAsked).toBe(0);
    await ca.close();
    await cb.close();
  });

  it('loads older history upward without a jump, and on a phone goes list → chat', async () => {
    const a = await registerViaApi(env.server, 'Вера История');
    const b = await registerViaApi(env.server, 'Гриша Телефон');
    const chat = await api<{ id: number }>('/v3.0/messenger/chats/create', a.cookie, {
      type: 'direct',
      user_ids: [b.id],
    });
    for (let i = 1; i <= 60; i++) {
      const r = await api(`/v3.0/messenger/chats/${chat.data.id}/send`, a.cookie, { text: `Сообщение номер ${i}` });
      expect(r.rc).toBe(200);
    }

    const { context, page } = await signedInPage(env.browser, env.server, b.cookie, 1280, 900);
    await open(page, `${env.server.url}/messenger?chat=${chat.data.id}`);
    const history = page.locator('[data-testid=messenger-page] [data-testid=messenger-history]');
    await numbered(page, 60).waitFor();
    expect(await page.locator('[data-testid=messenger-message]').count()).toBe(40);
    await shot(page, 'messenger-page-1280');
    // The oldest shown message stays where it is on screen while 20 older ones come in above it.
    const oldest = numbered(page, 21);
    await history.evaluate((el) => (el.scrollTop = 150));
    await numbered(page, 1).waitFor({ state: 'attached' });
    const top = await oldest.evaluate((el) => el.getBoundingClientRect().top);
    const scroller = await history.evaluate((el) => ({ top: el.scrollTop }));
    expect(scroller.top).toBeGreaterThan(150);
    expect(Math.abs(top - (await oldest.evaluate((el) => el.getBoundingClientRect().top)))).toBeLessThan(2);

    // B's group, managed from the conversation's menu: rename, add Вера (a person of B's direct chats), make admin.
    const c = await registerViaApi(env.server, 'Дина Группа');
    const club = await api<{ id: number }>('/v3.0/messenger/chats/create', b.cookie, {
      type: 'group',
      user_ids: [c.id],
      title: 'Клуб',
    });
    await open(page, `${env.server.url}/messenger?chat=${club.data.id}`);
    await page.click('[data-testid=messenger-page] [data-testid=messenger-chat-menu]');
    await page.click('[data-testid=popover-item][data-value=manage]');
    const panel = page.locator('[data-testid=messenger-group-panel]');
    await panel.locator('[data-testid=messenger-group-rename]').fill('Клуб историков');
    await panel.locator('button[type=submit]', { hasText: 'Сохранить' }).click();
    await page.waitForSelector('.messenger-conv__title:has-text("Клуб историков")');
    await panel.locator('[data-testid=messenger-group-filter]').fill('вера');
    await panel.locator('[data-testid=messenger-group-offer]', { hasText: 'Вера История' }).click();
    // The list stays open for more choices (several may be added); Escape closes it, as a reader would.
    await panel.locator('[data-testid=messenger-group-filter]').press('Escape');
    await panel.locator('[data-testid=messenger-group-add-submit]').click();
    const vera = panel.locator(`[data-testid=messenger-group-member][data-user-id="${a.id}"]`);
    expect(await vera.locator('[data-testid=messenger-group-role]').textContent()).toBe('участник');
    await vera.locator('button', { hasText: 'Сделать администратором' }).click();
    await vera.locator('[data-testid=messenger-group-role]:has-text("администратор")').waitFor();
    expect(await panel.locator('[data-testid=messenger-group-member]').count()).toBe(3);
    await shot(page, 'messenger-group-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, `${env.server.url}/messenger?chat=${club.data.id}`);
    await page.click('[data-testid=messenger-page] [data-testid=messenger-chat-menu]');
    await page.click('[data-testid=popover-item][data-value=manage]');
    await panel.locator('[data-testid=messenger-group-member]').nth(2).waitFor();
    await shot(page, 'messenger-group-375');
    // Вера sees the new title in her list.
    const list = await api<{ items: { id: number; title: string }[] }>('/v3.0/messenger/chats', a.cookie);
    expect(list.data.items.find((x) => x.id === club.data.id)?.title).toBe('Клуб историков');
    await context.close();

    const phone = await signedInPage(env.browser, env.server, b.cookie, 375, 812);
    await open(phone.page, `${env.server.url}/messenger`);
    const row = phone.page.locator('[data-testid=messenger-chat]', { hasText: 'Вера История' });
    await row.waitFor();
    await shot(phone.page, 'messenger-list-375');
    await row.click();
    await numbered(phone.page, 60).waitFor();
    expect(await phone.page.locator('[data-testid=messenger-list]').isVisible()).toBe(false);
    await shot(phone.page, 'messenger-chat-375');

    // A complaint about a message reaches the staff page with the message and its neighbours.
    const last = numbered(phone.page, 60);
    await last.locator('[data-testid=messenger-message-menu]').click();
    await phone.page.click('[data-testid=popover-item][data-value=complain]');
    await phone.page.click('[data-testid=modal-confirm]');
    await phone.page.waitForSelector('[data-testid=toast]:has-text("Жалоба отправлена")');
    await phone.page.click('[data-testid=messenger-back]');
    await phone.page.waitForURL((url) => url.pathname === '/messenger' && !url.searchParams.has('chat'));
    await row.waitFor();
    // The drawer on a phone covers the width and keeps list → chat.
    await open(phone.page, `${env.server.url}/`);
    await phone.page.click('[data-testid=messenger-button]');
    await phone.page.locator('[data-testid=messenger-drawer] [data-testid=messenger-chat]').first().waitFor();
    await shot(phone.page, 'messenger-drawer-375');
    await phone.context.close();

    const desk = await signedInPage(env.browser, env.server, staff.cookie, 1280, 900);
    await open(desk.page, `${env.server.url}/messenger/complaints`);
    const complaint = desk.page.locator('[data-testid=messenger-complaint]').first();
    await complaint.waitFor();
    expect(await complaint.locator('.is-reported').textContent()).toContain('Сообщение номер 60');
    expect(await complaint.locator('li').count()).toBe(6);
    await shot(desk.page, 'messenger-complaints-1280');
    await desk.context.close();
  });
});
