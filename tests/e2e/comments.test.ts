import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Comment } from '../../src/shared/comments.ts';
import { newPage, open, shot, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();
/** The seeded entry with the most comments, and its address. */
let entryId: number;
let entryUrl: string;
/** The site's superuser (staff), signed in over HTTP. */
let owner: ReturnType<typeof person>;

const api = async <T>(p: string, init: RequestInit = {}) => {
  const res = await fetch(env.server.url + p, init);
  return (await res.json()) as { rc: number; rm: string; data: T };
};
const listComments = async (id: number, sorting: 'popular' | 'date', cookie = '') =>
  (
    await api<{ items: Comment[] }>(`/v3.0/comments?content_id=${id}&sorting=${sorting}`, {
      headers: cookie ? { cookie } : {},
    })
  ).data.items ?? [];

/** A second person, signed in over plain HTTP, who writes while the browser reader is away. */
async function otherPerson(name = 'Другой Читатель') {
  const res = await fetch(`${env.server.url}/v3.0/auth/simple/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
    body: JSON.stringify({
      values: { name, email: `other-${Date.now()}-${Math.random()}@example.ru`, password: 'другой надёжный пароль' },
    }),
  });
  expect(res.status).toBe(200);
  return person(
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  );
}

/** Someone signed in with `cookie`, over plain HTTP. */
function person(cookie: string) {
  return {
    cookie,
    post: <T>(p: string, body: unknown) =>
      api<T>(p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
        body: JSON.stringify(body),
      }),
    comment: (text: string, replyTo?: number) =>
      api<Comment>('/v3.0/comment/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
        body: JSON.stringify({ id: entryId, text, ...(replyTo ? { reply_to: replyTo } : {}) }),
      }),
  };
}

beforeAll(async () => {
  owner = person(env.server.owner.cookie);
  let best = { id: 0, count: 0 };
  for (let id = 1; id <= 80; id++) {
    const items = await listComments(id, 'date');
    if (items.length > best.count) best = { id, count: items.length };
  }
  expect(best.count).toBeGreaterThanOrEqual(10);
  entryId = best.id;
  const entry = await api<{ entry: { url: string } }>(`/v3.0/entry/${entryId}`);
  entryUrl = env.server.url + entry.data.entry.url;
});
const renderedIds = (page: Page) =>
  page.locator('[data-testid=comment]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
const comment = (page: Page, id: number) => page.locator(`[data-testid=comment][data-id="${id}"]`);
/** Opens every 'Показать ещё N ответов' and loads every page of threads, as a reader reading it all would. */
async function showAll(page: Page) {
  for (;;) {
    const button = page.locator('[data-testid=comments-more-replies], [data-testid=comments-more-threads]').first();
    if (!(await button.count())) return;
    const before = await page.locator('[data-testid=comment]').count();
    // The next threads also load by themselves near the end: the button may be gone by the time of the click.
    if (
      !(await button.click({ timeout: 2000 }).then(
        () => true,
        () => false,
      ))
    )
      continue;
    await expect.poll(() => page.locator('[data-testid=comment]').count()).toBeGreaterThan(before);
  }
}
/** Edit, remove and remove-branch live in the comment's '…' menu. */
async function commentAction(page: Page, id: number, value: 'edit' | 'remove' | 'remove-branch') {
  await comment(page, id).locator('[data-testid=comment-more]').first().click();
  await page.click(`[data-testid=popover-item][data-value="${value}"]`);
}
/** The comment whose rendered text has `text` (not a form that merely holds it). */
const commentWithText = (page: Page, text: string) =>
  page.locator('[data-testid=comment]', { has: page.locator('[data-testid=comment-text]', { hasText: text }) });

async function register(page: Page, name: string) {
  await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
  await page.click('[data-testid=to-register]');
  await page.waitForSelector('[data-testid=auth-popup][data-mode=register]');
  const values = { name, email: `reader-${Date.now()}@example.ru`, password: 'очень надёжный пароль' };
  for (const [field, value] of Object.entries(values))
    await page.fill(`[data-testid=auth-popup] input[name=${field}]`, value);
  await page.click('[data-testid=auth-submit]');
  await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
}

describe('comments in the browser', () => {
  it('shows the seeded tree in both sortings, at 1280 and 375 px', async () => {
    const popular = await listComments(entryId, 'popular');
    const byDate = await listComments(entryId, 'date');
    const { context, page } = await newPage(env.browser);
    await open(page, entryUrl);
    await page.waitForSelector('[data-testid=comments-list]');
    await showAll(page);
    expect(await renderedIds(page)).toEqual(popular.map((c) => c.id));
    const count = popular.filter((c) => !c.is_removed).length;
    expect(await page.textContent('[data-testid=comments-title]')).toMatch(new RegExp(`^${count} комментари(й|я|ев)$`));
    // Replies are indented by level; the deepest seeded reply sits deeper than its thread's root.
    const deepest = popular.reduce((a, b) => (b.level > a.level ? b : a));
    expect(deepest.level).toBeGreaterThanOrEqual(3);
    const indent = async (id: number) =>
      comment(page, id).evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
    expect(await indent(deepest.id)).toBeGreaterThan(await indent(popular[0].id));
    expect(await comment(page, deepest.id).locator('.comment__line').count()).toBe(Math.min(deepest.level, 6));
    await page
      .locator('[data-testid=comments-title]')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await shot(page, 'comments-desktop');
    await comment(page, deepest.id).scrollIntoViewIfNeeded();
    await shot(page, 'comments-thread-desktop');

    await page.click('[data-testid=comments-sort-date]');
    await page.waitForSelector('[data-testid=comments-list][data-sorting=date]');
    await expect.poll(() => renderedIds(page).then((ids) => ids[0])).toBe(byDate[0].id);
    await showAll(page);
    await expect.poll(() => renderedIds(page)).toEqual(byDate.map((c) => c.id));
    expect(await page.getAttribute('[data-testid=comments-sort-date]', 'aria-pressed')).toBe('true');
    await context.close();

    const mobile = await newPage(env.browser, 375, 800);
    await open(mobile.page, entryUrl);
    await mobile.page.waitForSelector('[data-testid=comments-list]');
    await showAll(mobile.page);
    // At 375 px the indent stops at three levels and nothing overflows the screen.
    const deepIndent = await comment(mobile.page, deepest.id).evaluate((el) =>
      parseFloat(getComputedStyle(el).paddingLeft),
    );
    expect(deepIndent).toBeLessThanOrEqual(3 * 16);
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await mobile.page
      .locator('[data-testid=comments-title]')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await shot(mobile.page, 'comments-mobile');
    await comment(mobile.page, deepest.id).scrollIntoViewIfNeeded();
    await shot(mobile.page, 'comments-thread-mobile');
    await mobile.context.close();
  });

  it('indents replies up to the limit (6 levels, 3 on mobile) and names the parent beyond it', async () => {
    const person = await otherPerson('Глубокий Спорщик');
    const roots = (await listComments(entryId, 'date')).filter((c) => c.level === 0);
    let parent = roots[roots.length - 1].id;
    const chain: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await person.comment(
        `Ответ уровня ${i}: спор продолжается, и каждый уверен в своей правоте.`,
        parent,
      );
      expect(res.rc).toBe(200);
      chain.push((parent = res.data.id));
    }
    for (const [width, indent, limit, name] of [
      [1280, 26, 6, 'desktop'],
      [375, 16, 3, 'mobile'],
    ] as const) {
      const { context, page } = await newPage(env.browser, width, width > 800 ? 900 : 800);
      await open(page, entryUrl);
      await page.click('[data-testid=comments-sort-date]');
      await page.waitForSelector('[data-testid=comments-list][data-sorting=date]');
      await expect.poll(() => renderedIds(page).then((ids) => ids[0])).toBe(roots[0].id);
      await showAll(page);
      const padding = (id: number) => comment(page, id).evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
      expect(await padding(chain[7])).toBe(limit * indent);
      expect(await padding(chain[limit - 1])).toBe(limit * indent);
      expect(await padding(chain[limit - 2])).toBe((limit - 1) * indent);
      // Past the limit each reply names whom it answers.
      expect(await comment(page, chain[7]).locator('.comment__reply-to').isVisible()).toBe(true);
      expect(
        await comment(page, chain[limit - 1])
          .locator('.comment__reply-to')
          .isVisible(),
      ).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await comment(page, chain[4]).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, `comments-deep-${name}`);
      await context.close();
    }
  });

  it('signs up from the form, comments, replies, edits and removes with confirmation', async () => {
    const { context, page } = await newPage(env.browser);
    await open(page, entryUrl);
    await page.waitForSelector('[data-testid=comments-list]');
    const before = (await listComments(entryId, 'popular')).filter((c) => !c.is_removed).length;

    // An anonymous reader writes and sends: the 401 opens the auth popup, and the comment goes out after sign-up.
    await page.fill(
      '[data-testid=comment-add-form] textarea',
      'Первый комментарий из браузера.\nВторая строка со ссылкой https://example.ru/test',
    );
    await page.click('[data-testid=comment-add-form] [data-testid=comment-submit]');
    await register(page, 'Комментатор Тестов');
    const mine = commentWithText(page, 'Первый комментарий из браузера.');
    await mine.waitFor();
    expect(await mine.getAttribute('class')).toContain('comment--highlighted');
    expect(await mine.locator('[data-testid=comment-author]').textContent()).toBe('Комментатор Тестов');
    expect(await mine.locator('[data-testid=comment-text] a').getAttribute('href')).toBe('https://example.ru/test');
    expect(await mine.locator('[data-testid=comment-text] br').count()).toBe(1);
    expect(await page.inputValue('[data-testid=comment-add-form] textarea')).toBe('');
    await expect.poll(() => page.getAttribute('[data-testid=comments]', 'data-count')).toBe(String(before + 1));
    expect(await mine.getAttribute('data-new')).toBeNull(); // one's own comment is never 'new'
    const myId = Number(await mine.getAttribute('data-id'));

    // Reply to the first seeded comment with Ctrl+Enter: it lands inside that thread, one level deeper.
    const first = page.locator('[data-testid=comment][data-level="0"]').first();
    const parentId = Number(await first.getAttribute('data-id'));
    await first.locator('[data-testid=comment-reply]').click();
    await page.fill('[data-testid=comment-reply-form] textarea', 'Ответ на первый комментарий');
    await page.press('[data-testid=comment-reply-form] textarea', 'Control+Enter');
    const reply = commentWithText(page, 'Ответ на первый комментарий');
    await reply.waitFor();
    expect(await reply.getAttribute('data-level')).toBe('1');
    expect(await page.locator('[data-testid=comment-reply-form]').count()).toBe(0);
    const replyId = Number(await reply.getAttribute('data-id'));
    const tree = await listComments(entryId, 'popular');
    expect(tree.find((c) => c.id === replyId)?.reply_to).toBe(parentId);
    const ids = await renderedIds(page);
    const threadEnd = ids.findIndex((id, i) => i > ids.indexOf(parentId) && tree.find((c) => c.id === id)!.level === 0);
    expect(ids.indexOf(replyId)).toBeGreaterThan(ids.indexOf(parentId));
    expect(threadEnd === -1 || ids.indexOf(replyId) < threadEnd).toBe(true);
    // Other people's comments offer no edit or remove: their menu has the complaint and the blocklist only.
    await first.locator('[data-testid=comment-more]').click();
    expect(await page.locator('[data-testid=popover-item]').allTextContents()).toEqual([
      'Пожаловаться',
      'В чёрный список',
    ]);
    await page.keyboard.press('Escape');

    // Edit in place.
    await commentAction(page, myId, 'edit');
    const editor = comment(page, myId).locator('[data-testid=comment-edit-form] textarea');
    expect(await editor.inputValue()).toBe(
      'Первый комментарий из браузера.\nВторая строка со ссылкой https://example.ru/test',
    );
    await editor.fill('Исправленный комментарий');
    await shot(page, 'comments-edit-desktop');
    await comment(page, myId).locator('[data-testid=comment-submit]').click();
    await expect
      .poll(() => comment(page, myId).locator('[data-testid=comment-text]').textContent())
      .toBe('Исправленный комментарий');
    expect(await comment(page, myId).locator('.comment__edited').count()).toBe(1);

    // Remove: cancel first, then confirm.
    await commentAction(page, myId, 'remove');
    await page.waitForSelector('[data-testid=modal]');
    await page.waitForTimeout(300); // the modal fades in
    await shot(page, 'comments-remove-confirm-desktop');
    await page.click('[data-testid=modal-cancel]');
    expect(await comment(page, myId).count()).toBe(1);
    await commentAction(page, myId, 'remove');
    await page.click('[data-testid=modal-confirm]');
    await comment(page, myId).waitFor({ state: 'detached' });
    await page.locator('[data-testid=toast]', { hasText: 'Комментарий удалён' }).waitFor();
    await expect.poll(() => page.getAttribute('[data-testid=comments]', 'data-count')).toBe(String(before + 1));
    expect((await listComments(entryId, 'date')).some((c) => c.id === myId)).toBe(false);

    // The edit link of spec/content.md §2 opens the form of that comment.
    await open(page, `${entryUrl}?comment=${replyId}&mode=edit`);
    await comment(page, replyId).locator('[data-testid=comment-edit-form]').waitFor();
    expect(await comment(page, replyId).locator('textarea').inputValue()).toBe('Ответ на первый комментарий');
    await context.close();
  });

  it('scrolls to a linked comment and highlights it; marks comments new since the last visit', async () => {
    const items = await listComments(entryId, 'popular');
    const target = items[items.length - 1];
    const { context, page } = await newPage(env.browser);
    await open(page, `${entryUrl}?comment=${target.id}`);
    const el = comment(page, target.id);
    await expect.poll(() => el.getAttribute('class')).toContain('comment--highlighted');
    await expect
      .poll(() =>
        el.evaluate((node) => {
          const r = node.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await page.waitForTimeout(400); // let the smooth scroll settle before the picture
    await shot(page, 'comments-linked-desktop');

    // The date is the comment's own link (#comment-{id}).
    const other = items[1];
    await comment(page, other.id).locator('[data-testid=comment-link]').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#comment-${other.id}`);
    await expect.poll(() => comment(page, other.id).getAttribute('class')).toContain('comment--highlighted');

    // An anonymous visit leaves a mark in the env.browser; what others write afterwards is new on the next visit.
    const person = await otherPerson();
    const fresh = await person.comment('Свежий комментарий после визита');
    expect(fresh.rc).toBe(200);
    await open(page, entryUrl);
    const newOne = comment(page, fresh.data.id);
    await expect.poll(() => newOne.getAttribute('data-new')).toBe('true');
    expect(await page.locator('[data-testid=comment][data-new]').count()).toBe(1);
    await newOne.scrollIntoViewIfNeeded();
    await shot(page, 'comments-new-desktop');
    // Seen now: a third visit marks nothing.
    await open(page, entryUrl);
    await page.waitForSelector('[data-testid=comments-list]');
    await page.waitForTimeout(300);
    expect(await page.locator('[data-testid=comment][data-new]').count()).toBe(0);
    await context.close();
  });

  it('shows a note instead of the form when the author switched comments off', async () => {
    const author = await otherPerson('Автор Без Обсуждений');
    const saved = await author.post<{ entry: { id: number; url: string } }>('/v3.0/writing/save', {
      title: 'Запись без комментариев',
      entry: [{ type: 'text', data: { text: 'Обсуждать тут нечего.' } }],
      is_published: true,
      is_enabled_comments: false,
    });
    expect(saved.rc, saved.rm).toBe(200);
    const { context, page } = await newPage(env.browser, 375, 800);
    await open(page, env.server.url + saved.data.entry.url);
    await page.waitForSelector('[data-testid=comments-disabled]');
    expect(await page.textContent('[data-testid=comments-disabled]')).toBe('Автор отключил комментарии к этой записи');
    expect(await page.locator('[data-testid=comment-add-form]').count()).toBe(0);
    await page
      .locator('[data-testid=comments]')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await shot(page, 'comments-disabled-mobile');
    await context.close();
  });

  it('lets staff remove a whole branch after confirming', async () => {
    const person = await otherPerson('Спорщик Для Модерации');
    const root = await person.comment('Ветка, которую удалит модератор');
    const r1 = await person.comment('Ответ в ветке', root.data.id);
    const r2 = await person.comment('Ответ на ответ в ветке', r1.data.id);
    const { context, page } = await newPage(env.browser);
    const [name, value] = owner.cookie.split('; ')[0].split('=');
    await context.addCookies([{ name, value, url: env.server.url }]);
    await open(page, `${entryUrl}#comment-${root.data.id}`);
    const before = Number(await page.getAttribute('[data-testid=comments]', 'data-count'));
    await commentAction(page, root.data.id, 'remove-branch');
    await page.waitForSelector('[data-testid=modal]');
    expect(await page.textContent('[data-testid=modal] h2')).toBe('Удалить ветку?');
    await page.click('[data-testid=modal-confirm]');
    await comment(page, root.data.id).waitFor({ state: 'detached' });
    for (const id of [r1.data.id, r2.data.id]) expect(await comment(page, id).count()).toBe(0);
    await expect.poll(() => page.getAttribute('[data-testid=comments]', 'data-count')).toBe(String(before - 3));
    await context.close();
  });

  it("staff see one '…' button under a comment, not a row of actions that wraps on a phone; @mentions link to blogs", async () => {
    const named = await otherPerson('Мирон Упомянутый');
    const namedUrl = (await named.comment('Меня сейчас упомянут')).data.author!.url;
    const slug = namedUrl.replace(/^\/u\/\d+-/, '');
    const person = await otherPerson('Спорщик На Телефоне');
    const root = await person.comment(`Ветка для проверки меню на телефоне, @${slug} подтвердит`);
    await person.comment('Ответ в этой ветке', root.data.id);
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ]) {
      const { context, page } = await newPage(env.browser, width, height);
      const [name, value] = owner.cookie.split('; ')[0].split('=');
      await context.addCookies([{ name, value, url: env.server.url }]);
      await open(page, `${entryUrl}#comment-${root.data.id}`);
      const mention = comment(page, root.data.id).locator('[data-testid=comment-text] a.mention');
      expect(await mention.getAttribute('href')).toBe(namedUrl);
      expect(await mention.textContent()).toBe(`@${slug}`);
      const actions = comment(page, root.data.id).locator('.comment__actions');
      await actions.waitFor();
      expect(await actions.locator('button', { hasText: /Редактировать|Удалить/ }).count()).toBe(0);
      // One line: the votes, «Ответить» and the menu button.
      expect((await actions.boundingBox())!.height).toBeLessThanOrEqual(34);
      await comment(page, root.data.id).locator('[data-testid=comment-more]').click();
      const items = page.locator('[data-testid=popover-item]');
      await items.first().waitFor();
      // Staff also pin a thread's first comment and ban its author from here (moderation).
      expect(await items.allTextContents()).toEqual([
        'Редактировать',
        'Удалить',
        'Удалить ветку',
        'Закрепить',
        'Пожаловаться',
        'В чёрный список',
        'Заблокировать',
      ]);
      await page.waitForTimeout(250); // the popover fades in
      await shot(page, `comments-staff-menu-${width}`);
      await context.close();
    }
  });
  it('pages a long discussion: the first screenful, more replies and threads, a deep link, a live comment', async () => {
    const saved = await owner.post<{ entry: { id: number; url: string } }>('/v3.0/writing/save', {
      title: 'Запись с длинным обсуждением',
      entry: [{ type: 'text', data: { text: 'Обсуждение на много страниц.' } }],
      is_published: true,
    });
    expect(saved.rc, saved.rm).toBe(200);
    const id = saved.data.entry.id;
    const say = async (text: string, replyTo?: number) => {
      const res = await owner.post<Comment>('/v3.0/comment/add', {
        id,
        text,
        ...(replyTo ? { reply_to: replyTo } : {}),
      });
      expect(res.rc, res.rm).toBe(200);
      return res.data.id;
    };
    const roots: number[] = [];
    for (let i = 1; i <= 45; i++) roots.push(await say(`Ветка номер ${i}: мнение, которое стоит обсудить.`));
    const replies: number[] = [];
    for (let i = 1; i <= 6; i++) replies.push(await say(`Ответ ${i} в первой ветке`, roots[0]));
    let deep = roots[39];
    for (let i = 1; i <= 4; i++) deep = await say(`Глубокий ответ ${i} в сороковой ветке`, deep);
    const url = env.server.url + saved.data.entry.url;
    let hidden = 4;

    for (const [width, height, name] of [
      [1280, 900, 'desktop'],
      [375, 812, 'mobile'],
    ] as const) {
      const { context, page } = await newPage(env.browser, width, height);
      await open(page, url);
      await page.waitForSelector('[data-testid=comments-list]');
      // The server sends 15 threads with their first two replies; the rest waits for the reader.
      expect(await page.locator('[data-testid=comment][data-level="0"]').count()).toBe(15);
      const more = page.locator('[data-testid=comments-more-replies]');
      expect(await more.allTextContents()).toEqual([`Показать ещё ${hidden} ${hidden === 4 ? 'ответа' : 'ответов'}`]);
      await page
        .locator('[data-testid=comments-title]')
        .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
      await shot(page, `comments-paged-${name}`);
      if (width > 800) {
        await more.click();
        await expect.poll(() => more.count()).toBe(0);
        expect((await renderedIds(page)).slice(0, 7)).toEqual([roots[0], ...replies]);
        // Scrolling near the end brings the next threads, then the last ones.
        await page.locator('[data-testid=comments-more-threads]').scrollIntoViewIfNeeded();
        await expect.poll(() => page.locator('[data-testid=comment][data-level="0"]').count()).toBeGreaterThan(15);
        await showAll(page);
        expect((await renderedIds(page)).filter((c) => roots.includes(c))).toEqual(roots);
        expect(await page.getAttribute('[data-testid=comments]', 'data-count')).toBe(String(45 + 6 + 4));

        // Someone else answers in the first thread: it appears in place, marked new.
        const person = await otherPerson('Живой Собеседник');
        const live = await person.post<Comment>('/v3.0/comment/add', {
          id,
          text: 'Живой ответ',
          reply_to: roots[0],
        });
        expect(live.rc).toBe(200);
        hidden += 1;
        await expect.poll(() => comment(page, live.data.id).getAttribute('data-new')).toBe('true');
        expect(await comment(page, live.data.id).getAttribute('data-level')).toBe('1');
        await expect.poll(() => page.getAttribute('[data-testid=comments]', 'data-count')).toBe(String(45 + 6 + 4 + 1));
      }
      // A link deep into the fortieth thread lands on that comment, its thread brought onto the first page.
      await open(page, `${url}?comment=${deep}`);
      await expect.poll(() => comment(page, deep).getAttribute('class')).toContain('comment--highlighted');
      expect(await comment(page, deep).getAttribute('data-level')).toBe('4');
      expect((await renderedIds(page))[0]).toBe(roots[39]);
      await page.waitForTimeout(400); // the smooth scroll settles
      await shot(page, `comments-paged-linked-${name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  });
});
