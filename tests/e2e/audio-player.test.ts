import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  callApi,
  newPage,
  open,
  registerViaApi,
  useSharedBrowser,
  shot,
  signedInPage,
  uploadImages,
} from './harness.ts';
import { seriousViolations } from './a11y.ts';

/**
 * The page's one audio player (spec/content.md §4): an entry's audio plays from the author's feed, the floating
 * player takes over out of view and across a page change, closing it pauses; switching the source resets the
 * previous block; ±15 s, rate and the remembered volume; listens; the deep link.
 */
const env = useSharedBrowser();
let author: Awaited<ReturnType<typeof registerViaApi>>;
let dir: string;
let entryUrl = '';
let entryId = 0;

async function tone(name: string, seconds: number, hz: number): Promise<Buffer> {
  const file = path.join(dir, name);
  await promisify(execFile)(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${hz}:duration=${seconds}`,
    file,
  ]);
  return fs.readFileSync(file);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-audio-player-'));
  author = await registerViaApi(env.server, 'Ведущая Подкаста');
  const cover = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  const [one, two, pic] = await uploadImages(env.server, author.cookie, [
    { name: 'one.mp3', data: await tone('one.mp3', 90, 330), type: 'audio/mpeg' },
    { name: 'two.wav', data: await tone('two.wav', 40, 440), type: 'audio/wav' },
    { name: 'cover.png', data: cover, type: 'image/png' },
  ]);
  expect([one.type, two.type, one.duration, two.duration]).toEqual(['mp3', 'wav', 90, 40]);
  const filler = Array.from({ length: 14 }, (_, i) => ({
    type: 'text',
    data: { text: `Абзац ${i + 1}: разговор о заливе, ветре и лодках, которые выходят в море на рассвете.` },
  }));
  const saved = await callApi<{ entry: { id: number; url: string } }>(env.server, '/v3.0/writing/save', author.cookie, {
    title: 'Выпуск о заливе',
    entry: [
      { type: 'text', data: { text: 'Два фрагмента выпуска.' } },
      {
        type: 'audio',
        data: {
          uuid: one.uuid,
          duration: one.duration,
          size: one.size,
          type: one.type,
          title: 'Выпуск 12: залив',
          author: 'Анна Морская',
          cover: pic.uuid,
          hash: 'vypusk12zali',
        },
      },
      ...filler,
      { type: 'audio', data: { uuid: two.uuid, duration: two.duration, title: 'Бонус: ветер', hash: 'bonusveter01' } },
    ],
    is_published: 1,
  });
  expect(saved.rc, saved.rm).toBe(200);
  entryUrl = saved.data.entry.url;
  entryId = saved.data.entry.id;
  // The first file of a run may build the web client and seed the shared server: minutes on a loaded machine.
}, 600_000);
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const element = (page: Page) => page.locator('audio[data-testid=audio-element]');
const position = (page: Page) => element(page).evaluate((a: HTMLAudioElement) => a.currentTime);
const isPaused = (page: Page) => element(page).evaluate((a: HTMLAudioElement) => a.paused);
const block = (page: Page, i: number) => page.locator('[data-testid=audio-block]').nth(i);
const listens = async () =>
  (await callApi<{ entry: { audio_listens: Record<string, number> } }>(env.server, `/v3.0/entry/${entryId}`)).data.entry
    .audio_listens;

describe('the audio player', () => {
  it('plays from the feed, hands over to the floating player out of view and across a page change', async () => {
    const { context, page } = await newPage(env.browser, 1280, 700);
    await open(page, `${env.server.url}/u/${author.id}`);
    const card = page.locator(`[data-testid=entry-card] [data-testid=audio-block]`).first();
    await card.waitFor();
    expect(await card.innerText()).toContain('Выпуск 12: залив');
    expect(await card.getAttribute('data-state')).toBe('initial');
    await card.locator('[data-testid=audio-play]').click();
    await expect.poll(() => card.getAttribute('data-state')).toBe('playing');
    await expect.poll(() => position(page), { timeout: 20_000 }).toBeGreaterThan(0.3);
    // Volume 0.75 by default; the inline player is in view, so no floating one.
    expect(await element(page).evaluate((a: HTMLAudioElement) => a.volume)).toBe(0.75);
    expect(await page.locator('[data-testid=audio-floating]').count()).toBe(0);
    await shot(page, 'audio-player-feed-1280');

    // A page change (the logo: the main feed): the sound goes on in the floating player.
    await page.click('a.logo');
    await page.waitForURL(`${env.server.url}/`);
    const floating = page.locator('[data-testid=audio-floating]');
    await floating.waitFor();
    expect(await floating.getAttribute('data-state')).toBe('playing');
    const before = await position(page);
    await expect.poll(() => position(page), { timeout: 20_000 }).toBeGreaterThan(before + 0.5);
    expect(await floating.innerText()).toContain('Выпуск 12: залив');
    expect(await seriousViolations(page, '[data-testid=audio-floating]')).toEqual([]);
    await shot(page, 'audio-player-floating-1280');

    // Its title goes back to the entry, where the inline player takes over again.
    await floating.locator('[data-testid=audio-floating-title]').click();
    await page.waitForURL((u) => u.pathname === entryUrl);
    await expect.poll(() => block(page, 0).getAttribute('data-state')).toBe('playing');
    await expect.poll(() => floating.count()).toBe(0);
    // Scrolled away: floating again; closing it pauses the sound.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await floating.waitFor();
    await floating.locator('[data-testid=audio-floating-close]').click();
    await expect.poll(() => floating.count()).toBe(0);
    expect(await isPaused(page)).toBe(true);
    await context.close();
  });

  it('resets the previous block on a new source; ±15 s, rate, volume remembered; listens; axe at 375 px', async () => {
    // The first test's reader, another listener, has counted the first block already (when it ran).
    const before = { vypusk12zali: 0, bonusveter01: 0, ...(await listens()) };
    const { context, page } = await signedInPage(env.browser, env.server, author.cookie, 375, 800);
    await open(page, env.server.url + entryUrl);
    const first = block(page, 0);
    await first.locator('[data-testid=audio-play]').click();
    await expect.poll(() => first.getAttribute('data-state')).toBe('playing');
    await first.locator('[data-testid=audio-forward]').click();
    await expect.poll(() => position(page)).toBeGreaterThanOrEqual(15);
    await first.locator('[data-testid=audio-rewind]').click();
    await expect.poll(() => position(page)).toBeLessThan(15);
    await first.locator('[data-testid=audio-rate]').click();
    await expect.poll(() => element(page).evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.25);
    await first.locator('[data-testid=audio-play]').click();
    await expect.poll(() => first.getAttribute('data-state')).toBe('paused');
    expect(await seriousViolations(page, '[data-testid=audio-block]')).toEqual([]);
    await first.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'audio-player-entry-375');

    // The second block: the first goes back to initial, the new one starts at 0 with rate 1.
    const second = block(page, 1);
    await second.scrollIntoViewIfNeeded();
    await second.locator('[data-testid=audio-play]').click();
    await expect.poll(() => second.getAttribute('data-state')).toBe('playing');
    expect(await first.getAttribute('data-state')).toBe('initial');
    expect(await element(page).evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1);
    expect(await position(page)).toBeLessThan(10);

    // No volume slider on a phone: its own buttons set the sound (iOS ignores a page's volume). On a wide screen the
    // slider sets it, and the volume is remembered for 365 days.
    const volume = second.locator('[data-testid=audio-volume]');
    expect(await volume.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await volume.fill('40');
    await expect.poll(() => element(page).evaluate((a: HTMLAudioElement) => a.volume)).toBe(0.4);
    const cookie = (await context.cookies()).find((c) => c.name === 'audio-volume');
    expect(cookie?.value).toBe('0.4');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

    // Listens: each block counted once for this reader today (the second block, played again, stays counted once),
    // shown after a reload.
    await open(page, env.server.url + entryUrl);
    await expect.poll(() => block(page, 1).locator('[data-testid=audio-listens]').innerText()).toBe('1 прослушивание');
    await block(page, 1).locator('[data-testid=audio-play]').click();
    await expect.poll(() => element(page).evaluate((a: HTMLAudioElement) => a.volume)).toBe(0.4);
    await context.close();
    expect(await listens()).toEqual({ vypusk12zali: before.vypusk12zali + 1, bonusveter01: before.bonusveter01 + 1 });
  });

  it('the deep link opens the entry and starts its first audio', async () => {
    const { context, page } = await newPage(env.browser, 1280, 900);
    await open(page, `${env.server.url}/deep-link?link=${encodeURIComponent(env.server.url + entryUrl)}&action=listen`);
    expect(new URL(page.url()).pathname).toBe(entryUrl);
    expect(new URL(page.url()).searchParams.get('action')).toBe('listen');
    await expect.poll(() => block(page, 0).getAttribute('data-state')).toBe('playing');
    // Another site's address is not followed.
    const res = await fetch(
      `${env.server.url}/deep-link?link=${encodeURIComponent('https://example.ru/x')}&action=listen`,
      {
        redirect: 'manual',
      },
    );
    expect(res.status).toBe(404);
    await context.close();
  });
});
