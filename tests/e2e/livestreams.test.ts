import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '../../src/shared/catalogue.ts';
import { playersUi } from '../../src/shared/catalogue/players.ts';
import { FLOATING_SCREEN } from '../../src/shared/livestreams.ts';
import { LIVE_STREAM_CLOSED_COOKIE } from '../../src/shared/shell-cookies.ts';
import { startHlsOrigin, type HlsOrigin } from '../../src/server/modules/livestreams/testing.ts';
import { seriousViolations } from './a11y.ts';
import {
  callApi,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';

/**
 * Live streams (issue 28 point 4): a community's manager sets up and turns on a Plus stream on the settings page; a
 * Plus reader watches it in the layout's slot (through hls.js where the browser has no HLS of its own, natively where
 * it has), a reader without Plus gets the Plus popup, closing hides it. The HLS source is the tests' own (ffmpeg and a
 * local server), which the site may fetch only because FETCH_ALLOW_HOSTS names 127.0.0.1.
 */
let server: Server;
let browser: Browser;
let origin: HlsOrigin;
let boss: Awaited<ReturnType<typeof registerViaApi>>;
let manager: Awaited<ReturnType<typeof registerViaApi>>;
let community: { id: number; url: string };

const WIDTHS = [1280, 375] as const;

beforeAll(async () => {
  [server, browser, origin] = await Promise.all([
    startServer({ SEED: '0', FETCH_ALLOW_HOSTS: '127.0.0.1' }),
    launchBrowser(),
    startHlsOrigin(),
  ]);
  boss = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site
  manager = await registerViaApi(server, 'Марина Ведущая');
  const made = await callApi<{ id: number; url: string }>(server, '/v3.0/subsite/create', manager.cookie, {
    name: 'Клуб прямых эфиров',
    slug: 'efiry',
  });
  expect(made.rc, made.rm).toBe(200);
  community = made.data;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await origin?.close();
});

/** A reader whose browser plays no HLS itself, as Chromium before 141 and Firefox: the player must bring hls.js. */
async function withoutNativeHls(context: BrowserContext) {
  await context.addInitScript(() => {
    const own = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : own.call(this, type);
    };
  });
}

/** The slot's card once it answers presses (it hydrates after its own chunk); `shown` counts it as rendered. */
const slot = (page: Page) => page.locator('[data-testid=live-stream][data-ready]');
const shown = (page: Page) => page.locator('[data-testid=live-stream]').count();

/** The stream plays: the slot says so and the picture moves on. */
async function seePlaying(page: Page) {
  await page.locator('[data-testid=live-stream][data-state=playing]').waitFor();
  const video = page.locator('[data-testid=live-stream-video]');
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.waitForFunction(
    (was) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid=live-stream-video]');
      return v !== null && !v.paused && v.currentTime > was + 0.5 && v.videoWidth === 320;
    },
    at,
    { timeout: 30_000 },
  );
  return video.evaluate((v: HTMLVideoElement) => v.dataset.engine);
}

