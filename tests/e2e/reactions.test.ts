import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callApi, newPage, open, registerViaApi, shot, signIn, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();

const summOf = async (votes: Locator) =>
  Number((await votes.locator('[data-testid=vote-summ]').textContent())!.replace('+', '').replace('−', '-'));
/** Vote counters on cards fold about once a second: reload until the card shows `summ`. */
async function reloadUntil(page: Page, card: () => Locator, summ: number) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.waitForSelector('html[data-ready]', { state: 'attached' });
        return summOf(card().locator('[data-testid=votes]'));
      },
      { timeout: 30_000, interval: 1100 },
    )
    .toBe(summ);
}

/** Each share service shows the network's drawn mark (an inline SVG, no letters) and its whole name, unclipped. */
async function expectShareMarks(page: Page) {
  const services = page.locator('[data-testid=share-service]');
  for (let i = 0; i < (await services.count()); i++) {
    const service = services.nth(i);
    expect(await service.locator('.share__mark svg path').count()).toBe(1);
    expect(await service.locator('.share__mark').textContent()).toBe('');
    const name = service.locator('.share__name');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
}

describe('reactions in the browser', () => {
  it('votes on a feed card as an anonymous reader: sign-in popup, the vote completes, and it stays after a reload', async () => {
    const reader = await registerViaApi(env.server, 'Анна Читатель');
    const { context, page } = await newPage(env.browser);
    await open(page, env.server.url);
    const card = () => page.locator('[data-testid=entry-card]').first();
    const id = await card().getAttribute('data-id');
    const cardById = () => page.locator(`[data-testid=entry-card][data-id="${id}"]`);
    const votes = cardById().locator('[data-testid=votes]');
    const before = await summOf(votes);
    await shot(page, 'reactions-feed-desktop');

    await votes.locator('[data-testid=vote-up]').click();
    await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
    await page.fill('[data-testid=auth-popup] input[name=email]', reader.email);
    await page.fill('[data-testid=auth-popup] input[name=password]', reader.password);
    await page.click('[data-testid=auth-submit]');
    await page.waitForSelector('[data-testid=account-menu]');
    await page.waitForSelector(`[data-testid=entry-card][data-id="${id}"] [data-testid=votes][data-liked="1"]`);
    expect(await summOf(cardById().locator('[data-testid=votes]'))).toBe(before + 1);
    expect(await cardById().locator('[data-testid=vote-up]').getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'reactions-voted-desktop');

    await reloadUntil(page, cardById, before + 1);
    expect(await cardById().locator('[data-testid=votes]').getAttribute('data-liked')).toBe('1');

    // Pressing the same arrow again takes the vote back.
    await cardById().locator('[data-testid=vote-up]').click();
    await page.waitForSelector(`[data-testid=entry-card][data-id="${id}"] [data-testid=votes][data-liked="0"]`);
    expect(await summOf(cardById().locator('[data-testid=votes]'))).toBe(before);
    await context.close();
  });

  it("a draft's page asks for no view: no /v3.0/hit/ request, no 404 in the console", async () => {
    const writer = await registerViaApi(env.server, 'Дина Черновикова');
    const saved = await callApi<{ entry: { url: string } }>(env.server, '/v3.0/writing/save', writer.cookie, {
      title: 'Черновик без просмотров',
      entry: [{ type: 'text', data: { text: 'Ещё пишется.' } }],
      is_published: 0,
    });
    const { context, page } = await newPage(env.browser);
    await signIn(context, env.server, writer.cookie);
    const hits: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => void (r.url().includes('/v3.0/hit/') && hits.push(r.url())));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await open(page, env.server.url + saved.data.entry.url);
    // The page is hydrated, so the footer's effects (where a view is sent) have run.
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await page.locator('[data-testid=entry-footer] [data-testid=hit-counter]').waitFor();
    expect(hits).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('votes on the entry page, counts the view once, and keeps both after a reload', async () => {
    const reader = await registerViaApi(env.server, 'Борис Читатель');
    const { context, page } = await newPage(env.browser);
    await signIn(context, env.server, reader.cookie);
    await open(page, env.server.url);
    const url = await page.locator('[data-testid=entry-card] .entry-card-body').nth(1).getAttribute('href');
    const hit = page.waitForResponse((r) => r.url().includes('/v3.0/hit/'));
    await open(page, env.server.url + url!);
    const hitJson = await (await hit).json();
    expect(hitJson.data.is_hited).toBe(true);
    const views = page.locator('[data-testid=entry-footer] [data-testid=hit-counter]');
    await expect.poll(() => views.getAttribute('data-value')).toBe(String(hitJson.data.value));
    expect(hitJson.data.value).toBeGreaterThanOrEqual(1);

    const footer = page.locator('[data-testid=entry-footer]');
    const before = await summOf(footer.locator('[data-testid=votes]'));
    await footer.locator('[data-testid=vote-down]').click();
    await page.waitForSelector('[data-testid=entry-footer] [data-testid=votes][data-liked="-1"]');
    expect(await summOf(footer.locator('[data-testid=votes]'))).toBe(before - 1);
    expect(await footer.locator('.votes__summ').evaluate((el) => getComputedStyle(el).color)).not.toBe('');
    await shot(page, 'reactions-entry-desktop');

    // A second view the same day counts nothing.
    const again = page.waitForResponse((r) => r.url().includes('/v3.0/hit/'));
    await page.reload();
    expect((await (await again).json()).data.is_hited).toBe(false);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForSelector('html[data-ready]', { state: 'attached' });
          return summOf(page.locator('[data-testid=entry-footer] [data-testid=votes]'));
        },
        { timeout: 30_000, interval: 1100 },
      )
      .toBe(before - 1);
    expect(await page.locator('[data-testid=entry-footer] [data-testid=votes]').getAttribute('data-liked')).toBe('-1');
    await context.close();
  });

  it('bookmarks an entry from the feed and finds it on /bookmarks; anonymous readers are asked to sign in', async () => {
    const reader = await registerViaApi(env.server, 'Вера Читатель');
    const anon = await newPage(env.browser);
    await anon.page.goto(`${env.server.url}/bookmarks`);
    await anon.page.waitForSelector('[data-testid=error-page][data-status="401"]');
    await anon.page.waitForSelector('[data-testid=auth-popup]');
    await anon.context.close();

    const { context, page } = await newPage(env.browser);
    await signIn(context, env.server, reader.cookie);
    await open(page, `${env.server.url}/bookmarks`);
    await page.waitForSelector('[data-testid=bookmarks-empty]');

    await open(page, env.server.url);
    const card = page.locator('[data-testid=entry-card]').nth(2);
    const id = await card.getAttribute('data-id');
    const title = (await card.locator('.entry-card-title').textContent())!;
    await card.locator('[data-testid=bookmark-button]').click();
    await page.waitForSelector(
      `[data-testid=entry-card][data-id="${id}"] [data-testid=bookmark-button][aria-pressed=true]`,
    );
    expect(Number(await card.locator('[data-testid=bookmark-count]').textContent())).toBeGreaterThanOrEqual(1);

    await open(page, `${env.server.url}/bookmarks`);
    const saved = page.locator('[data-testid=bookmarks] [data-testid=entry-card]');
    await saved.first().waitFor();
    expect(await saved.count()).toBe(1);
    expect(await saved.first().getAttribute('data-id')).toBe(id);
    expect(await saved.first().locator('.entry-card-title').textContent()).toBe(title);
    await shot(page, 'reactions-bookmarks-desktop');

    await page.click('[data-testid=bookmarks-tab-comments]');
    await page.waitForSelector('[data-testid=bookmarks][data-tab=comments]');
    await page.waitForSelector('[data-testid=bookmarks-empty]');

    // A bookmarked comment links to its place in the entry.
    const comments = await (await fetch(`${env.server.url}/v3.0/comments?content_id=${id}&sorting=date`)).json();
    const commentId = comments.data.items[0].id as number;
    const res = await fetch(`${env.server.url}/v3.0/favorite/change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie: reader.cookie },
      body: JSON.stringify({ id: commentId, type: 'comment', state: 1 }),
    });
    expect((await res.json()).rc).toBe(200);
    await page.reload();
    const item = page.locator(`[data-testid=bookmarked-comment][data-id="${commentId}"]`);
    await item.waitFor();
    expect(await item.locator('[data-testid=bookmarked-comment-entry]').textContent()).toContain(title);
    await shot(page, 'reactions-bookmarked-comments-desktop');
    await item.locator('[data-testid=bookmarked-comment-entry]').click();
    await page.waitForURL((u) => u.searchParams.get('comment') === String(commentId));
    await context.close();
  });

  it('opens the share dialog, copies the link and lists the share services', async () => {
    const { context, page } = await newPage(env.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await open(page, env.server.url);
    const card = page.locator('[data-testid=entry-card]').first();
    const href = await card.locator('.entry-card-body').getAttribute('href');
    await card.locator('[data-testid=share-button]').click();
    await page.waitForSelector('[data-testid=popup][data-kind=share]');
    await expect.poll(() => page.locator('[data-testid=share-service]').count()).toBe(6);
    expect(await page.locator('[data-testid=share-url]').inputValue()).toBe(env.server.url + href);
    expect(await page.locator('[data-testid=share-service]').allTextContents()).toEqual([
      'ВКонтакте',
      'Telegram',
      'Одноклассники',
      'WhatsApp',
      'X',
      'Почта',
    ]);
    await expectShareMarks(page);
    await shot(page, 'reactions-share-desktop');

    await page.click('[data-testid=share-copy]');
    await page.locator('[data-testid=toast]', { hasText: 'Ссылка скопирована' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(env.server.url + href);

    // A share service opens in a 600x450 window (the test answers for the service: no internet here).
    await context.route('https://t.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Telegram</p>' }),
    );
    const popupPage = context.waitForEvent('page');
    await page.locator('[data-testid=share-service][data-service=telegram]').click();
    const opened = await popupPage;
    expect(opened.url()).toContain('t.me/share/url?url=' + encodeURIComponent(env.server.url + href));
    expect(await opened.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 450]);
    await opened.close();
    await context.close();
  });

  it('votes on a comment', async () => {
    const reader = await registerViaApi(env.server, 'Глеб Читатель');
    const { context, page } = await newPage(env.browser);
    await signIn(context, env.server, reader.cookie);
    await open(page, env.server.url);
    const withComments = page
      .locator('[data-testid=entry-card]')
      .filter({ has: page.locator('[data-testid=entry-footer-comments] span') })
      .first();
    await open(page, env.server.url + (await withComments.locator('.entry-card-body').getAttribute('href')));
    const votes = page.locator('[data-testid=comment] [data-testid=votes]').first();
    await votes.waitFor();
    const before = await summOf(votes);
    await votes.locator('[data-testid=vote-up]').click();
    await expect.poll(() => votes.getAttribute('data-liked')).toBe('1');
    expect(await summOf(votes)).toBe(before + 1);
    await context.close();
  });

  it('fits a 375 px phone: feed footer, entry footer, share dialog and bookmarks', async () => {
    const reader = await registerViaApi(env.server, 'Дина Читатель');
    const { context, page } = await newPage(env.browser, 375, 812);
    await signIn(context, env.server, reader.cookie);
    await open(page, env.server.url);
    const footer = page.locator('[data-testid=entry-card] [data-testid=entry-footer]').first();
    const box = await footer.boundingBox();
    const cardBox = await page.locator('[data-testid=entry-card]').first().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
    expect(box!.height).toBeLessThan(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.locator('[data-testid=entry-card]').first().locator('[data-testid=bookmark-button]').click();
    await page.waitForSelector('[data-testid=entry-card] [data-testid=bookmark-button][aria-pressed=true]');
    await shot(page, 'reactions-feed-mobile');

    await page.locator('[data-testid=entry-card]').first().locator('[data-testid=share-button]').click();
    await expect.poll(() => page.locator('[data-testid=share-service]').count()).toBe(6);
    await expectShareMarks(page);
    await shot(page, 'reactions-share-mobile');
    await page.click('[data-testid=popup-close]');

    await open(
      page,
      env.server.url + (await page.locator('[data-testid=entry-card] .entry-card-body').first().getAttribute('href')),
    );
    await page.locator('[data-testid=entry-footer]').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'reactions-entry-mobile');

    await open(page, `${env.server.url}/bookmarks`);
    await page.locator('[data-testid=bookmarks] [data-testid=entry-card]').first().waitFor();
    await shot(page, 'reactions-bookmarks-mobile');
    await context.close();
  });
});
