import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Comment } from '../../src/shared/comments.ts';
import { seriousViolations } from './a11y.ts';
import {
  callApi,
  editorReady,
  launchBrowser,
  open,
  publishEntry,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';

/** The attach-gif modal (issue 32 point 7): a reader puts a gif into a comment, by file and by link. */
let server: Server;
let browser: Browser;
let reader: Awaited<ReturnType<typeof registerViaApi>>;
let entry: { id: number; url: string };
let gifFile: string;
/** Serves `/dance.gif` (a gif), anything else a png (`/fake.gif` too) on 127.0.0.1, which the server may fetch in tests. */
let site: http.Server;
let siteUrl: string;

async function animatedGif(colors: string[]) {
  const frames = await Promise.all(
    colors.map((background) =>
      sharp({ create: { width: 160, height: 120, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: frames.map(() => 200) })
    .toBuffer();
}

beforeAll(async () => {
  const linked = await animatedGif(['#7c4dff', '#00bfa5', '#ffab00']);
  const still = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888888' } })
    .png()
    .toBuffer();
  site = http.createServer((req, res) => {
    const [type, body] = req.url === '/dance.gif' ? ['image/gif', linked] : ['image/png', still];
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // Safe fetch refuses private addresses; this server allows the local one (as the editor's link tests do).
  [server, browser] = await Promise.all([startServer({ FETCH_ALLOW_HOSTS: '127.0.0.1' }), launchBrowser()]);
  await registerViaApi(server, 'Хозяин Сайта');
  const author = await registerViaApi(server, 'Автор Записи');
  reader = await registerViaApi(server, 'Читатель с Гифками');
  entry = await publishEntry(server, author.cookie, 'Запись для гифок', 'Покажите реакцию гифкой.');
  gifFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-gif-')), 'wave.gif');
  fs.writeFileSync(gifFile, await animatedGif(['#e53935', '#1e88e5', '#43a047', '#fdd835']));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.close();
});

const comments = async () =>
  (await callApi<{ items: Comment[] }>(server, `/v3.0/comments?content_id=${entry.id}&sorting=date`)).data.items;

async function openModal(page: Page) {
  await page.click('[data-testid=comment-add-form] [data-testid=comment-gif]');
  await page.waitForSelector('[data-testid=attach-gif]');
}

describe('a gif in a comment', () => {
  it('uploads a gif file, previews it, posts it alone; the comment plays it', async () => {
    const { context, page } = await signedInPage(browser, server, reader.cookie);
    await open(page, server.url + entry.url);
    await openModal(page);
    // Focus is inside the dialog; Escape closes it and gives focus back.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=attach-gif]', { state: 'detached' });

    await openModal(page);
    await page.setInputFiles('[data-testid=attach-gif-file]', gifFile);
    const preview = await page.waitForSelector('[data-testid=attach-gif-preview] video');
    expect(await preview.getAttribute('src')).toMatch(/\/-\/format\/mp4\/$/);
    // The page's context asks for reduced motion: the preview waits with controls instead of playing.
    expect(await preview.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.controls])).toEqual([true, true, true]);
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await shot(page, 'comment-gif-modal-1280');
    // Ctrl+Enter attaches, as in the other modals.
    await page.focus('[data-testid=attach-gif-link]');
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('[data-testid=comment-form-gif] video');
    await page.click('[data-testid=comment-add-form] [data-testid=comment-submit]');
    const video = await page.waitForSelector('[data-testid=comment] .comment__gif video');
    const [posted] = await comments();
    expect(posted.text).toBe('');
    expect(posted.attaches[0].data).toMatchObject({ type: 'gif', width: 160, height: 120 });
    expect(await video.getAttribute('poster')).toContain(`/${posted.attaches[0].data.uuid}/`);
    // The mp4 is served and decodes in the browser.
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('.comment__gif video');
      return !!v && v.readyState >= 1 && v.videoWidth === 160;
    });
    await shot(page, 'comment-gif-comment-1280');
    expect(await seriousViolations(page, '[data-testid=comments]')).toEqual([]);

    // The live feed (/live: the sidebar's list on a page of its own) names a gif alone «[GIF]», never nothing.
    const live = await context.newPage();
    const item = `[data-testid=live-item] a.live-item__text[href$="#comment-${posted.id}"]`;
    await expect
      .poll(
        async () => {
          await open(live, `${server.url}/live`);
          return live.locator(item).count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    expect(await live.textContent(item)).toBe('[GIF]');
    await shot(live, 'comment-gif-live-1280');
    await context.close();

    // A reader who does not ask for less motion sees it play by itself (after a reload: server-rendered).
    const moving = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
    const page2 = await moving.newPage();
    await open(page2, server.url + entry.url);
    await page2.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('.comment__gif video');
      return !!v && !v.paused && v.currentTime > 0 && !v.controls;
    });
    await moving.close();
  });

  it('takes a gif by link, refuses a link that is not a gif, posts text with the gif (375 px)', async () => {
    const { context, page } = await signedInPage(browser, server, reader.cookie, 375, 800);
    await open(page, server.url + entry.url);
    await page.fill('[data-testid=comment-add-form] textarea', 'Вот так я танцую');
    await openModal(page);
    // Not ending .gif: refused before any request.
    await page.fill('[data-testid=attach-gif-link]', `${siteUrl}/still.png`);
    await page.click('[data-testid=attach-gif-load]');
    expect(await page.textContent('[data-testid=attach-gif-error]')).toBe('Ссылка должна вести на файл .gif');
    // A private address: the server refuses to fetch it (a 400 with the reason in Russian).
    await page.fill('[data-testid=attach-gif-link]', 'http://10.1.2.3/a.gif');
    await page.click('[data-testid=attach-gif-load]');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=attach-gif-error]')?.textContent === 'Этот адрес недоступен для загрузки',
    );
    // Ending .gif but a png inside: the server judges the bytes.
    await page.fill('[data-testid=attach-gif-link]', `${siteUrl}/fake.gif`);
    await page.click('[data-testid=attach-gif-load]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=attach-gif-error]')?.textContent === 'Прикрепить можно только gif',
    );
    await page.fill('[data-testid=attach-gif-link]', `${siteUrl}/dance.gif`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=attach-gif-preview] video');
    expect(await page.$('[data-testid=attach-gif-error]')).toBeNull();
    await shot(page, 'comment-gif-modal-375');
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await page.click('[data-testid=attach-gif-confirm]');
    await page.click('[data-testid=comment-add-form] [data-testid=comment-submit]');
    await page.waitForFunction(() => document.querySelectorAll('.comment__gif video').length === 2);
    const mine = (await comments()).at(-1)!;
    expect(mine.text).toContain('Вот так я танцую');
    expect(mine.attaches[0].data).toMatchObject({ type: 'gif', width: 160, height: 120 });
    await page.locator(`#comment-${mine.id}`).scrollIntoViewIfNeeded();
    await shot(page, 'comment-gif-comment-375');
    await context.close();
  });

  it("the editor's media block takes a gif through the same modal", async () => {
    const { context, page } = await signedInPage(browser, server, reader.cookie);
    await open(page, `${server.url}/writing`);
    await editorReady(page);
    await page.locator('.codex-editor .ce-paragraph').first().click();
    await page.click('.ce-toolbar__plus');
    await page.click('.ce-popover--opened [data-item-name=media]');
    await page.click('[data-testid=editor-media-gif]');
    await page.waitForSelector('[data-testid=attach-gif]');
    const answer = page.waitForResponse((r) => r.url().endsWith('/v3.0/andropov/upload/gif'));
    await page.setInputFiles('[data-testid=attach-gif-file]', gifFile);
    const uuid = ((await (await answer).json()) as { data: { result: { data: { uuid: string } } } }).data.result.data
      .uuid;
    await page.waitForSelector('[data-testid=attach-gif-preview] video');
    await page.click('[data-testid=attach-gif-confirm]');
    const img = await page.waitForSelector('[data-testid=editor-media-image]');
    expect(await img.getAttribute('src')).toContain(`/${uuid}/`);
    await context.close();
  });
});