describe('live streams', () => {
  it('a manager sets up a Plus stream and turns it on from the settings page', async () => {
    for (const width of WIDTHS) {
      const { context, page } = await signedInPage(browser, server, manager.cookie, width, 900);
      await open(page, `${server.url}/s/efiry/settings`);
      await page.locator('[data-testid=subsite-stream-link]').click();
      await page.locator('[data-testid=stream-settings]').waitFor();
      expect(new URL(page.url()).search).toBe(`?subsite=${community.id}`);
      if (width === 1280) {
        // Nothing to turn on before the first save.
        expect(await page.locator('[data-testid=stream-enable]').isDisabled()).toBe(true);
        // A wrong source is named under its field, and nothing is saved.
        await page.fill('input[name=source_url]', 'https://vimeo.com/123456');
        await page.fill('input[name=title]', 'Эфир клуба');
        await page.locator('[data-testid=stream-save]').click();
        await expect(page.locator('[data-testid=error-source_url]').textContent()).resolves.toBe(
          messages.liveStreamSourceInvalid,
        );
        await page.fill('input[name=source_url]', origin.url);
        await page.fill('input[name=title]', 'Эфир клуба: разбор недели');
        const cover = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#d22f42' } })
          .png()
          .toBuffer();
        await page
          .locator('[data-testid=stream-cover] input[type=file]')
          .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
        await page.locator('[data-testid=cropper-save]').click();
        await page.locator('[data-testid=stream-cover] img').waitFor();
        await page.locator('[data-testid=stream-access-plus]').check();
        await page.locator('[data-testid=stream-save]').click();
        await page.locator('[data-testid=toast]', { hasText: messages.liveStreamSaved }).waitFor();
        await page.locator('[data-testid=stream-enable]:not([disabled])').click();
        await page.locator('[data-testid=stream-state][data-enabled="1"]').waitFor();
      } else {
        await page.locator('[data-testid=stream-state][data-enabled="1"]').waitFor();
        expect(await page.inputValue('input[name=source_url]')).toBe(origin.url);
        expect(await page.locator('[data-testid=stream-access-plus]').isChecked()).toBe(true);
      }
      await shot(page, `livestreams-settings-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('a Plus reader watches it in the slot: hls.js without native HLS, the browser itself with it; pause and play', async () => {
    const reader = await registerViaApi(server, 'Пётр Подписчик');
    expect((await callApi(server, '/v3.0/payments/gift', boss.cookie, { user_id: reader.id, days: 30 })).rc).toBe(200);
    for (const width of WIDTHS) {
      const { context, page } = await signedInPage(browser, server, reader.cookie, width, 900);
      if (width === 1280) await withoutNativeHls(context);
      await open(page, `${server.url}/s/efiry`);
      await expect(slot(page).getAttribute('data-state')).resolves.toBe('paused');
      await expect(slot(page).locator('.lstream__title').textContent()).resolves.toBe('Эфир клуба: разбор недели');
      await shot(page, `livestreams-slot-${width}`);
      expect(await seriousViolations(page, '[data-testid=live-stream]')).toEqual([]);

      await slot(page).locator('[data-testid=live-stream-toggle]').click();
      const engine = await seePlaying(page);
      expect(engine).toBe(width === 1280 ? 'hls.js' : 'native');
      // What the player fetched came from the site, with the reader's token; the source's address never reached it.
      const src = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      expect(src.some((u) => u.includes('/hls?') && u.includes('token='))).toBe(true);
      // By origin, not a prefix: the site and the source both listen on 127.0.0.1, and their ports may share digits.
      expect(src.some((u) => new URL(u).origin === new URL(origin.url).origin)).toBe(false);
      await shot(page, `livestreams-playing-${width}`);
      expect(await seriousViolations(page, '[data-testid=live-stream]')).toEqual([]);

      await slot(page).locator('[data-testid=live-stream-toggle]').click();
      await page.locator('[data-testid=live-stream][data-state=paused]').waitFor();
      expect(await page.locator('[data-testid=live-stream-video]').evaluate((v: HTMLVideoElement) => v.paused)).toBe(
        true,
      );
      await slot(page).locator('[data-testid=live-stream-toggle]').click();
      await seePlaying(page);
      // Paused by the video's own controls, the slot follows, and its button plays again.
      await page.locator('[data-testid=live-stream-video]').evaluate((v: HTMLVideoElement) => v.pause());
      await page.locator('[data-testid=live-stream][data-state=paused]').waitFor();
      await expect(slot(page).locator('[data-testid=live-stream-toggle]').textContent()).resolves.toBe(
        playersUi.live.play,
      );
      await slot(page).locator('[data-testid=live-stream-toggle]').click();
      await seePlaying(page);
      await context.close();
    }
  });

  it('a reader without Plus gets the Plus popup; the slot is on the community and its feeds, not on full pages', async () => {
    const reader = await registerViaApi(server, 'Ольга Без Плюса');
    const { context, page } = await signedInPage(browser, server, reader.cookie, 1280, 900);
    await open(page, `${server.url}/s/efiry`);
    await expect(slot(page).locator('.lstream__note').first().textContent()).resolves.toBe(playersUi.live.plusOnly);
    await slot(page).locator('[data-testid=live-stream-toggle]').click();
    const buy = page.locator('[data-testid=buy-popup]');
    await buy.waitFor();
    await page
      .locator('[data-kind=buy-plus]')
      .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await shot(page, 'livestreams-buy-1280');
    await page.locator('[data-testid=popup-close]').click();
    await buy.waitFor({ state: 'detached' });
    await page.locator('[data-testid=live-stream][data-state=paused]').waitFor();
    expect(await page.locator('[data-testid=live-stream-screen]').count()).toBe(0);

    // The community's stream is the community's: the main feed has none (no site stream is on), nor a full page.
    await open(page, `${server.url}/`);
    expect(await shown(page)).toBe(0);
    const site = await callApi(server, '/v3.0/private/liveStream/settings', boss.cookie, {
      source_url: origin.url,
      title: 'Эфир всего сайта',
      access: 'everyone',
    });
    expect(site.rc, site.rm).toBe(200);
    expect((await callApi(server, '/v3.0/private/liveStream/enable', boss.cookie, {})).rc).toBe(200);
    await open(page, `${server.url}/`);
    await expect(slot(page).locator('.lstream__title').textContent()).resolves.toBe('Эфир всего сайта');
    await open(page, `${server.url}/s/efiry`);
    await expect(slot(page).locator('.lstream__title').textContent()).resolves.toBe('Эфир клуба: разбор недели');
    await open(page, `${server.url}/rating`);
    expect(await shown(page)).toBe(0);
    await context.close();

    // Anyone watches the site's stream, with no token at all.
    const visitor = await newPage(browser, 375, 800);
    await open(visitor.page, `${server.url}/`);
    await slot(visitor.page).locator('[data-testid=live-stream-toggle]').click();
    await seePlaying(visitor.page);
    await visitor.context.close();
  });

  it("a playing stream scrolled out of view floats in the corner at the reader's width (400–600 px, kept in a cookie); closing it there pauses it", async () => {
    // A feed long enough to scroll the slot away.
    for (let i = 1; i <= 8; i++) {
      const saved = await callApi(server, '/v3.0/writing/save', boss.cookie, {
        title: `Запись для прокрутки ${i}`,
        entry: [{ type: 'text', data: { text: 'Текст записи, чтобы лента была длиннее экрана. '.repeat(6) } }],
        is_published: 1,
      });
      expect(saved.rc, saved.rm).toBe(200);
    }
    const { context, page } = await newPage(browser, 1280, 700);
    const screen = page.locator('[data-testid=live-stream-screen]');
    const floating = page.locator('[data-testid=floating-screen]');
    const width = async () => Math.round((await screen.boundingBox())!.width);
    const scrollAway = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const widthCookie = async () =>
      (await context.cookies()).find((c) => c.name === FLOATING_SCREEN.cookie)?.value ?? null;

    await open(page, `${server.url}/new`);
    await slot(page).locator('[data-testid=live-stream-toggle]').click();
    await seePlaying(page);
    expect(await floating.count()).toBe(0);
    await scrollAway();
    await floating.waitFor();
    expect(await width()).toBe(FLOATING_SCREEN.width);
    const right = await page.evaluate(() => document.documentElement.clientWidth);
    const box = (await screen.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(right - 16);
    expect(Math.round(box.y + box.height)).toBe(700 - 16);
    // It plays on where it floats.
    await seePlaying(page);
    await shot(page, 'livestreams-floating-1280');
    expect(await seriousViolations(page, '[data-testid=floating-screen]')).toEqual([]);

    // Dragged left by its corner it grows, up to 600 px; the width is the reader's from then on.
    const handle = page.locator('[data-testid=floating-screen-resize]');
    const grab = async (by: number) => {
      const h = (await handle.boundingBox())!;
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(h.x + h.width / 2 - by, h.y + h.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    await grab(150);
    expect(await width()).toBe(550);
    await expect.poll(widthCookie).toBe('550');
    await grab(300);
    expect(await width()).toBe(FLOATING_SCREEN.max);
    await grab(-400);
    expect(await width()).toBe(FLOATING_SCREEN.min);
    // The keyboard moves it too, in steps of 20.
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await width()).toBe(440);
    expect(await handle.getAttribute('aria-valuenow')).toBe('440');
    await expect.poll(widthCookie).toBe('440');

    // «Вернуться к эфиру» brings the card back into view: the screen is in its place again, still playing.
    await page.locator('[data-testid=floating-screen-back]').click();
    await floating.waitFor({ state: 'detached' });
    await seePlaying(page);

    // The next page floats it at the kept width; closing it there pauses the stream and puts the screen back.
    await open(page, `${server.url}/new`);
    await slot(page).locator('[data-testid=live-stream-toggle]').click();
    await seePlaying(page);
    await scrollAway();
    await floating.waitFor();
    expect(await width()).toBe(440);
    await page.locator('[data-testid=floating-screen-close]').click();
    await page.locator('[data-testid=live-stream][data-state=paused]').waitFor();
    expect(await floating.count()).toBe(0);
    expect(await page.locator('[data-testid=live-stream-video]').evaluate((v: HTMLVideoElement) => v.paused)).toBe(
      true,
    );
    await context.close();

    // A phone keeps the screen in its card: 400 px would not fit.
    const phone = await newPage(browser, 375, 700);
    await open(phone.page, `${server.url}/new`);
    await slot(phone.page).locator('[data-testid=live-stream-toggle]').click();
    await seePlaying(phone.page);
    await phone.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() =>
        phone.page.locator('[data-testid=live-stream-screen]').evaluate((el) => el.getBoundingClientRect().bottom),
      )
      .toBeLessThan(0);
    await phone.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await phone.page.locator('[data-testid=floating-screen]').count()).toBe(0);
    await phone.context.close();
  });

  it('closing hides the stream, and it stays closed on the next pages', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, `${server.url}/s/efiry`);
    const key = await slot(page).getAttribute('data-stream');
    await slot(page).locator('[data-testid=live-stream-close]').click();
    await page.locator('[data-testid=live-stream]').waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === LIVE_STREAM_CLOSED_COOKIE);
    expect(cookie?.value.startsWith(`${key}-`)).toBe(true);
    await open(page, `${server.url}/s/efiry`);
    expect(await shown(page)).toBe(0);
    // Another stream (the site's, on the main feed) is not closed by it.
    await open(page, `${server.url}/`);
    await slot(page).waitFor();
    await context.close();
  });
});
