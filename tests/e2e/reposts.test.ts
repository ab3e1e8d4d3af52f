import { describe, expect, it } from 'vitest';
import {
  callApi,
  newPage,
  open,
  publishEntry,
  registerViaApi,
  shot,
  signedInPage,
  useSharedBrowser,
} from './harness.ts';

const env = useSharedBrowser();

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(env.server, path, cookie, body);

interface RepostItem {
  id: number;
  comment: string;
  by: { id: number; name: string; url: string };
  entry: { id: number; title: string };
}

// The seeded demo site: a fresh start shows one repost.
describe('reposts in the browser', () => {
  it('a fresh start shows the seeded repost in the reposter’s blog', async () => {
    const found: RepostItem[] = [];
    for (let id = 1; id <= 12 && !found.length; id++) {
      const res = await api<{ items: RepostItem[] }>(`/v3.0/reposts/subsite/${id}`, '');
      if (res.rc === 200) found.push(...res.data.items);
    }
    expect(found).toHaveLength(1);
    const [seeded] = found;
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(env.browser, width, 900);
      await open(page, env.server.url + seeded.by.url);
      const card = page.locator(`[data-testid=repost-card][data-id="${seeded.id}"]`);
      await card.getByText(seeded.comment).waitFor();
      await card.locator(`[data-testid=entry-card][data-id="${seeded.entry.id}"]`).waitFor();
      expect(await card.locator('.repost-card__label').textContent()).toBe('репост');
      await card.scrollIntoViewIfNeeded();
      await shot(page, `reposts-seeded-blog-${width}`);
      await context.close();
    }
  });

  it('a reader reposts an entry into a community they run with a comment; the author is told; undo drops the count', async () => {
    const author = await registerViaApi(env.server, 'Автор Записи');
    const reader = await registerViaApi(env.server, 'Ольга Репостова');
    const club = await api<{ id: number }>('/v3.0/subsite/create', reader.cookie, {
      name: 'Клуб читателей',
      slug: `reposts-club-${Date.now()}`,
      description: 'Сообщество, куда репостят хорошее',
    });
    expect(club.rc, JSON.stringify(club)).toBe(200);
    const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
      title: 'Как мы считали репосты',
      entry: [{ type: 'text', data: { text: 'Счётчик меняется в той же транзакции, что и строка репоста.' } }],
      is_published: 1,
    });
    expect(saved.rc, JSON.stringify(saved)).toBe(200);
    const entry = saved.data.entry;

    const { context, page } = await signedInPage(env.browser, env.server, reader.cookie, 1280, 900);
    await open(page, env.server.url + entry.url);
    const widget = page.locator('main [data-testid=repost-button]').first();
    await widget.click();
    const dialog = page.getByTestId('repost-dialog');
    await expect.poll(() => dialog.getByTestId('repost-target').count()).toBe(2);
    await dialog.getByText('Клуб читателей').click();
    await dialog.getByTestId('repost-comment').fill('Обязательно к прочтению');
    await shot(page, 'reposts-dialog-1280');
    await dialog.getByTestId('repost-submit').click();
    await expect.poll(() => widget.getByTestId('repost-count').textContent()).toBe('1');

    // The community's feed: the «репост» line with who reposted and the comment, then the original's card.
    const clubUrl = (await api<{ items: { subsite: { url: string } }[] }>(`/v3.0/reposts/subsite/${club.data.id}`, ''))
      .data.items[0].subsite.url;
    await open(page, env.server.url + clubUrl);
    const card = page.locator('[data-testid=repost-card]').first();
    await card.getByText('Обязательно к прочтению').waitFor();
    await card.getByText('Ольга Репостова').waitFor();
    await card.locator(`[data-testid=entry-card][data-id="${entry.id}"]`).getByText('Как мы считали репосты').waitFor();
    await shot(page, 'reposts-community-feed-1280');

    // The author hears of it.
    await expect
      .poll(async () => {
        const res = await api<{ items: { type: string; text: string }[] }>('/v3.0/notifications', author.cookie);
        return res.data.items.filter((n) => n.type === 'repost').map((n) => n.text);
      })
      .toEqual(['Ольга Репостова сделала репост вашей записи «Как мы считали репосты»']);

    // Reposting twice into the community is refused with the catalogue's text.
    const twice = await api('/v3.0/repost/create', reader.cookie, { entry_id: entry.id, subsite_id: club.data.id });
    expect(twice).toMatchObject({ rc: 409, rm: 'Эта запись уже репостнута в этот подсайт' });

    // The phone: the feed card and the dialog, then undo from it.
    const phone = await signedInPage(env.browser, env.server, reader.cookie, 375, 812);
    await open(phone.page, env.server.url + clubUrl);
    await phone.page.locator('[data-testid=repost-card]').first().getByText('Обязательно к прочтению').waitFor();
    await shot(phone.page, 'reposts-community-feed-375');
    await open(phone.page, env.server.url + entry.url);
    const phoneWidget = phone.page.locator('main [data-testid=repost-button]').first();
    await phoneWidget.click();
    const undo = phone.page.getByTestId('repost-dialog').getByTestId('repost-undo');
    await undo.waitFor();
    await shot(phone.page, 'reposts-dialog-375');
    await undo.click();
    await expect.poll(() => phoneWidget.getByTestId('repost-count').count()).toBe(0);
    const left = await api<{ items: RepostItem[] }>(`/v3.0/reposts/subsite/${club.data.id}`, '');
    expect(left.data.items).toEqual([]);
    await phone.context.close();
    await context.close();
  });

  it('a blog with more than a page of reposts shows them all; the entry page lists who reposted it', async () => {
    const authors = [
      await registerViaApi(env.server, 'Автор Стопки'),
      await registerViaApi(env.server, 'Автор Второй Стопки'),
    ];
    const reposter = await registerViaApi(env.server, 'Собиратель Репостов');
    await publishEntry(env.server, reposter.cookie, 'Своя запись собирателя');
    const made: { id: number; url: string }[] = [];
    for (let i = 0; i < 22; i++) {
      const e = await publishEntry(env.server, authors[i % 2]!.cookie, `Запись в стопке ${i + 1}`);
      const res = await api('/v3.0/repost/create', reposter.cookie, {
        entry_id: e.id,
        subsite_id: reposter.id,
        ...(i === 21 ? { comment: 'Последний репост' } : {}),
      });
      expect(res.rc, JSON.stringify(res)).toBe(200);
      made.push(e);
    }
    const { context, page } = await newPage(env.browser, 1280, 900);
    await open(page, `${env.server.url}/u/${reposter.id}`);
    // The first page of reposts holds 20: the two oldest come from the next page, read as the feed goes on.
    await page.locator('[data-testid=repost-card]').nth(21).waitFor();
    expect(await page.locator('[data-testid=repost-card]').count()).toBe(22);
    await page.locator(`[data-testid=repost-card] [data-testid=entry-card][data-id="${made[0]!.id}"]`).waitFor();
    await context.close();

    for (const width of [1280, 375]) {
      const { context, page } = await newPage(env.browser, width, 900);
      await open(page, env.server.url + new URL(made[21]!.url, env.server.url).pathname);
      const who = page.getByTestId('who-reposted');
      await who.waitFor();
      expect(await who.getByTestId('who-reposted-item').count()).toBe(1);
      expect(await who.textContent()).toContain('Собиратель Репостов');
      await who.scrollIntoViewIfNeeded();
      await shot(page, `who-reposted-${width}`);
      await context.close();
    }
  });
});
