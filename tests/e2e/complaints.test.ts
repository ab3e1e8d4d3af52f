import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  callApi,
  editorReady,
  launchBrowser,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';
import { messages } from '../../src/shared/catalogue.ts';

let server: Server;
let browser: Browser;
let boss: Awaited<ReturnType<typeof registerViaApi>>;
let author: Awaited<ReturnType<typeof registerViaApi>>;
let reader: Awaited<ReturnType<typeof registerViaApi>>;
let pest: Awaited<ReturnType<typeof registerViaApi>>;
let entry: { id: number; url: string };
let pestComment: number;

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(server, path, cookie, body);
const text = (s: string) => ({ type: 'text', data: { text: s } });

beforeAll(async () => {
  // The held-spam queue needs the new-account link hold the other browser files switch off.
  [server, browser] = await Promise.all([startServer({ SEED: '0', NEW_ACCOUNT_LINK_REVIEW: '1' }), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта');
  author = await registerViaApi(server, 'Автор Записи');
  reader = await registerViaApi(server, 'Внимательный Читатель');
  pest = await registerViaApi(server, 'Назойливый Спорщик');
  const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
    title: 'Запись с опечаткой',
    entry: [text('Превет всем читателям, сегодня говорим о правилах.')],
    is_published: 1,
  });
  entry = saved.data.entry;
  const c = await api<{ id: number }>('/v3.0/comment/add', pest.cookie, { id: entry.id, text: 'Опять вы за своё!' });
  pestComment = c.data.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Selects `word` inside the entry's text, as a reader's mouse would. */
const selectWord = (page: Page, word: string) =>
  page.evaluate((w) => {
    const root = document.querySelector('[data-testid=entry]')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent!.indexOf(w);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + w.length);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      return true;
    }
    return false;
  }, word);

