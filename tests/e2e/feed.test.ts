import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, open, shot, startServer, type Server } from './harness.ts';
import { FEED_SERVER_CARDS } from '../../src/shared/feed.ts';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  // Its own server: the tests read the home feed's first cards, which other files on a shared server would change.
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let seq = 0;
/** A fresh account, signed in within this browser context (the API sets the session cookie). */
async function signUp(page: Page) {
  seq += 1;
  await open(page, `${server.url}/`);
  const res = await page.evaluate(async (n) => {
    const r = await fetch('/v3.0/auth/simple/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1' },
      body: JSON.stringify({
        values: {
          name: `Читатель ${n}`,
          email: `reader-${n}-${Date.now()}@example.ru`,
          password: 'надёжный пароль 123',
        },
      }),
    });
    return r.json();
  }, seq);
  expect(res.rc).toBe(200);
  return res.data.user as { id: number };
}

const cards = (page: Page) => page.locator('[data-testid=entry-card]');
const cardIds = (page: Page) => cards(page).evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.id)));

describe('reading feeds', () => {
  it('renders the first page on the server and loads more while the reader scrolls', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect((html.match(/data-testid="entry-card"/g) ?? []).length).toBe(20);
    expect(html).toContain('rel="canonical"');

    const { context, page } = await newPage(browser);
    await open(page, server.url);
    await shot(page, 'feed-desktop');
    expect(await cards(page).count()).toBe(20);
    // The demo's cards carry pictures (a page of 20 is ~12 000 px): the reader scrolls on until the feed ends.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return page.locator('[data-testid=feed-finished]').count();
      })
      .toBe(1);
    const ids = await cardIds(page);
    expect(ids.length).toBeGreaterThan(40);
    expect(new Set(ids).size).toBe(ids.length);
    await context.close();
  });

  it("draws a signed-in reader's first screen on the server and the rest of the first page after hydration", async () => {
    const { context, page } = await newPage(browser);
    await signUp(page);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const html = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
    expect((html.match(/data-testid="entry-card"/g) ?? []).length).toBe(FEED_SERVER_CARDS);
    await open(page, server.url);
    await expect.poll(() => cards(page).count()).toBe(20);
    await context.close();
  });

  it('preloads the next page while the end is still two screens away', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, server.url);
    const feedBottom = await page
      .locator('[data-testid=feed-list]')
      .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    // Stop a little more than two screens above the end: the next page must come without reaching it.
    await page.evaluate((y) => window.scrollTo(0, y), feedBottom - 900 - 2 * 900 + 100);
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBeGreaterThan(20);
    await context.close();
  });

  it('switches sortings with tabs, each with its own address', async () => {
    const { context, page } = await newPage(browser);
    await open(page, `${server.url}/`);
    await page.click('[data-testid=feed-tab][data-sorting=date]');
    await page.waitForURL(/\/new$/);
    await page.waitForSelector('[data-testid=feed][data-sorting=date]');
    const dates = await page
      .locator('[data-testid=entry-card] time')
      .evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime')!)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    await page.click('[data-testid=feed-tab][data-sorting=day]');
    await page.waitForURL(/\/top\/day$/);
    await page.click('[data-testid=feed-period][data-sorting=month]');
    await page.waitForURL(/\/top\/month$/);
    await page.waitForSelector('[data-testid=feed][data-sorting=month]');
    await page.click('[data-testid=feed-scope]');
    await page.waitForURL(/\/all\/top\/month$/);
    await page.waitForSelector('[data-testid=feed][data-scope=all]');
    expect(await cards(page).count()).toBeGreaterThan(0);
    // The year has no /all page (spec/content.md §2).
    expect((await fetch(`${server.url}/all/top/year`)).status).toBe(404);
    expect((await fetch(`${server.url}/top/never`)).status).toBe(404);
    await context.close();
  });

  it('comes back from an entry to the same card with ?to={id}', async () => {
    const { context, page } = await newPage(browser);
    await open(page, `${server.url}/new`);
    // Down to where the next page comes (the pictured cards make a page ~12 000 px tall).
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return cards(page).count();
      })
      .toBeGreaterThan(24);
    const target = cards(page).nth(24);
    const id = Number(await target.getAttribute('data-id'));
    await target.locator('.entry-card-title').click();
    await page.waitForURL((u) => /\/\d+-/.test(u.pathname));
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('to') === String(id));
    const card = page.locator(`[data-testid=entry-card][data-id="${id}"]`);
    await card.waitFor();
    await expect
      .poll(() =>
        card.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.top < window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await cards(page).count()).toBeGreaterThanOrEqual(25);

    // A reload keeps it too: the pages live in sessionStorage.
    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await card.waitFor();
    await expect
      .poll(() =>
        card.evaluate(
          (el) => el.getBoundingClientRect().top < window.innerHeight && el.getBoundingClientRect().bottom > 0,
        ),
      )
      .toBe(true);
    await context.close();
  });

  it('shows the /new badge with entries since the last visit, and clears it on /new', async () => {
    const { context, page } = await newPage(browser);
    const threeDaysAgo = Math.floor(Date.now() / 1000) - 3 * 86400;
    await context.addCookies([{ name: 'last-recent-seen', value: String(threeDaysAgo), url: server.url }]);
    await open(page, `${server.url}/`);
    const badge = page.locator('[data-testid=new-badge]');
    await badge.waitFor();
    const count = Number(await badge.textContent());
    expect(count).toBeGreaterThan(0);
    const api = await page.evaluate(
      (s) => fetch(`/v3.0/feed/recent_count?since=${s}`).then((r) => r.json()),
      threeDaysAgo,
    );
    expect(api.data.count).toBe(count);
    await shot(page, 'feed-new-badge-desktop');
    // The sidebar's and the cards' links are plain anchors whose clicks the shell hands to the router: the page
    // stays (no new document) and the current section moves.
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    const samePage = () => page.evaluate(() => (window as { samePage?: boolean }).samePage === true);
    await page.click('[data-testid=sidebar-link][href="/new"]');
    await page.waitForURL(/\/new$/);
    await badge.waitFor({ state: 'detached' });
    expect(await samePage()).toBe(true);
    expect(await page.locator('[data-testid=sidebar-link][aria-current=page]').getAttribute('href')).toBe('/new');
    // The badge goes at once; the new time comes with the answer of initialData, a moment later on a busy machine.
    const seen = async () => (await context.cookies()).find((c) => c.name === 'last-recent-seen')!;
    await expect.poll(async () => Number((await seen()).value)).toBeGreaterThan(threeDaysAgo + 86400);
    const cookie = await seen();
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86400_000);
    const title = page.locator('[data-testid=entry-card] .entry-card-body').first();
    const href = (await title.getAttribute('href'))!;
    await title.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.waitForSelector(`[data-testid=entry][data-id="${/\/(\d+)[^/]*$/.exec(href)![1]}"]`);
    expect(await samePage()).toBe(true);
    await context.close();
  });

  it('does what the address asks through initialData: /popular?authForm=1 opens the sign-in form, ?notify= a message', async () => {
    const { context, page } = await newPage(browser);
    await open(page, `${server.url}/popular?authForm=1`);
    await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
    // Done once: the address no longer asks for it, so a reload does not open it again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // A sign-in window with no page to report to lands on the site with the message.
    await open(page, `${server.url}/?notify=signedIn&x=1`);
    await page.waitForSelector('[data-testid=toast]:has-text("Вы вошли в аккаунт")');
    expect(new URL(page.url()).search).toBe('?x=1');
    await context.close();
  });
});

