import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  editorReady,
  open,
  registerViaApi,
  shot,
  signedInPage as signedInPageOf,
  useSharedBrowser,
} from './harness.ts';

const env = useSharedBrowser();
let author: Awaited<ReturnType<typeof registerViaApi>>;
let dir: string;

/** A sine of a few seconds with a title tag, as a recorder leaves it. */
async function tone(name: string, seconds: number, extra: string[] = []): Promise<string> {
  const file = path.join(dir, name);
  await promisify(execFile)(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${seconds}`,
    '-metadata',
    'title=Черновая запись',
    ...extra,
    file,
  ]);
  return file;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-audio-e2e-'));
  author = await registerViaApi(env.server, 'Автор Подкаста');
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const signedInPage = (width = 1280, height = 900) =>
  signedInPageOf(env.browser, env.server, author.cookie, width, height);

/** Centres a block, so the sticky publish bar does not cover it, and photographs the page once blocks have faded in. */
async function shotOf(page: Page, selector: string, name: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(500);
  await shot(page, name);
}

const savedEntry = async (id: number) => {
  const res = await fetch(`${env.server.url}/v3.0/writing/get/${id}`, { headers: { cookie: author.cookie } });
  return (await res.json()).data.entry as { blocks: { type: string; data: Record<string, unknown> }[]; url: string };
};

describe('the audio block', () => {
  it('uploads an mp3 from the button and an m4a by paste, publishes, and the entry page plays them', async () => {
    const mp3 = await tone('Выпуск 12.mp3', 3);
    const m4a = await tone('интервью.m4a', 2, ['-c:a', 'aac']);
    const { context, page } = await signedInPage();
    await open(page, `${env.server.url}/writing`);
    await editorReady(page);
    await page.fill('[data-testid=editor-title]', 'Подкаст о заливе');
    await page.locator('.codex-editor .ce-paragraph').first().click();
    await page.keyboard.type('Послушайте выпуск.');
    await page.keyboard.press('Enter');
    await page.click('.ce-toolbar__plus');
    await page.click('.ce-popover--opened [data-item-name=audio]');
    const block = page.locator('[data-testid=editor-audio]').first();
    await block.waitFor();
    expect(await block.innerText()).toContain('Загрузить аудиофайл');
    await shotOf(page, '[data-testid=editor-audio]', 'audio-editor-empty-1280');

    await page.setInputFiles('[data-testid=editor-audio-file]', mp3);
    await page.waitForSelector('[data-testid=editor-audio-player]', { timeout: 20_000 });
    expect(await block.locator('[data-testid=editor-audio-info]').innerText()).toBe('Выпуск 12.mp3 · 0:03 · MP3');
    // The address field gives way to the file; the title stays.
    expect(await block.locator('[data-testid=editor-audio-url]').count()).toBe(0);
    await block.locator('[data-testid=editor-audio-title]').fill('Выпуск 12: залив');
    // The preview plays what the server keeps.
    await expect
      .poll(() => block.locator('audio').evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await block.locator('audio').evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(3);
    await shotOf(page, '[data-testid=editor-audio]', 'audio-editor-1280');

    // An audio file pasted into a fresh paragraph becomes an audio block of its own (Editor.js's pasteConfig).
    await page.locator('.codex-editor .ce-paragraph').first().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.evaluate(async (b64) => {
      const data = new DataTransfer();
      data.items.add(
        new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'интервью.m4a', { type: 'audio/mp4' }),
      );
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, fs.readFileSync(m4a).toString('base64'));
    await expect.poll(() => page.locator('[data-testid=editor-audio-player]').count(), { timeout: 20_000 }).toBe(2);

    await page.waitForURL(/\/writing\/\d+$/, { timeout: 30_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.click('[data-testid=editor-publish]');
    await page.waitForURL((u) => !u.pathname.startsWith('/writing'), { timeout: 15_000 });
    const saved = await savedEntry(id);
    const audio = saved.blocks.filter((b) => b.type === 'audio');
    expect(audio.map((b) => b.data)).toEqual([
      {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        duration: 2,
        size: expect.any(Number),
        type: 'm4a',
        hash: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
      },
      {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        duration: 3,
        size: expect.any(Number),
        type: 'mp3',
        title: 'Выпуск 12: залив',
        hash: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
      },
    ]);

    const body = page.locator('[data-testid=entry-blocks]');
    await body.waitFor();
    // The page's own player (features/audio): the block shows the title and length; the file is served as kept.
    // Its code is a lazy chunk, fetched after the client-side move to the entry: placeholders hold the places till then.
    const players = body.locator('[data-testid=audio-block]');
    await expect.poll(() => players.count()).toBe(2);
    expect(await players.last().innerText()).toMatch(/Выпуск 12: залив[\s\S]*0:03/);
    const res = await fetch(`${env.server.url}/media/${audio[1].data.uuid}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect((await res.arrayBuffer()).byteLength).toBe(audio[1].data.size);
    await shotOf(page, '[data-block=audio]', 'audio-entry-1280');

    // The narrow screen: the page and the editor opened again on the saved blocks.
    const narrow = await signedInPage(375, 800);
    await open(narrow.page, page.url());
    await narrow.page.waitForSelector('[data-testid=audio-block]');
    await shotOf(narrow.page, '[data-block=audio]', 'audio-entry-375');
    await open(narrow.page, `${env.server.url}/writing/${id}`);
    await editorReady(narrow.page);
    await narrow.page.waitForSelector('[data-testid=editor-audio-player]');
    // Reopened, the block knows the length and the format; the file's name stayed with the upload.
    expect(await narrow.page.locator('[data-testid=editor-audio-info]').last().innerText()).toBe('0:03 · MP3');
    await shotOf(narrow.page, '[data-testid=editor-audio] >> nth=-1', 'audio-editor-375');
    await narrow.context.close();
    await context.close();
  });

  it('keeps a link instead of a file, and tells when a picked file is not audio', async () => {
    const { context, page } = await signedInPage();
    const text = path.join(dir, 'песня.mp3');
    fs.writeFileSync(text, 'это не песня, а текст');
    await open(page, `${env.server.url}/writing`);
    await editorReady(page);
    await page.fill('[data-testid=editor-title]', 'Ссылка на запись');
    await page.locator('.codex-editor .ce-paragraph').first().click();
    await page.click('.ce-toolbar__plus');
    await page.click('.ce-popover--opened [data-item-name=audio]');
    await page.setInputFiles('[data-testid=editor-audio-file]', text);
    await page.waitForSelector('[data-testid=toast]:has-text("Неверный формат файла")', { timeout: 30_000 });
    expect(await page.locator('[data-testid=editor-audio-player]').count()).toBe(0);
    await page.fill('[data-testid=editor-audio-url]', 'https://example.ru/podcast.mp3');
    await page.fill('[data-testid=editor-audio-title]', 'Чужой подкаст');
    await page.waitForURL(/\/writing\/\d+$/, { timeout: 30_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect
      .poll(async () => (await savedEntry(id)).blocks, { timeout: 30_000 })
      .toEqual([
        {
          type: 'audio',
          data: { url: 'https://example.ru/podcast.mp3', title: 'Чужой подкаст', hash: expect.any(String) },
        },
      ]);
    await context.close();
  });
});
