import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { root } from '../../scripts/ensure-build.ts';
import { launchBrowser, newPage, open, registerViaApi, shot, signIn, startServer, type Server } from './harness.ts';

let server: Server;
let browser: Browser;
let entry: { id: number; url: string };

const api = async <T>(p: string, init: RequestInit = {}) =>
  (await (await fetch(server.url + p, init)).json()) as { rc: number; rm: string; data: T };
const post = <T>(p: string, body: unknown, cookie: string) =>
  api<T>(p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie },
    body: JSON.stringify(body),
  });
/** The page's socket is up and its subscriptions (sent on connect) have had time to land. */
async function live(page: Page) {
  await page.waitForSelector('html[data-realtime=connected]', { state: 'attached' });
  await new Promise((r) => setTimeout(r, 300));
}
const summ = (page: Page) => page.locator('[data-testid=entry-footer] [data-testid=vote-summ]').textContent();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const feed = await api<{ items: { id: number; url: string; is_enabled_likes: boolean }[] }>(
    '/v3.0/feed?sorting=date',
  );
  const item = feed.data.items.find((i) => i.is_enabled_likes)!;
  entry = { id: item.id, url: server.url + item.url };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live counters in the browser', () => {
  it('a vote in one browser moves the entry rating in the other; the reader keeps their own mark', async () => {
    const [voter, reader] = await Promise.all([
      registerViaApi(server, 'Голосующий Читатель'),
      registerViaApi(server, 'Внимательный Читатель'),
    ]);
    // The reader voted up before opening the page: their mark must survive other people's votes.
    const own = await post<{ summ: number }>('/v3.0/like', { id: entry.id, type: 'content', sign: 1 }, reader.cookie);
    expect(own.rc).toBe(200);
    const start = own.data.summ;
    // The entry row's tally is folded about once a second (votes/counters.ts); the pages load after that.
    await expect
      .poll(
        async () =>
          (await api<{ entry: { likes: { summ: number } } }>(`/v3.0/entry/${entry.id}`)).data.entry.likes.summ,
      )
      .toBe(start);
    const a = await newPage(browser);
    const b = await newPage(browser, 375, 800);
    await Promise.all([signIn(a.context, server, voter.cookie), signIn(b.context, server, reader.cookie)]);
    await Promise.all([open(a.page, entry.url), open(b.page, entry.url)]);
    await Promise.all([live(a.page), live(b.page)]);
    const sign = (n: number) => `${n > 0 ? '+' : ''}${n}`;
    expect(await summ(b.page)).toBe(sign(start));
    const readerVotes = b.page.locator('[data-testid=entry-footer] [data-testid=votes]');
    expect(await readerVotes.getAttribute('data-liked')).toBe('1');

    await a.page.click('[data-testid=entry-footer] [data-testid=vote-up]');
    await expect.poll(() => summ(a.page)).toBe(sign(start + 1));
    await expect.poll(() => summ(b.page), { timeout: 30_000 }).toBe(sign(start + 1));
    expect(await readerVotes.getAttribute('data-liked')).toBe('1');
    // The voter's own mark is theirs only.
    // (Polled: the live tally may come before the voter's own answer does.)
    await expect
      .poll(() => a.page.locator('[data-testid=entry-footer] [data-testid=votes]').getAttribute('data-liked'))
      .toBe('1');

    // Taken back and turned into a down vote: the other tab follows each step.
    await a.page.click('[data-testid=entry-footer] [data-testid=vote-down]');
    await expect.poll(() => summ(b.page), { timeout: 30_000 }).toBe(sign(start - 1));
    expect(await readerVotes.getAttribute('data-liked')).toBe('1');
    await b.page.locator('[data-testid=entry-footer]').scrollIntoViewIfNeeded();
    await shot(b.page, 'live-votes-entry-mobile');
    await a.page.locator('[data-testid=entry-footer]').scrollIntoViewIfNeeded();
    await shot(a.page, 'live-votes-entry-desktop');
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('after the reader votes on a comment, a live vote by someone else moves the number and keeps their mark', async () => {
    const [author, reader, other] = await Promise.all(
      ['Автор Комментария', 'Читатель С Голосом', 'Третий Читатель'].map((n) => registerViaApi(server, n)),
    );
    const added = await post<{ id: number }>(
      '/v3.0/comment/add',
      { id: entry.id, text: `Комментарий для оценок ${Date.now()}` },
      author.cookie,
    );
    expect(added.rc).toBe(200);
    const { context, page } = await newPage(browser);
    await signIn(context, server, reader.cookie);
    await open(page, entry.url);
    await live(page);
    const votes = page.locator(`[data-testid=comment][data-id="${added.data.id}"] [data-testid=votes]`);
    await votes.locator('[data-testid=vote-up]').click();
    await expect.poll(() => votes.getAttribute('data-liked')).toBe('1');
    await expect.poll(() => votes.locator('[data-testid=vote-summ]').textContent()).toBe('+1');
    // The page's comment list was loaded before the vote; the live tally must not bring its old mark back.
    expect((await post('/v3.0/like', { id: added.data.id, type: 'comment', sign: 1 }, other.cookie)).rc).toBe(200);
    await expect.poll(() => votes.locator('[data-testid=vote-summ]').textContent(), { timeout: 30_000 }).toBe('+2');
    expect(await votes.getAttribute('data-liked')).toBe('1');
    await context.close();
  });

  it('subscribing in one browser moves the subscriber count in the other', async () => {
    const communities = await api<{ items: { id: number; url: string; subscribers_count: number }[] }>(
      '/v3.0/subsites/communities',
    );
    const subsite = communities.data.items[0];
    const fan = await registerViaApi(server, 'Новый Подписчик');
    const a = await newPage(browser);
    const b = await newPage(browser, 375, 800);
    await signIn(a.context, server, fan.cookie);
    await Promise.all([open(a.page, server.url + subsite.url), open(b.page, server.url + subsite.url)]);
    await Promise.all([live(a.page), live(b.page)]);
    const count = b.page.locator('[data-testid=subsite-header] [data-testid=subscribers-count]');
    const before = Number((await count.textContent())!.replace(/\D/g, ''));
    const button = a.page.locator('[data-testid=subsite-header] [data-testid=subscribe-button]');
    expect(await button.getAttribute('aria-pressed')).toBe('false');

    await button.click();
    await expect
      .poll(async () => Number((await count.textContent())!.replace(/\D/g, '')), { timeout: 30_000 })
      .toBe(before + 1);
    await shot(b.page, 'live-subscribers-mobile');
    await shot(a.page, 'live-subscribers-desktop');
    await button.click();
    await expect
      .poll(async () => Number((await count.textContent())!.replace(/\D/g, '')), { timeout: 30_000 })
      .toBe(before);
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('the live widget opens in the state of its cookie and shows no other on the way', async () => {
    // The right column's widgets come as a chunk of their own at desktop widths (features/layout/RightColumn.tsx): the
    // state is the cookie's as the server read it (an unknown value is 'auto').
    const stateFor = async (value: string) => {
      const { context, page } = await newPage(browser);
      await context.addCookies([{ name: 'live-collapsing', value, url: server.url }]);
      await open(page, `${server.url}/`);
      const widget = page.locator('[data-testid=right-column] [data-testid=live]');
      await widget.waitFor();
      const state = await widget.getAttribute('data-state');
      await context.close();
      return state;
    };
    expect(await stateFor('shown')).toBe('shown');
    expect(await stateFor('whatever')).toBe('auto');

    // A collapsed one is collapsed from its first paint: no other state is ever seen.
    const { context, page } = await newPage(browser);
    await context.addCookies([{ name: 'live-collapsing', value: 'collapsed', url: server.url }]);
    const seen: string[] = [];
    await page.exposeFunction('seenState', (s: string) => seen.push(s));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const s = document.querySelector('[data-testid=right-column] [data-testid=live]')?.getAttribute('data-state');
        if (s) (window as unknown as { seenState(s: string): void }).seenState(s);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });
    await open(page, `${server.url}/`);
    await page.locator('[data-testid=right-column] [data-testid=live]').waitFor();
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['collapsed']));
    await shot(page, 'live-widget-collapsed-desktop');
    await context.close();
  });
});

