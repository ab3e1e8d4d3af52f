import { describe, expect, it } from 'vitest';
import { editorReady, newPage, open, registerViaApi, shot, signIn, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();

const UNSAVED = 'Вы что-то ввели и решили уйти, это не случайность?';
async function saveEntry(cookie: string, body: Record<string, unknown>) {
  const res = await fetch(`${env.server.url}/v3.0/writing/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(json.rc, JSON.stringify(json)).toBe(200);
  return json.data.entry as { id: number; url: string; title: string };
}

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

describe('the entry page', () => {
  it('opens a seeded entry from the home page with its blocks, and serves OpenGraph and canonical in the HTML', async () => {
    const { context, page } = await newPage(env.browser);
    await open(page, env.server.url);
    // The oldest card is a seeded one: other files on this shared server may have published since.
    const ids = await page
      .locator('[data-testid=entry-card]')
      .evaluateAll((cards) => cards.map((c) => Number((c as HTMLElement).dataset.id)));
    const heading = page.locator(`[data-testid=entry-card][data-id="${Math.min(...ids)}"] .entry-card-title`);
    const title = (await heading.textContent())!;
    await heading.click();
    await page.waitForSelector('[data-testid=entry]');
    expect(await page.locator('.entry-title').textContent()).toBe(title);
    expect(await page.locator('[data-testid=entry-blocks] .eb').count()).toBeGreaterThan(1);
    const entryPath = new URL(page.url()).pathname;
    expect(entryPath).toMatch(/^\/(u|s)\/[^/]+\/\d+-[a-z0-9-]+$/);
    await shot(page, 'entry-desktop');
    await context.close();
    const phone = await newPage(env.browser, 375, 812);
    await open(phone.page, env.server.url + entryPath);
    await shot(phone.page, 'entry-mobile');
    await phone.context.close();

    const res = await fetch(env.server.url + entryPath);
    expect(res.status).toBe(200);
    const html = await res.text();
    const canonical = env.server.url + entryPath;
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="og:site_name" content="Среда"/>');
    expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBe(title.replace(/\u00a0/g, ' '));
    expect(attr(html, /<meta property="og:description" content="([^"]+)"/)?.length).toBeGreaterThan(20);
    expect(html).toContain('data-testid="entry-blocks"');
    expect(html).toMatch(/<div class="eb eb-text" data-block="text"><p>/);
  });

  it('renders the blocks of a seeded entry on the server: header, code, number, list', async () => {
    // The Go article of the seed has a header, a code block, a big number and an ordered list.
    let found: { url: string } | null = null;
    for (let id = 1; id < 80 && !found; id++) {
      const r = await (await fetch(`${env.server.url}/v3.0/entry/${id}`)).json();
      if (r.rc === 200 && r.data.entry.title.startsWith('Переписали сервис уведомлений')) found = r.data.entry;
    }
    expect(found).not.toBeNull();
    const html = await (await fetch(env.server.url + found!.url)).text();
    expect(html).toContain(
      '<div class="eb eb-header" data-block="header"><h2>Почему не\u00a0стали оптимизировать старый код</h2>',
    );
    expect(html).toMatch(
      /<div class="eb eb-code" data-block="code"><pre data-lang="go"><code>func \(s \*Sender\) Run\(ctx context.Context, jobs &lt;-chan Job\) \{/,
    );
    expect(html).toContain('<div class="eb-number-value">6×</div>');
    expect(html).toMatch(/<div class="eb eb-list" data-block="list"><ol><li>/);
  });

  it('redirects other spellings of the address to the canonical one and refuses what is not an entry', async () => {
    const writer = await registerViaApi(env.server, 'Пётр Редиректов');
    const e = await saveEntry(writer.cookie, {
      title: 'Проверка адресов',
      entry: [{ type: 'text', data: { text: 'Текст' } }],
      is_published: 1,
    });
    const [, , blog, slugPart] = e.url.split('/');
    const get = (p: string) => fetch(env.server.url + p, { redirect: 'manual' });
    for (const wrong of [
      `/u/${writer.id}/${e.id}`,
      `/u/${writer.id}-other/${e.id}-old-title`,
      `/s/tech/${e.id}-proverka-adresov`,
      `/u/${blog}/${e.id}zzz`,
    ]) {
      const res = await get(wrong + '?from=feed');
      expect(res.status, wrong).toBe(301);
      expect(res.headers.get('location')).toBe(`${e.url}?from=feed`);
    }
    expect((await get(`/u/${blog}/${slugPart}`)).status).toBe(200);
    const link = await get(`/${e.id}?comment=15&mode=edit`);
    expect(link.status).toBe(301);
    expect(link.headers.get('location')).toBe(`${e.url}?comment=15&mode=edit`);
    for (const missing of [
      `/u/${blog}/abc`,
      `/u/${blog}/-${e.id}`,
      '/u/1/99999999',
      '/12abc',
      '/99999999',
      '/99999999999',
    ]) {
      expect((await get(missing)).status, missing).toBe(404);
    }
    // A draft is its author's alone.
    const draft = await saveEntry(writer.cookie, { title: 'Черновик', entry: [], is_published: 0 });
    expect((await get(draft.url)).status).toBe(404);
    expect((await get(`/${draft.id}`)).status).toBe(404);
    expect((await fetch(env.server.url + draft.url, { headers: { cookie: writer.cookie } })).status).toBe(200);
  });

  it('shows every block type, a collapsed spoiler, and the edit link to the author only', async () => {
    const writer = await registerViaApi(env.server, 'Вера Блокова');
    const e = await saveEntry(writer.cookie, {
      title: 'Все блоки на одной странице',
      is_published: 1,
      entry: [
        {
          type: 'text',
          data: {
            text: 'Вводный абзац с <b>жирным</b>, <i>курсивом</i>, <mark>выделением</mark>, <code>кодом</code> и <a href="https://example.com">ссылкой</a>.',
          },
        },
        { type: 'header', data: { text: 'Подзаголовок второго уровня', level: 2 } },
        { type: 'list', data: { style: 'unordered', items: ['первый пункт', 'второй пункт с <b>важным</b>'] } },
        { type: 'quote', data: { text: 'Хорошая цитата коротка.', caption: 'Народная мудрость' } },
        { type: 'incut', data: { text: 'Врезка: главное, что стоит запомнить из этой записи.' } },
        { type: 'header', data: { text: 'Подзаголовок третьего уровня', level: 3 } },
        { type: 'code', data: { text: 'select count(*)\n  from entries\n where is_published;', lang: 'sql' } },
        { type: 'number', data: { number: '42 %', title: 'читателей дочитали до конца' } },
        { type: 'warning', data: { title: 'Внимание', text: 'Это <b>предупреждение</b>.' } },
        { type: 'delimiter', data: {} },
        {
          type: 'video',
          data: {
            service: 'youtube',
            id: 'dQw4w9WgXcQ',
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90',
            title: 'Клип восьмидесятых',
            timecode: 90,
          },
        },
        {
          type: 'link',
          data: {
            url: 'https://example.com/article',
            title: 'Статья по ссылке',
            description: 'Короткое описание внешней страницы.',
          },
        },
        { type: 'audio', data: { url: 'https://example.com/a.mp3', title: 'Выпуск подкаста' } },
        { type: 'person', data: { name: 'Иван Петров', description: 'Главный герой этой записи' } },
        { type: 'text', data: { text: 'Тайный абзац под спойлером' }, hidden: true },
        { type: 'text', data: { text: 'Заключение.' } },
      ],
    });
    const { context, page } = await newPage(env.browser);
    await open(page, env.server.url + e.url);
    const types = await page
      .locator('[data-testid=entry-blocks] > .eb')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-block')));
    expect(types).toEqual([
      'text',
      'header',
      'list',
      'quote',
      'incut',
      'header',
      'code',
      'number',
      'warning',
      'delimiter',
      'video',
      'link',
      'audio',
      'person',
      'text',
      'text',
    ]);
    expect(await page.locator('.entry-blocks a[href="https://example.com"]').getAttribute('rel')).toBe(
      'nofollow noopener',
    );
    const secret = page.getByText('Тайный абзац под спойлером');
    expect(await secret.isVisible()).toBe(false);
    expect(await page.locator('[data-testid=entry-edit]').count()).toBe(0);
    expect(await page.locator('.eb-code pre').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
      /mono|Menlo|Consolas/i,
    );
    await shot(page, 'entry-blocks-desktop', true);
    await page.click('text=Показать спойлер');
    expect(await secret.isVisible()).toBe(true);
    expect(await page.locator('.eb-video-title').textContent()).toBe('Клип восьмидесятых');
    expect(await page.locator('.eb-video-service').textContent()).toBe('youtube · с\u00a01:30');
    await page.click('.eb-video-preview');
    // The player starts where the pasted link pointed.
    await page.waitForSelector(
      '.eb-video-frame iframe[src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=90"]',
      { state: 'attached' },
    );
    await context.close();

    const mine = await newPage(env.browser, 375, 812);
    await signIn(mine.context, env.server, writer.cookie);
    await open(mine.page, env.server.url + e.url);
    expect(await mine.page.locator('[data-testid=entry-edit]').getAttribute('href')).toBe(`/writing/${e.id}`);
    await shot(mine.page, 'entry-blocks-mobile', true);
    await mine.context.close();
  });
});

/** Editor.js has started (it is loaded lazily) inside the editor. */

describe('writing', () => {
  it('asks an anonymous visitor to sign in, then writes and publishes an entry into a community', async () => {
    const { context, page } = await newPage(env.browser);
    await open(page, env.server.url);
    await page.click('[data-testid=write-button]');
    await page.waitForSelector('[data-testid=auth-popup]');
    await page.click('[data-testid=to-register]');
    const n = Date.now();
    for (const [name, value] of Object.entries({
      name: 'Ольга Писатель',
      email: `olga-${n}@example.ru`,
      password: 'очень надёжный пароль',
    })) {
      await page.fill(`[data-testid=auth-popup] input[name=${name}]`, value);
    }
    await page.click('[data-testid=auth-submit]');
    // Signed in, the editor opens where 'Написать' was pressed.
    await page.waitForSelector('[data-testid=popup][data-kind=editor] [data-testid=editor]');
    await editorReady(page);

    await page.click('[data-testid=editor-subsite]');
    await page.locator('[data-testid=editor-subsite-option]').first().waitFor();
    const options = await page.locator('[data-testid=editor-subsite-option] .search-list__label').allTextContents();
    expect(options[0]).toBe('Мой блог');
    expect(options).toContain('Технологии');
    await page.fill('[data-testid=editor-title]', 'Моя первая запись на Среде');
    await page.locator('.codex-editor .ce-paragraph').first().click();
    await page.keyboard.type('Первый абзац записи.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('## Раздел второй');
    await page.waitForSelector('.codex-editor h2.ce-header');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Текст раздела <script>alert(1)</script>.');
    await page.fill('[data-testid=editor-subsite]', 'техн');
    await page.click('[data-testid=editor-subsite-option]:has-text("Технологии")');
    expect(await page.inputValue('[data-testid=editor-subsite]')).toBe('Технологии');
    await page.click('[data-testid=editor-settings]');
    await page.uncheck('[data-testid=editor-comments]');
    await shot(page, 'writing-desktop');
    await page.click('[data-testid=editor-publish]');
    await page.waitForSelector('[data-testid=entry]');
    expect(new URL(page.url()).pathname).toMatch(/^\/s\/tech\/\d+-moya-pervaya-zapis-na-srede$/);
    expect(await page.locator('.entry-title').textContent()).toBe('Моя первая запись на\u00a0Среде');
    expect(await page.locator('.eb-text p').first().textContent()).toBe('Первый абзац записи.');
    expect(await page.locator('.eb-header h2').textContent()).toBe('Раздел второй');
    // Typed markup is text, never markup.
    expect(await page.locator('.eb-text p').nth(1).textContent()).toBe('Текст раздела <script>alert(1)</script>.');
    expect(await page.locator('.eb-text script').count()).toBe(0);
    expect(await page.locator('[data-testid=entry-edit]').count()).toBe(1);

    // Edit it: the editor comes back filled in, and saving keeps it published.
    await page.click('[data-testid=entry-edit]');
    await page.waitForSelector('[data-testid=editor]');
    await editorReady(page);
    expect(await page.inputValue('[data-testid=editor-title]')).toBe('Моя первая запись на Среде');
    expect(await page.locator('.codex-editor h2.ce-header').textContent()).toBe('Раздел второй');
    await page.click('[data-testid=editor-settings]');
    expect(await page.isChecked('[data-testid=editor-comments]')).toBe(false);
    await page.fill('[data-testid=editor-title]', 'Моя первая запись на Среде, исправленная');
    await page.click('[data-testid=editor-publish]');
    await page.waitForURL(/moya-pervaya-zapis-na-srede-ispravlennaya$/);
    await context.close();
  });

  it('saves a draft by itself and keeps editing the same entry', async () => {
    const writer = await registerViaApi(env.server, 'Семён Черновиков');
    const { context, page } = await newPage(env.browser);
    await signIn(context, env.server, writer.cookie);
    await open(page, `${env.server.url}/writing`);
    await editorReady(page);
    await page.fill('[data-testid=editor-title]', 'Черновик на потом');
    await page.locator('.codex-editor .ce-paragraph').first().click();
    await page.keyboard.type('Пока только мысль.');
    await page.waitForSelector('[data-testid=editor][data-status=saved]', { timeout: 15_000 });
    await page.waitForURL(/\/writing\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const check = await (
      await fetch(`${env.server.url}/v3.0/writing/get/${id}`, { headers: { cookie: writer.cookie } })
    ).json();
    expect(check.data.entry).toMatchObject({
      title: 'Черновик на потом',
      is_published: false,
      blocks: [{ type: 'text', data: { text: 'Пока только мысль.' } }],
    });
    // Saved, so leaving asks nothing.
    await page.click('.logo');
    await page.waitForURL(`${env.server.url}/`);
    expect(await page.locator('[data-testid=modal]').count()).toBe(0);

    const other = await registerViaApi(env.server, 'Чужой Читатель');
    expect((await fetch(`${env.server.url}/writing/${id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
    const published = await saveEntry(writer.cookie, { title: 'Опубликованная', entry: [], is_published: 1 });
    expect(
      (await fetch(`${env.server.url}/writing/${published.id}`, { headers: { cookie: other.cookie } })).status,
    ).toBe(403);
    expect((await fetch(`${env.server.url}/writing/abc`, { headers: { cookie: other.cookie } })).status).toBe(404);
    await context.close();
  });

  it('meets an anonymous visitor of /writing with the auth popup and reloads into the editor after sign-in', async () => {
    expect((await fetch(`${env.server.url}/writing`)).status).toBe(401);
    const writer = await registerViaApi(env.server, 'Гость Становится Автором');
    const { context, page } = await newPage(env.browser);
    await page.goto(`${env.server.url}/writing`); // the 401 error page, which opens the popup once hydrated
    await page.waitForSelector('[data-testid=error-page][data-status="401"]');
    await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
    await page.fill('[data-testid=auth-popup] input[name=email]', writer.email);
    await page.fill('[data-testid=auth-popup] input[name=password]', writer.password);
    await page.click('[data-testid=auth-submit]');
    await page.waitForSelector('[data-testid=editor]');
    expect(new URL(page.url()).pathname).toBe('/writing');
    await context.close();
  });

  it('asks before leaving unsaved changes, in the app and when the tab closes', async () => {
    const writer = await registerViaApi(env.server, 'Нина Сомневающаяся');
    // Changes to a published entry wait on the device until they are published, so they stay unsaved.
    const entry = await saveEntry(writer.cookie, {
      title: 'Уже вышла',
      entry: [{ type: 'text', data: { text: 'Первый абзац.' } }],
      is_published: 1,
    });
    const { context, page } = await newPage(env.browser);
    await signIn(context, env.server, writer.cookie);
    await open(page, `${env.server.url}/writing/${entry.id}`);
    await editorReady(page);
    await page.fill('[data-testid=editor-title]', 'Уже вышла, но что-то важное');
    await page.click('.logo');
    const modal = page.locator('[data-testid=modal]');
    await modal.waitFor();
    expect(await modal.textContent()).toContain(UNSAVED);
    await page.waitForTimeout(300); // let the modal finish fading in
    await shot(page, 'writing-unsaved-desktop');
    await page.click('[data-testid=modal-cancel]');
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/writing/${entry.id}`);
    expect(await page.inputValue('[data-testid=editor-title]')).toBe('Уже вышла, но что-то важное');

    await page.click('.logo');
    await modal.waitFor();
    await page.click('[data-testid=modal-confirm]');
    await page.waitForURL(`${env.server.url}/`);

    await open(page, `${env.server.url}/writing/${entry.id}`);
    await editorReady(page);
    await page.fill('[data-testid=editor-title]', 'Несохранённый заголовок');
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        d.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
    await context.close();
  });

  it('limits the title: counter near the limit, warning under 10, an over-long paste refused', async () => {
    const writer = await registerViaApi(env.server, 'Тимур Лимитов');
    const { context, page } = await newPage(env.browser, 375, 812);
    await signIn(context, env.server, writer.cookie);
    await open(page, `${env.server.url}/writing`);
    await editorReady(page);
    const title = page.locator('[data-testid=editor-title]');
    const counter = page.locator('[data-testid=limited-counter]');
    await title.fill('а'.repeat(99));
    expect(await counter.count()).toBe(0);
    await title.fill('а'.repeat(100));
    expect(await counter.textContent()).toBe('20');
    expect(await counter.getAttribute('class')).not.toContain('warning');
    await title.fill('а'.repeat(111));
    expect(await counter.textContent()).toBe('9');
    expect(await counter.getAttribute('class')).toContain('limited-counter--warning');
    await title.pressSequentially('бвгдеёжзийк');
    expect(await title.inputValue()).toHaveLength(120);
    await title.fill('Короткий заголовок');
    await title.evaluate((el: HTMLInputElement) => {
      el.setSelectionRange(el.value.length, el.value.length);
      const data = new DataTransfer();
      data.setData('text/plain', 'ж'.repeat(110));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.locator('[data-testid=toast]', { hasText: 'Слишком длинный текст' }).waitFor();
    expect(await title.inputValue()).toBe('Короткий заголовок');
    await title.fill('Заголовок   с   пробелами');
    await expect.poll(() => title.inputValue()).toBe('Заголовок с пробелами');
    await shot(page, 'writing-mobile');
    await context.close();
  });
});