describe('the entry stub', () => {
  it('hides an entry, offers the other options, and cancelling brings the card back', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page);
    await open(page, `${server.url}/new`);
    const first = cards(page).first();
    const id = Number(await first.getAttribute('data-id'));
    await first.locator('[data-testid=entry-menu]').click();
    await page.locator('[data-testid=popover-item]', { hasText: 'Скрыть' }).click();
    const stub = page.locator(`[data-testid=entry-card][data-id="${id}"] [data-testid=entry-stub]`);
    await stub.waitFor();
    expect(await stub.locator('[data-option=hide]').getAttribute('data-state')).toBe('2');
    expect(await stub.locator('[data-option=author]').getAttribute('data-state')).toBe('1');
    await shot(page, 'entry-stub-desktop');

    // Hidden on the server: a reload leaves it out.
    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(await cardIds(page)).not.toContain(id);

    // Hide another one, also ignore its author from the stub, then undo both.
    const next = cards(page).first();
    const nextId = Number(await next.getAttribute('data-id'));
    await next.locator('[data-testid=entry-menu]').click();
    await page.locator('[data-testid=popover-item]', { hasText: 'Скрыть' }).click();
    const nextStub = page.locator(`[data-testid=entry-card][data-id="${nextId}"] [data-testid=entry-stub]`);
    await nextStub.locator('[data-option=author] [data-testid=stub-offer]').click();
    await nextStub.locator('[data-option=author][data-state="2"]').waitFor();
    const ignored = await page.evaluate(() => fetch('/v3.0/auth/check').then((r) => r.json()));
    expect(ignored.data.user.ignored_ids.length).toBe(1);
    await nextStub.locator('[data-option=author] [data-testid=stub-cancel]').click();
    await nextStub.locator('[data-option=author][data-state="1"]').waitFor();
    await nextStub.locator('[data-option=hide] [data-testid=stub-cancel]').click();
    await page.locator(`[data-testid=entry-card][data-id="${nextId}"] .entry-card-title`).waitFor();
    await page.reload();
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(await cardIds(page)).toContain(nextId);
    const after = await page.evaluate(() => fetch('/v3.0/auth/check').then((r) => r.json()));
    expect(after.data.user.ignored_ids).toEqual([]);
    await context.close();
  });

  it('works on a 375 px phone', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    await signUp(page);
    await open(page, `${server.url}/`);
    await shot(page, 'feed-mobile');
    const first = cards(page).first();
    await first.locator('[data-testid=entry-menu]').click();
    await page.waitForSelector('[data-testid=popover]');
    await shot(page, 'entry-menu-mobile');
    await page.locator('[data-testid=popover-item]', { hasText: 'Игнорировать подсайт' }).click();
    await first.locator('[data-testid=entry-stub]').waitFor();
    await shot(page, 'entry-stub-mobile');
    await first.locator('[data-option=subsite] [data-testid=stub-cancel]').click();
    await first.locator('.entry-card-title').waitFor();
    await context.close();
  });
});

