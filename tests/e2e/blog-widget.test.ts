import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y.ts';
import {
  callApi,
  mediaItem,
  newPage,
  open,
  registerViaApi,
  useSharedBrowser,
  shot,
  signedInPage,
  uploadImages,
} from './harness.ts';

/**
 * The blog widget (issue 32 point 7): a page of another origin (localhost on another port) frames
 * `/widget/blog/{id}`; the reader clicks «Показать ещё» until the blog has no more; the blog's settings give the code.
 */
const env = useSharedBrowser();
let other: http.Server;
let otherUrl: string;
let writer: Awaited<ReturnType<typeof registerViaApi>>;
/** The writer's published entries' titles, newest first. */
const titles: string[] = [];
const COUNT = 12;

beforeAll(async () => {
  writer = await registerViaApi(env.server, 'Пекарь Блогер');
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 140, b: 60 } } })
    .png()
    .toBuffer();
  const [picture] = await uploadImages(env.server, writer.cookie, [
    { name: 'bread.png', data: png, type: 'image/png' },
  ]);
  for (let i = 1; i <= COUNT; i++) {
    const title = `Рецепт хлеба №${i}`;
    const cover =
      i % 4 === 0 ? [{ type: 'media', cover: true, data: { items: [mediaItem(picture, { title: '' })] } }] : [];
    const saved = await callApi<{ entry: { id: number } }>(env.server, '/v3.0/writing/save', writer.cookie, {
      title,
      entry: [{ type: 'text', data: { text: `Как испечь хлеб: шаг ${i}.` } }, ...cover],
      is_published: 1,
    });
    expect(saved.rc, JSON.stringify(saved)).toBe(200);
    titles.unshift(title);
  }
  // A draft never shows.
  const draft = await callApi(env.server, '/v3.0/writing/save', writer.cookie, {
    title: 'Черновик рецепта',
    entry: [{ type: 'text', data: { text: 'Ещё не готово.' } }],
    is_published: 0,
  });
  expect(draft.rc).toBe(200);
  other = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Сайт пекарни</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:sans-serif;background:#faf6ef;margin:16px">
<main><h1>Пекарня «Печка»</h1><p>Читайте наш блог:</p>
<iframe id="blog" src="${env.server.url}/widget/blog/${writer.id}" title="Записи блога на Среде" width="360" height="560" style="border:0;max-width:100%"></iframe>
</main></body></html>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://localhost:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (other) await new Promise((resolve) => other.close(resolve));
});

const SIZES = [
  [1280, 900, '1280'],
  [375, 812, '375'],
] as const;

describe('the blog widget on another site', () => {
  it('shows the newest five; «Показать ещё» adds the rest without repeats and goes away at the end', async () => {
    for (const [width, height, suffix] of SIZES) {
      const { context, page } = await newPage(env.browser, width, height);
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(otherUrl);
      const widget = page.frameLocator('#blog');
      const items = widget.locator('[data-testid=widget-item]');
      await widget.getByText(titles[0]).waitFor();
      expect(await items.count()).toBe(5);
      expect(await widget.locator('h1').textContent()).toBe('Пекарь Блогер');
      // An entry with a cover shows its picture.
      await expect.poll(() => widget.locator('img.w__pic').count()).toBeGreaterThan(0);
      await shot(page, `blog-widget-external-${suffix}`, true);
      const more = widget.getByTestId('widget-more');
      for (let clicks = 1; await more.isVisible(); clicks++) {
        expect(clicks).toBeLessThan(5);
        const before = await items.count();
        await more.click();
        await expect.poll(() => items.count()).toBeGreaterThan(before);
      }
      await expect.poll(() => items.count()).toBe(COUNT);
      expect(await widget.locator('a.w__title').allTextContents()).toEqual(titles);
      expect(await widget.getByText('Черновик рецепта').count()).toBe(0);
      expect(await widget.getByTestId('widget-status').textContent()).toBe('');
      // The links open this site's entries in a new tab.
      const href = await widget.locator('a.w__title').first().getAttribute('href');
      expect(href).toMatch(new RegExp(`^${env.server.url}/u/${writer.id}-`));
      expect(await widget.locator('a.w__title').first().getAttribute('target')).toBe('_blank');
      // No policy of ours refused anything inside the frame.
      expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
      await shot(page, `blog-widget-external-all-${suffix}`, true);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('the widget page itself passes axe at both widths, before and after loading more', async () => {
    for (const [width, height] of SIZES) {
      const { context, page } = await newPage(env.browser, width, height);
      await page.goto(`${env.server.url}/widget/blog/${writer.id}`);
      await page.getByTestId('widget-more').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('widget-more').click();
      await expect.poll(() => page.locator('[data-testid=widget-item]').count()).toBe(10);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('the blog’s settings give the code to paste', async () => {
    for (const [width, height, suffix] of SIZES) {
      const { context, page } = await signedInPage(env.browser, env.server, writer.cookie, width, height);
      await open(page, `${env.server.url}/u/${writer.id}/settings`);
      const embed = page.getByTestId('widget-embed-blog');
      const code = await embed.getByTestId('widget-embed-code').inputValue();
      expect(code).toContain(`<iframe src="${env.server.url}/widget/blog/${writer.id}"`);
      expect(code).toContain('title="Записи блога «Пекарь Блогер» на Среде"');
      await embed.scrollIntoViewIfNeeded();
      await shot(page, `blog-widget-embed-${suffix}`);
      await context.close();
    }
  });
});
