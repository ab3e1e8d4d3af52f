import { describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y.ts';
import {
  callApi,
  editorReady,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  useSharedBrowser,
} from './harness.ts';

/** The entry model's fields on the screens (issue 32 point 6): marks, best comments, the thanks switch, the editor. */
const env = useSharedBrowser();

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(env.server, path, cookie, body);

describe('the entry model’s fields in the browser', () => {
  it('the marks on the card and the page, best comments above the discussion; axe finds nothing serious', async () => {
    const author = await registerViaApi(env.server, 'Марина Рекламова');
    const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
      title: 'Партнёрский обзор ноутбуков',
      entry: [
        { type: 'text', data: { text: 'Мы продолжаем дополнять этот обзор по мере выхода новых моделей.' } },
        { type: 'donation', data: { title: 'Поддержать автора' } },
      ],
      is_published: 1,
      is_advertisement: 1,
      is_still_updating: 1,
      is_show_thanks: 0,
    });
    expect(saved.rc, JSON.stringify(saved)).toBe(200);
    const entry = saved.data.entry;
    // Staff mark it editorial.
    const marked = await api('/v3.0/writing/save', env.server.owner.cookie, {
      id: entry.id,
      title: 'Партнёрский обзор ноутбуков',
      entry: [{ type: 'text', data: { text: 'Мы продолжаем дополнять этот обзор по мере выхода новых моделей.' } }],
      is_published: 1,
      is_editorial: 1,
      is_special: 1,
      is_filled_by_editors: 1,
      // A special project's style, and no ads under it.
      custom_style: 'special-red',
      is_enabled_ad: 0,
    });
    expect(marked.rc, JSON.stringify(marked)).toBe(200);
    // A comment three readers rate up becomes one of the best.
    const commenter = await registerViaApi(env.server, 'Пётр Комментатор');
    const comment = await api<{ id: number }>('/v3.0/comment/add', commenter.cookie, {
      id: entry.id,
      text: 'Спасибо, очень полезное сравнение автономности!',
    });
    expect(comment.rc, JSON.stringify(comment)).toBe(200);
    for (const name of ['Оценщик Первый', 'Оценщик Второй', 'Оценщик Третий']) {
      const voter = await registerViaApi(env.server, name);
      const vote = await api('/v3.0/like', voter.cookie, { id: comment.data.id, type: 'comment', sign: 1 });
      expect(vote.rc, JSON.stringify(vote)).toBe(200);
    }
    // The comment's tally is folded about once a second (votes/counters.ts); the best are chosen by it.
    await expect
      .poll(async () => {
        const res = await api<{ best?: unknown[] }>(`/v3.0/comments?content_id=${entry.id}&count=15`, '');
        return res.data.best?.length;
      })
      .toBe(1);

    for (const width of [1280, 375]) {
      const { context, page } = await newPage(env.browser, width, 900);
      await open(page, env.server.url + entry.url);
      const view = page.getByTestId('entry');
      await view.getByTestId('entry-ad-mark').waitFor();
      expect(await view.getByTestId('entry-ad-mark').textContent()).toBe('Реклама');
      expect(await view.getByTestId('entry-updating-mark').textContent()).toBe('обновляется');
      expect(await view.getByTestId('entry-editorial-mark').textContent()).toBe('Редакция');
      expect(await view.getByTestId('entry-special-mark').textContent()).toBe('Спецпроект');
      expect(await view.getByTestId('entry-filled-mark').textContent()).toBe('Дополнено редакцией');
      // custom_style: the page's own class; is_enabled_ad off: no ad slot under the entry.
      expect(await page.locator('.entry-page.entry-style-special-red').count()).toBe(1);
      expect(await page.locator('[data-ad-place=entry]').count()).toBe(0);
      // The thanks block is off: no donation block.
      expect(await page.locator('[data-testid=donation-amount]').count()).toBe(0);
      const best = page.getByTestId('comments-best');
      await best.waitFor();
      expect(await best.locator('li').count()).toBe(1);
      await best.getByText('очень полезное сравнение').waitFor();
      await shot(page, `entry-fields-page-${width}`, true);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }

    // The card in the author's blog carries the marks.
    const { context, page } = await newPage(env.browser, 1280, 900);
    await open(page, `${env.server.url}/u/${author.id}`);
    const card = page.locator(`[data-testid=entry-card][data-id="${entry.id}"]`);
    await card.getByTestId('entry-ad-mark').waitFor();
    await card.getByTestId('entry-updating-mark').waitFor();
    await context.close();
  });

  it('the editor’s settings: the author’s switches for everyone, the editorial ones for staff; a switch saves', async () => {
    const author = await registerViaApi(env.server, 'Автор Настроек');
    const saved = await api<{ entry: { id: number } }>('/v3.0/writing/save', author.cookie, {
      title: 'Черновик с настройками',
      entry: [{ type: 'text', data: { text: 'Текст черновика.' } }],
      is_published: 0,
    });
    expect(saved.rc, JSON.stringify(saved)).toBe(200);
    const id = saved.data.entry.id;
    for (const width of [1280, 375]) {
      const { context, page } = await signedInPage(env.browser, env.server, author.cookie, width, 900);
      await open(page, `${env.server.url}/writing/${id}`);
      await editorReady(page);
      await page.getByTestId('editor-settings').click();
      const panel = page.getByTestId('editor-settings-panel');
      await panel.getByTestId('editor-field-is_advertisement').waitFor();
      expect(await panel.getByTestId('editor-field-is_editorial').count()).toBe(0);
      if (width === 1280) {
        await panel.getByTestId('editor-field-external_access').check();
        // The draft saves itself; the secret link appears with the answer.
        await panel.getByTestId('editor-access-link').waitFor();
        expect(await panel.getByTestId('editor-access-link').inputValue()).toMatch(/\?access=[0-9a-f]{32}$/);
      }
      await shot(page, `entry-fields-editor-${width}`);
      expect(await seriousViolations(page, '[data-testid=editor-settings-panel]')).toEqual([]);
      await context.close();
    }
    const got = await api<{ entry: { external_access: boolean } }>(`/v3.0/writing/get/${id}`, author.cookie);
    expect(got.data.entry.external_access).toBe(true);

    const { context, page } = await signedInPage(env.browser, env.server, env.server.owner.cookie, 1280, 900);
    await open(page, `${env.server.url}/writing/${id}`);
    await editorReady(page);
    await page.getByTestId('editor-settings').click();
    await page.getByTestId('editor-field-is_editorial').waitFor();
    await shot(page, 'entry-fields-editor-staff-1280');
    expect(await seriousViolations(page, '[data-testid=editor-settings-panel]')).toEqual([]);
    await context.close();
  });
});