describe('complaints, misprints and the blocklist in the browser', () => {
  it("complains from the entry stub's menu: the modal, 'other' needs a text, the stub shows it sent", async () => {
    const { context, page } = await signedInPage(browser, server, reader.cookie);
    await open(page, `${server.url}/new`);
    const card = page.locator(`[data-testid=entry-card][data-id="${entry.id}"]`);
    await card.locator('[data-testid=entry-menu]').click();
    await page.click('[data-testid=popover-item][data-value="complain"]');
    const modal = page.locator('[data-testid=complaint]');
    await modal.waitFor();
    await page.click('[data-testid=complaint-reason-other]');
    expect(await page.locator('[data-testid=complaint-send]').isDisabled()).toBe(true);
    await page.fill('[data-testid=complaint-text]', 'Выдаёт рекламу за новость');
    await shot(page, 'complaint-modal-1280');
    await page.click('[data-testid=complaint-send]');
    await card.locator('[data-testid=entry-stub] [data-option=complain][data-state="2"]').waitFor();
    const queue = await api<{ items: { target_id: number; reason: string; text: string }[] }>(
      '/v3.0/admin/complaints',
      boss.cookie,
    );
    expect(queue.data.items[0]).toMatchObject({
      target_id: entry.id,
      reason: 'other',
      text: 'Выдаёт рекламу за новость',
    });
    await context.close();

    const phone = await signedInPage(browser, server, pest.cookie, 375, 800);
    await open(phone.page, server.url + entry.url);
    await phone.page.locator(`[data-testid=comment] [data-testid=comment-more]`).first().waitFor();
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    // The entry's own card menu is on feeds; on a phone, shoot the modal opened from a comment's menu.
    const other = await api<{ id: number }>('/v3.0/comment/add', reader.cookie, { id: entry.id, text: 'Согласен' });
    await phone.page.reload();
    const theirs = phone.page.locator(`[data-testid=comment][data-id="${other.data.id}"]`);
    await theirs.locator('[data-testid=comment-more]').click();
    await phone.page.click('[data-testid=popover-item][data-value="complain"]');
    await phone.page.locator('[data-testid=complaint]').waitFor();
    await phone.page.click('[data-testid=complaint-reason-spam]');
    await shot(phone.page, 'complaint-modal-375');
    await phone.page.click('[data-testid=complaint-send]');
    await phone.page.locator('[data-testid=complaint]').waitFor({ state: 'detached' });
    await phone.context.close();
  });

  it('Ctrl+Enter on a selection opens the misprint modal; a reader reports a place once; the author sees the reports and marks one fixed', async () => {
    const another = await registerViaApi(server, 'Другой Читатель');
    for (const [width, who] of [
      [1280, reader],
      [375, another],
    ] as const) {
      const { context, page } = await signedInPage(browser, server, who.cookie, width, 800);
      await open(page, server.url + entry.url);
      expect(await selectWord(page, 'Превет')).toBe(true);
      await page.keyboard.press('Control+Enter');
      const modal = page.locator('[data-testid=misprint]');
      await modal.waitFor();
      expect(await page.locator('[data-testid=misprint-context] mark').textContent()).toBe('Превет');
      expect(await page.locator('[data-testid=misprint-context]').textContent()).toContain('всем читателям');
      await page.fill('[data-testid=misprint-comment]', 'Привет');
      await shot(page, `misprint-modal-${width}`);
      // Ctrl+Enter in the comment sends the report.
      await page.press('[data-testid=misprint-comment]', 'Control+Enter');
      await modal.waitFor({ state: 'detached' });
      await context.close();
    }
    // The same place again from the same reader: refused in Russian, the modal stays for them to close.
    {
      const { context, page } = await signedInPage(browser, server, reader.cookie, 1280, 800);
      await open(page, server.url + entry.url);
      expect(await selectWord(page, 'Превет')).toBe(true);
      await page.keyboard.press('Control+Enter');
      await page.locator('[data-testid=misprint]').waitFor();
      await page.press('[data-testid=misprint-comment]', 'Control+Enter');
      await page.getByText(messages.misprintDuplicate).first().waitFor();
      await context.close();
    }
    const { context, page } = await signedInPage(browser, server, author.cookie);
    await open(page, server.url + entry.url);
    const list = page.locator('[data-testid=entry-misprints]');
    await list.waitFor();
    expect(await list.locator('[data-testid=misprint-item]').count()).toBe(2);
    await list.locator('[data-testid=misprint-fix]').first().click();
    await list.locator('[data-testid=misprint-item][data-fixed]').waitFor();
    await context.close();
  });

  it("blocklists a person from their comment's menu: the comment collapses, stays so, and the settings list it", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, reader.cookie, width, 900);
      await open(page, server.url + entry.url);
      const comment = page.locator(`[data-testid=comment][data-id="${pestComment}"]`);
      if (width === 1280) {
        await comment.locator('[data-testid=comment-more]').click();
        await page.click('[data-testid=popover-item][data-value="block"]');
      }
      await comment.locator('[data-testid=comment-blocked]').waitFor();
      await comment.scrollIntoViewIfNeeded();
      await shot(page, `blocklist-comment-collapsed-${width}`);
      await comment.locator('[data-testid=comment-show]').click();
      await comment.locator('[data-testid=comment-text]').getByText('Опять вы за своё!').waitFor();

      await open(page, `${server.url}/u/me/settings#blocklist`);
      const person = page.locator(`[data-testid=blocked-person][data-id="${pest.id}"]`);
      await person.waitFor();
      await person.scrollIntoViewIfNeeded();
      await shot(page, `settings-blocklist-${width}`);
      await context.close();
    }
    // The blocked person can no longer reply to the reader.
    const mine = await api<{ id: number }>('/v3.0/comment/add', reader.cookie, { id: entry.id, text: 'Моё мнение' });
    const reply = await api('/v3.0/comment/add', pest.cookie, { id: entry.id, text: 'Ответ', reply_to: mine.data.id });
    expect(reply.rc).toBe(403);
  });

  it('the staff queues at 1280 and 375: complaints, misprints and held spam, handled in place', async () => {
    const newbie = await registerViaApi(server, 'Новый Рекламщик');
    await api('/v3.0/writing/save', newbie.cookie, {
      title: 'Дешёвые окна',
      entry: [text('Заходите на https://okna.example.ru')],
      is_published: 1,
    });
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, 900);
      await open(page, `${server.url}/admin`);
      await page.locator('[data-testid=admin-queues]').waitFor();
      await page.locator('[data-testid=complaint-item]').first().waitFor();
      await page.locator('[data-testid=review-item]').first().waitFor();
      await shot(page, `moderation-admin-queues-${width}`, true);
      await context.close();
    }
    const { context, page } = await signedInPage(browser, server, boss.cookie);
    await open(page, `${server.url}/admin`);
    const before = await page.locator('[data-testid=complaint-item]').count();
    await page.locator('[data-testid=complaint-accept]').first().click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=complaint-item]').length < n, before);
    await page.locator('[data-testid=review-approve]').first().click();
    await page.locator('[data-testid=review-item]').waitFor({ state: 'detached' });
    await context.close();
  });

  it("the change-role modal on a person's profile for a community's owner, at 1280 and 375", async () => {
    const made = await api<{ id: number }>('/v3.0/subsite/create', author.cookie, {
      name: 'Клуб правил',
      slug: 'klub-pravil',
    });
    expect(made.rc).toBe(200);
    const profile = await api<{ url: string }>(`/v3.0/subsite/${pest.id}`, author.cookie);
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, author.cookie, width, 900);
      await open(page, server.url + profile.data.url);
      await page.click('[data-testid=change-role-open]');
      await page.locator('[data-testid=change-role]').waitFor();
      await page.click('[data-testid=change-role-editor]');
      await shot(page, `change-role-modal-${width}`);
      await page.click('[data-testid=change-role-save]');
      await page.waitForSelector('[data-testid=change-role] [role=alert], [data-testid=toast]');
      expect(await page.locator('[data-testid=change-role] [role=alert]').count(), await page.content()).toBe(0);
      await context.close();
    }
  });
  it('a manager lets only members post: the editor leaves the community out and refuses a non-member’s draft', async () => {
    const club = await api<{ id: number; url: string }>('/v3.0/subsite/create', author.cookie, {
      name: 'Клуб участников',
      slug: 'klub-uchastnikov',
    });
    expect(club.rc).toBe(200);
    // Written while the community was open to everyone.
    const draft = await api<{ entry: { id: number } }>('/v3.0/writing/save', reader.cookie, {
      title: 'Черновик для клуба',
      entry: [text('Пишу, пока клуб открыт')],
      is_published: 0,
      subsite_id: club.data.id,
    });
    expect(draft.rc).toBe(200);
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, author.cookie, width, 900);
      await open(page, `${server.url}${club.data.url}/settings`);
      const posting = page.locator('[data-testid=subsite-posting]');
      await posting.waitFor();
      await posting.locator('input[value=members]').check();
      await posting.scrollIntoViewIfNeeded();
      await shot(page, `community-posting-settings-${width}`);
      await page.click('[data-testid=subsite-save]');
      await page.locator('[data-testid=toast]').first().waitFor();
      await context.close();
    }
    const settings = await api<{ posting: string }>(`/v3.0/subsite/settings/${club.data.id}`, author.cookie);
    expect(settings.data.posting).toBe('members');

    const { context, page } = await signedInPage(browser, server, reader.cookie);
    await open(page, `${server.url}/writing`);
    await page.click('[data-testid=editor-subsite]');
    await page.locator('[data-testid=editor-subsite-option]').first().waitFor();
    const offered = await page
      .locator('[data-testid=editor-subsite-option]')
      .evaluateAll((o) => o.map((x) => x.getAttribute('data-value')));
    expect(offered).not.toContain(String(club.data.id));
    await open(page, `${server.url}/writing/${draft.data.entry.id}`);
    await editorReady(page);
    await page.click('[data-testid=editor-publish]');
    await page.getByText('Публиковать в этом сообществе могут только его участники').first().waitFor();
    const still = await api<{ entry: { is_published: boolean } }>(`/v3.0/entry/${draft.data.entry.id}`, reader.cookie);
    expect(still.data.entry.is_published).toBe(false);
    await context.close();
  });

  it('an entry in a moderated community waits; its owner approves it from the community’s queue', async () => {
    const club = await api<{ id: number; url: string }>('/v3.0/subsite/create', author.cookie, {
      name: 'Клуб с проверкой',
      slug: 'klub-s-proverkoy',
    });
    const saved = await api('/v3.0/subsite/save_settings/' + club.data.id, author.cookie, { is_moderated: 1 });
    expect(saved.rc).toBe(200);
    const sent = await api<{ entry: { id: number; url: string; is_published: boolean } }>(
      '/v3.0/writing/save',
      reader.cookie,
      { title: 'Заметка на проверку', entry: [text('Прошу опубликовать')], is_published: 1, subsite_id: club.data.id },
    );
    expect(sent.data.entry.is_published).toBe(false);

    const mine = await signedInPage(browser, server, reader.cookie);
    await open(mine.page, server.url + sent.data.entry.url);
    await mine.page.locator('[data-testid=entry-awaiting]').waitFor();
    await mine.context.close();

    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, author.cookie, width, 900);
      await open(page, server.url + club.data.url);
      await page.locator('[data-testid=approval-queue] [data-testid=review-item]').waitFor();
      await shot(page, `community-approval-queue-${width}`);
      if (width === 1280) {
        await page.click('[data-testid=approval-queue] [data-testid=review-reject]');
        await page.locator('[data-testid=modal]').waitFor();
        await page.fill('[data-testid=modal-reason]', 'Не по теме сообщества');
        // The modal fades in: the picture waits for it to settle.
        await page.waitForFunction(
          () => getComputedStyle(document.querySelector('.ov-modal-overlay')!).opacity === '1',
        );
        await shot(page, 'community-approval-reject-1280');
        await page.keyboard.press('Escape');
      } else {
        await page.click('[data-testid=approval-queue] [data-testid=review-approve]');
        await page.locator('[data-testid=approval-queue]').waitFor({ state: 'detached' });
      }
      await context.close();
    }
    const after = await api<{ entry: { is_published: boolean } }>(`/v3.0/entry/${sent.data.entry.id}`, reader.cookie);
    expect(after.data.entry.is_published).toBe(true);
  });

  it("the entry statistics popup from the author's '…' menu, with its chart, at 1280 and 375", async () => {
    await fetch(`${server.url}/v3.0/hit/${entry.id}`);
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(browser, server, author.cookie, width, 900);
      await open(page, server.url + entry.url);
      await page.click('[data-testid=entry-actions]');
      await page.click('[data-testid=popover-item][data-value="stats"]');
      const popup = page.locator('[data-testid=entry-stats]');
      await popup.locator('[data-testid=chart][data-ready="1"]').waitFor();
      expect(await popup.locator('.mod-stats__total').count()).toBe(4);
      await shot(page, `entry-stats-popup-${width}`);
      await context.close();
    }
  });
});