describe('subsites', () => {
  it('subscribing to a community brings its entries to /my/new; the bell and mute work on its page', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page);
    await open(page, `${server.url}/my/new`);
    await page.waitForSelector('[data-testid=feed-empty]');
    await shot(page, 'feed-my-empty-desktop');

    await open(page, `${server.url}/s/games`);
    await page.waitForSelector('[data-testid=subsite-header]');
    const name = await page.locator('[data-testid=subsite-name]').textContent();
    const subscribers = await page.locator('[data-testid=subscribers-count]').textContent();
    expect(await page.locator('[data-testid=notify-button]').count()).toBe(0);
    await page.click('[data-testid=subsite-header] [data-testid=subscribe-button]');
    await page.waitForSelector('[data-testid=subsite-header] [data-testid=subscribe-button][aria-pressed=true]');
    await expect.poll(() => page.locator('[data-testid=subscribers-count]').textContent()).not.toBe(subscribers);
    // The sidebar shows the same subscription.
    const sidebarButton = page.locator(
      '[data-testid=sidebar-subsite] [data-testid=subscribe-button][aria-pressed=true]',
    );
    expect(await sidebarButton.count()).toBe(1);

    await page.click('[data-testid=notify-button]');
    await page.waitForSelector('[data-testid=notify-button][aria-pressed=true]');
    await shot(page, 'subsite-desktop');

    await page.click('[data-testid=subsite-menu]');
    await page.locator('[data-testid=popover-item]', { hasText: 'Скрыть из лент' }).click();
    await page.waitForSelector('[data-testid=muted-note]');
    await page.click('[data-testid=subsite-menu]');
    await page.locator('[data-testid=popover-item]', { hasText: 'Вернуть в ленты' }).click();
    await page.waitForSelector('[data-testid=muted-note]', { state: 'detached' });

    await page.click('[data-testid=sidebar-link][href="/my/new"]');
    await page.waitForURL(/\/my\/new$/);
    await page.waitForSelector('[data-testid=feed][data-scope=my] [data-testid=entry-card]');
    const subsites = await page.locator('.entry-card-subsite-name').allTextContents();
    expect(subsites.length).toBeGreaterThan(0);
    expect(new Set(subsites)).toEqual(new Set([name]));
    await shot(page, 'feed-my-desktop');

    // Unsubscribing drops the bell with the subscription.
    await open(page, `${server.url}/s/games`);
    await page.click('[data-testid=subsite-header] [data-testid=subscribe-button]');
    await page.waitForSelector('[data-testid=notify-button]', { state: 'detached' });
    await context.close();
  });

  it('a blog answers at its canonical address; other spellings redirect, unknown subsites are 404', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    await open(page, `${server.url}/`);
    const authorUrl = await page.locator('.entry-card-author').first().getAttribute('href');
    const id = /^\/u\/(\d+)/.exec(authorUrl!)![1];
    const res = await fetch(`${server.url}/u/${id}-wrong-slug?sorting=date`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${authorUrl}?sorting=date`);
    await open(page, `${server.url}/u/${id}`);
    expect(new URL(page.url()).pathname).toBe(authorUrl);
    await page.waitForSelector('[data-testid=subsite-header]');
    const html = await (await fetch(server.url + authorUrl)).text();
    expect(html).toContain(`<link rel="canonical" href="${server.url}${authorUrl}"/>`);
    expect(html).toContain('property="og:title"');
    await shot(page, 'subsite-blog-mobile');
    await open(page, `${server.url}/s/games?sorting=week`);
    await page.waitForSelector('[data-testid=subsite-page][data-sorting=week]');
    await shot(page, 'subsite-top-mobile');
    for (const url of ['/s/no-such-community', '/u/999999999-nobody', '/u/abc']) {
      expect((await fetch(server.url + url)).status).toBe(404);
    }
    await context.close();
  });
});

describe('the default sorting of the main page', () => {
  it('is saved from a feed tab and used by /', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page);
    // The tab `/` opens with bears a mark that is neither a link nor a button, and offers nothing.
    await open(page, `${server.url}/`);
    await page.waitForSelector('[data-testid=feed][data-sorting=hotness] [data-testid=feed-default]');
    const mark = await page.$eval('[data-testid=feed-default]', (el) => ({
      tag: el.tagName,
      inLink: Boolean(el.closest('a, button')),
      cursor: getComputedStyle(el).cursor,
    }));
    expect(mark).toMatchObject({ tag: 'SPAN', inLink: false, cursor: 'default' });
    expect(await page.locator('[data-testid=feed-save-default]').count()).toBe(0);
    await shot(page, 'feed-default-mark-1280');
    // Another tab offers to become the default: a button.
    await open(page, `${server.url}/new`);
    expect(await page.locator('[data-testid=feed-default]').count()).toBe(0);
    expect(await page.$eval('[data-testid=feed-save-default]', (el) => el.tagName)).toBe('BUTTON');
    await page.click('[data-testid=feed-save-default]');
    await page.waitForSelector('[data-testid=feed-default]');
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, `${server.url}/new`);
    await page.waitForSelector('[data-testid=feed-default]');
    await shot(page, 'feed-default-mark-375');
    await open(page, `${server.url}/`);
    await page.waitForSelector('[data-testid=feed][data-sorting=date]');
    // The popular tab now points at /popular, which keeps its own order.
    expect(await page.getAttribute('[data-testid=feed-tab][data-sorting=hotness]', 'href')).toBe('/popular');
    await context.close();
  });
});
