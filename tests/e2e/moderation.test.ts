import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

let server: Server;
let browser: Browser;
let boss: Awaited<ReturnType<typeof registerViaApi>>;
let author: Awaited<ReturnType<typeof registerViaApi>>;
let troll: Awaited<ReturnType<typeof registerViaApi>>;
let entry: { id: number; url: string };
let commentId: number;

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(server, path, cookie, body);
const text = (s: string) => ({ type: 'text', data: { text: s } });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED: '0' }), launchBrowser()]);
  // The first account runs the site (superuser).
  boss = await registerViaApi(server, 'Хозяин Сайта');
  author = await registerViaApi(server, 'Автор Записи');
  troll = await registerViaApi(server, 'Тролль Петров');
  const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
    title: 'Запись для модерации',
    entry: [text('Обсуждаем правила сообщества.')],
    is_published: 1,
  });
  entry = saved.data.entry;
  const c = await api<{ id: number }>('/v3.0/comment/add', troll.cookie, { id: entry.id, text: 'Все вы тут неправы!' });
  commentId = c.data.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('bans in the browser', () => {
  it("bans from a comment's menu: the reason modal, a declined 'remove all data', Ctrl+Enter", async () => {
    const { context, page } = await signedInPage(browser, server, boss.cookie);
    await open(page, server.url + entry.url);
    const comment = page.locator(`[data-testid=comment][data-id="${commentId}"]`);
    // Pinning from the same menu: the discussion reloads with the 'Закреплён' mark.
    await comment.locator('[data-testid=comment-more]').click();
    await page.click('[data-testid=popover-item][data-value="pin"]');
    await comment.locator('[data-testid=comment-pinned]').getByText('Закреплён').waitFor();
    await shot(page, 'moderation-comment-pinned-1280');
    await comment.locator('[data-testid=comment-more]').click();
    await page.click('[data-testid=popover-item][data-value="ban"]');
    const modal = page.locator('[data-testid=modal][data-kind=ban]');
    await modal.waitFor();
    // Moving into a field at once keeps the caret there: the dialog's delayed first focus (it fires after a timer
    // started on opening, so a timer started now fires after it) does not pull it back to the reason.
    const kept = await page.evaluate(async () => {
      const days = document.querySelector<HTMLInputElement>('[data-testid=modal-days]')!;
      days.focus();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return document.activeElement === days;
    });
    expect(kept).toBe(true);
    await page.locator('[data-testid=modal-reason]').fill('Оскорбления участников');
    await page.locator('[data-testid=modal-days]').fill('7');

    // The browser confirmation of §5, declined: the tick is cleared.
    const dialogs: string[] = [];
    page.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.locator('[data-testid=modal-remove-all]').click();
    expect(dialogs).toEqual(['Осторожно! Вы полностью удалите всю активность этого пользователя.']);
    expect(await page.locator('[data-testid=modal-remove-all]').isChecked()).toBe(false);
    await shot(page, 'moderation-ban-modal-1280');

    await page.locator('[data-testid=modal-reason]').press('Control+Enter');
    await page.getByText('Пользователь заблокирован').first().waitFor();
    const history = await api<{ items: { reason: string; days: number; remove_all_data: boolean }[] }>(
      `/v3.0/admin/users/${troll.id}/bans`,
      boss.cookie,
    );
    expect(history.data.items.map((b) => [b.reason, b.days, b.remove_all_data])).toEqual([
      ['Оскорбления участников', 7, false],
    ]);
    await context.close();
  });

  it('the banned person sees why and until when; staff see it on the profile and lift it there', async () => {
    const banned = await signedInPage(browser, server, troll.cookie, 375, 800);
    await open(banned.page, server.url + '/');
    const banner = banned.page.locator('[data-testid=banned-banner]');
    // «до» takes the genitive: «до вторника, 1 декабря».
    await expect(banner.textContent()).resolves.toMatch(
      /заблокирован до (понедельника|вторника|среды|четверга|пятницы|субботы|воскресенья), .*Причина: Оскорбления участников/,
    );
    await shot(banned.page, 'moderation-banned-banner-375');
    await banned.context.close();

    const { context, page } = await signedInPage(browser, server, boss.cookie);
    await open(page, `${server.url}/u/${troll.id}`);
    await page.locator('[data-testid=profile-banned]').waitFor();
    await page.click('[data-testid=profile-bans-toggle]');
    await page.locator('[data-testid=ban-item]').first().waitFor();
    await shot(page, 'moderation-profile-1280');
    await page.click('[data-testid=profile-unban]');
    await page.locator('[data-testid=modal]').waitFor();
    await shot(page, 'moderation-unban-modal-1280');
    await page.click('[data-testid=modal-confirm]');
    await page.locator('[data-testid=profile-ban]').waitFor();
    const me = await api<{ user: { ban: unknown } }>('/v3.0/auth/check', troll.cookie);
    expect(me.data.user.ban).toBeNull();
    await context.close();
  });

  it('the staff panel: search, the user card, the bans list and the audit log, at 1280 and 375', async () => {
    await api(`/v3.0/admin/users/${troll.id}/ban`, boss.cookie, { reason_text: 'Спам', days: 3 });
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, 900);
      await open(page, server.url + '/admin?tab=users');
      await page.fill('[data-testid=admin-search]', 'Тролль');
      await page.press('[data-testid=admin-search]', 'Enter');
      await page.click('[data-testid=admin-person]');
      const card = page.locator('[data-testid=admin-user-card]');
      await card.waitFor();
      expect(await card.getAttribute('data-user')).toBe(String(troll.id));
      await page.locator('[data-testid=card-banned]').waitFor();
      await shot(page, `moderation-admin-card-${width}`, true);
      await page.click('[data-testid=admin-tab-bans]');
      await page.locator('[data-testid=ban-item]').first().waitFor();
      await shot(page, `moderation-admin-bans-${width}`);
      await page.click('[data-testid=admin-tab-audit]');
      await page.locator('[data-testid=audit-item]').first().waitFor();
      const actions = await page
        .locator('[data-testid=audit-item]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
      expect(actions.slice(0, 3)).toEqual(['user.ban', 'user.unban', 'user.ban']);
      // A phrase with the person's own name, the verb agreeing with the actor, and a date as the feeds write it.
      const first = await page.locator('[data-testid=audit-item]').first().innerText();
      expect(first.replace(/\s+/g, ' ')).toMatch(
        /^(только что|\d+ минуты? назад) Хозяин Сайта заблокировал пользователя Тролль Петров/,
      );
      expect(first).not.toContain('(а)');
      await shot(page, `moderation-admin-audit-${width}`);
      await context.close();
    }
  });

  it("unpublishes from the entry's menu with the reason modal at 375 px; the author is locked out of publishing", async () => {
    const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
      title: 'Запись под вопросом',
      entry: [text('Сомнительное утверждение.')],
      is_published: 1,
    });
    const { context, page } = await signedInPage(browser, server, boss.cookie, 375, 800);
    await open(page, server.url + saved.data.entry.url);
    await page.click('[data-testid=entry-actions]');
    await page.click('[data-testid=popover-item][data-value="mod:unpublish"]');
    await page.locator('[data-testid=modal][data-kind=unpublish]').waitFor();
    await page.locator('[data-testid=modal-reason]').fill('Недостоверные сведения');
    await shot(page, 'moderation-unpublish-modal-375');
    await page.locator('[data-testid=modal-reason]').press('Control+Enter');
    await page.getByText('Запись снята с публикации').first().waitFor();
    const got = await api<{ entry: { is_published: boolean; locked_by_admin: boolean } }>(
      `/v3.0/writing/get/${saved.data.entry.id}`,
      author.cookie,
    );
    expect([got.data.entry.is_published, got.data.entry.locked_by_admin]).toEqual([false, true]);
    await context.close();
  });

  it('an 18+ card is blurred until the visitor confirms their age, then shown (and stays shown after a reload)', async () => {
    const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
      title: 'Взрослая тема',
      entry: [text('Откровенный разговор о взрослом.')],
      is_published: 1,
      is_nsfw: 1,
    });
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, 900);
      await open(page, `${server.url}/u/${author.id}`);
      const card = page.locator(`[data-testid=entry-card][data-id="${saved.data.entry.id}"] [data-testid=nsfw]`);
      expect(await card.getAttribute('data-blurred')).toBe('1');
      await shot(page, `moderation-nsfw-blurred-${width}`);
      await card.locator('[data-testid=nsfw-show]').click();
      await page.locator('[data-testid=modal]').waitFor();
      await shot(page, `moderation-adult-modal-${width}`);
      await page.click('[data-testid=modal-confirm]');
      await page.waitForSelector(
        `[data-testid=entry-card][data-id="${saved.data.entry.id}"] [data-testid=nsfw][data-blurred="0"]`,
      );
      await open(page, `${server.url}/u/${author.id}`);
      await page.waitForSelector(
        `[data-testid=entry-card][data-id="${saved.data.entry.id}"] [data-testid=nsfw][data-blurred="0"]`,
      );
      await context.close();
    }
  });

  it('an 18+ entry opened by its link is blurred and asks the age first; the answer is kept in a cookie', async () => {
    const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
      title: 'Взрослая тема по ссылке',
      entry: [text('Откровенный разговор о взрослом, по прямой ссылке.')],
      is_published: 1,
      is_nsfw: 1,
    });
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, 900);
      await open(page, server.url + saved.data.entry.url);
      const cover = page.locator('[data-testid=entry] [data-testid=nsfw]');
      await page.locator('[data-testid=entry] [data-testid=nsfw][data-live]').waitFor();
      expect(await cover.getAttribute('data-blurred')).toBe('1');
      await shot(page, `moderation-nsfw-entry-blurred-${width}`);
      await cover.locator('[data-testid=nsfw-show]').click();
      await page.locator('[data-testid=modal]').waitFor();
      await page.click('[data-testid=modal-confirm]');
      await page.waitForSelector('[data-testid=entry] [data-testid=nsfw][data-blurred="0"]');
      expect((await context.cookies()).map((c) => c.name)).toContain('is_adult');
      await open(page, server.url + saved.data.entry.url);
      await page.waitForSelector('[data-testid=entry] [data-testid=nsfw][data-blurred="0"]');
      await shot(page, `moderation-nsfw-entry-shown-${width}`);
      await context.close();
    }
    // Its author sees it as written.
    const own = await signedInPage(browser, server, author.cookie);
    await open(own.page, server.url + saved.data.entry.url);
    await own.page.locator('[data-testid=entry] .entry-title').waitFor();
    expect(await own.page.locator('[data-testid=entry] [data-testid=nsfw]').count()).toBe(0);
    await own.context.close();
  });

  it('a reader cannot open the panel', async () => {
    const { context, page } = await signedInPage(browser, server, author.cookie);
    const res = await page.goto(`${server.url}/admin`);
    expect(res?.status()).toBe(403);
    await context.close();
  });
});
