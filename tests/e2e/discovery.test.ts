import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

/** Discovery in a real browser: a hashtag from an entry to its feed and its mute, feed tuning, the directory pages. */
const env = useSharedBrowser();

const cardIds = (page: Page) =>
  page.locator('[data-testid=entry-card]').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.id)));

describe('hashtags', () => {
  it('opens a tag from an entry, mutes it, and its entries leave the reader’s feeds', async () => {
    const reader = await registerViaApi(env.server, 'Любитель Тегов');
    const tagged = await callApi<{ items: { id: number; url: string }[] }>(
      env.server,
      '/v3.0/feed?sorting=date&hashtag=postgres',
    );
    expect(tagged.data.items.length).toBeGreaterThan(0);
    const entry = tagged.data.items[0];

    const { context, page } = await signedInPage(env.browser, env.server, reader.cookie);
    await open(page, env.server.url + entry.url);
    const link = page.locator('[data-testid=entry-blocks] a.hashtag[data-hashtag=postgres]');
    await link.click();
    await page.waitForURL(/\/tag\/postgres$/);
    await page.waitForSelector('[data-testid=tag-page][data-tag=postgres] [data-testid=entry-card]');
    expect(await cardIds(page)).toContain(entry.id);
    await shot(page, 'tag-desktop');

    await page.click('[data-testid=hashtag-mute]');
    await page.waitForSelector('[data-testid=hashtag-mute][aria-pressed=true]');
    await page.waitForSelector('.disc-notice');
    // The tag's own page still shows it; every other feed of this reader does not.
    expect(await cardIds(page)).toContain(entry.id);
    for (const q of ['sorting=date', 'sorting=date&all=1', 'sorting=hotness']) {
      const ids = await page.evaluate(
        (query) =>
          fetch(`/v3.0/feed?${query}&count=50`)
            .then((r) => r.json())
            .then((r) => r.data.items.map((e: { id: number }) => e.id)),
        q,
      );
      expect(ids, q).not.toContain(entry.id);
    }
    await open(page, `${env.server.url}/new`);
    await page.waitForSelector('[data-testid=entry-card]');
    expect(await cardIds(page)).not.toContain(entry.id);
    await context.close();

    const phone = await signedInPage(env.browser, env.server, reader.cookie, 375, 812);
    await open(phone.page, `${env.server.url}/tag/postgres`);
    await phone.page.waitForSelector('[data-testid=hashtag-mute][aria-pressed=true]');
    await shot(phone.page, 'tag-mobile');
    await phone.context.close();

    // The editor suggests tags while the author types one.
    const writer = await signedInPage(env.browser, env.server, reader.cookie);
    await open(writer.page, `${env.server.url}/writing`);
    await editorReady(writer.page);
    await writer.page.locator('.codex-editor .ce-paragraph').first().click();
    await writer.page.keyboard.type('Пишу про #post');
    await writer.page.waitForSelector('[data-testid=hashtag-suggest-item]:has-text("#postgres")');
    await shot(writer.page, 'hashtag-suggest-desktop');
    await writer.page.keyboard.press('Enter');
    await writer.page.waitForSelector('[data-testid=hashtag-suggest]', { state: 'detached' });
    await expect
      .poll(() => writer.page.locator('.codex-editor .ce-paragraph').first().textContent())
      .toMatch(/^Пишу про #postgres\s$/);
    await writer.context.close();
  });
});

describe('feed tuning', () => {
  it('a new reader is offered the tuning popup on their feed, picks communities and reads them', async () => {
    const reader = await registerViaApi(env.server, 'Новый Читатель');
    const { context, page } = await signedInPage(env.browser, env.server, reader.cookie);
    await open(page, `${env.server.url}/my/new`);
    await page.waitForSelector('[data-testid=tune-popup] [data-testid=tune-item]');
    await shot(page, 'tune-popup-desktop');
    const items = page.locator('[data-testid=tune-item]');
    const first = Number(await items.nth(0).getAttribute('data-id'));
    const second = Number(await items.nth(1).getAttribute('data-id'));
    await items.nth(0).click();
    await items.nth(1).click();
    await page.click('[data-testid=tune-save]');
    await page.waitForSelector('[data-testid=tune-popup]', { state: 'detached' });
    await page.waitForSelector('[data-testid=feed][data-scope=my] [data-testid=entry-card]');
    const me = await callApi<{ user: { is_subsites_tuned: boolean; subscribed_ids: number[] } }>(
      env.server,
      '/v3.0/auth/check',
      reader.cookie,
    );
    expect(me.data.user.is_subsites_tuned).toBe(true);
    expect(me.data.user.subscribed_ids).toEqual(expect.arrayContaining([first, second]));
    // Tuned: not offered again, even in a new session.
    await context.close();
    const again = await signedInPage(env.browser, env.server, reader.cookie);
    await open(again.page, `${env.server.url}/my/new`);
    await again.page.waitForSelector('[data-testid=entry-card]');
    expect(await again.page.locator('[data-testid=tune-popup]').count()).toBe(0);
    await again.context.close();

    const other = await registerViaApi(env.server, 'Читатель С Телефона');
    const phone = await signedInPage(env.browser, env.server, other.cookie, 375, 812);
    await open(phone.page, `${env.server.url}/my/new`);
    await phone.page.waitForSelector('[data-testid=tune-popup] [data-testid=tune-item]');
    await shot(phone.page, 'tune-popup-mobile');
    await phone.page.click('[data-testid=tune-skip]');
    await phone.page.waitForSelector('[data-testid=tune-popup]', { state: 'detached' });
    await phone.context.close();
  });
});

describe('rating, companies, statistics', () => {
  it('render with data at 1280 and 375 px', async () => {
    for (const [width, height, suffix] of [
      [1280, 900, 'desktop'],
      [375, 812, 'mobile'],
    ] as const) {
      const { context, page } = await newPage(env.browser, width, height);
      await open(page, `${env.server.url}/rating?kind=users&period=all`);
      expect(await page.locator('[data-testid=rating-row]').count()).toBeGreaterThan(0);
      await shot(page, `rating-${suffix}`);
      await open(page, `${env.server.url}/rating?kind=subsites&period=all`);
      expect(await page.locator('[data-testid=rating-row]').count()).toBeGreaterThan(0);

      await open(page, `${env.server.url}/companies`);
      expect(await page.locator('[data-testid=company]').count()).toBe(2);
      await shot(page, `companies-${suffix}`);

      await open(page, `${env.server.url}/stats`);
      await page.waitForSelector('[data-testid=chart][data-ready="1"] canvas');
      expect(await page.locator('[data-testid=chart]').count()).toBe(4);
      await shot(page, `stats-${suffix}`, true);
      await context.close();
    }
  });
});