/**
 * The next deploy, for real: a copy of the build under another version takes over the same data directory and
 * the same address (a TCP proxy in front plays the load balancer). The open tab hears it on reconnect.
 */
describe('a new static version', () => {
  let proxy: net.Server;
  let target = 0;
  let nextServer: Server | undefined;
  const nextRoot = path.join(root, 'test-results', 'next-build');

  /** build/ copied with its manifest version replaced: what the next `npm run build` would produce. */
  function nextBuild(): string {
    fs.rmSync(nextRoot, { recursive: true, force: true });
    fs.cpSync(path.join(root, 'build'), path.join(nextRoot, 'build'), { recursive: true });
    // The server build's entry re-exports a chunk (build/server/assets/server-build-*.js) that names the manifest.
    const serverDir = path.join(nextRoot, 'build', 'server');
    const chunks = path.join(serverDir, 'assets');
    const serverFiles = [
      path.join(serverDir, 'index.js'),
      ...(fs.existsSync(chunks) ? fs.readdirSync(chunks) : [])
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(chunks, f)),
    ];
    const serverEntry = serverFiles.find((f) => /manifest-\w+\.js/.test(fs.readFileSync(f, 'utf8')))!;
    const version = fs.readFileSync(serverEntry, 'utf8').match(/manifest-(\w+)\.js/)![1];
    const next =
      version.split('').reverse().join('') === version ? `${version}0` : version.split('').reverse().join('');
    const assets = path.join(nextRoot, 'build', 'client', 'assets');
    fs.writeFileSync(serverEntry, fs.readFileSync(serverEntry, 'utf8').replaceAll(version, next));
    const manifest = path.join(assets, `manifest-${version}.js`);
    fs.writeFileSync(
      path.join(assets, `manifest-${next}.js`),
      fs.readFileSync(manifest, 'utf8').replaceAll(version, next),
    );
    fs.rmSync(manifest);
    return next;
  }

  afterAll(async () => {
    await nextServer?.stop();
    await new Promise((r) => proxy?.close(r));
    fs.rmSync(nextRoot, { recursive: true, force: true });
  });

  it('asks the open tab to refresh; the button loads the new build and the bar is gone', async () => {
    const next = nextBuild();
    proxy = net.createServer((client) => {
      const upstream = net.connect(target, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const site = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    target = Number(new URL(server.url).port);

    const { context, page } = await newPage(browser, 375, 800);
    await open(page, `${site}/`);
    await live(page);
    const own = () =>
      page.evaluate(
        () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
      );
    expect(await own()).not.toBe(next);
    const bar = page.locator('[data-testid=new-version]');
    expect(await bar.count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // The old node goes away, the new build starts on the same data and the balancer sends traffic there.
    await server.stop();
    nextServer = await startServer({}, server.dataDir, [], nextRoot);
    target = Number(new URL(nextServer.url).port);
    await bar.waitFor({ timeout: 30_000 });
    expect(await bar.textContent()).toContain('Вышла новая версия сайта — обновите страницу');
    await shot(page, 'new-version-mobile');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'new-version-desktop');

    await Promise.all([page.waitForEvent('load'), bar.getByRole('button', { name: 'Обновить' }).click()]);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
    expect(await own()).toBe(next);
    await live(page);
    await new Promise((r) => setTimeout(r, 500));
    expect(await bar.count()).toBe(0);
    await context.close();
  });
});
