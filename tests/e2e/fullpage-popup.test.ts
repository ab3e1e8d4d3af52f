import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, open, registerViaApi, shot, signIn, useSharedBrowser } from './harness.ts';

/** A full-page popup's white sheet holds all of its content, however tall: in the style guide and in the editor. */
const env = useSharedBrowser();
let staff: Awaited<ReturnType<typeof registerViaApi>>;

beforeAll(async () => {
  // The site's superuser: the style guide at /admin/ui opens for it.
  staff = env.server.owner;
});
const VIEWPORTS = [
  [1280, 900],
  [375, 760],
] as const;

/** Scrolled to the end, how far the last piece of content reaches below the sheet's bottom edge (positive: it spills out). */
function spill(page: Page, content: string) {
  return page.evaluate((selector) => {
    const sheet = document.querySelector('[data-testid=popup]')!.getBoundingClientRect();
    const last = [...document.querySelectorAll(selector)].at(-1)!.getBoundingClientRect();
    return Math.round(last.bottom - sheet.bottom);
  }, content);
}

/** Scrolls whatever scrolls (the overlay on wide screens, the sheet itself on narrow ones) to the end. */
async function scrollToEnd(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-testid=popup-overlay], [data-testid=popup]'))
      el.scrollTop = el.scrollHeight;
  });
  await page.waitForTimeout(200);
}

/** Whether the point just above the overlay's 24 px margin at the window's bottom is on the sheet (not the dark overlay). */
const sheetAtBottom = (page: Page, height: number) =>
  page.evaluate((y) => !!document.elementFromPoint(200, y)?.closest('[data-testid=popup]'), height - 28);

describe('full-page popups', () => {
  it('the style guide sheet fills the window when short and grows with tall content', async () => {
    for (const [width, height] of VIEWPORTS) {
      const { context, page } = await newPage(env.browser, width, height);
      await signIn(context, env.server, staff.cookie);
      await open(page, `${env.server.url}/admin/ui`);
      await page.click('[data-testid=kit-fullpage]');
      await page.waitForSelector('[data-testid=popup][data-kind=kit-fullpage]');
      await page.waitForTimeout(200); // the opening animation
      // Short: the sheet still reaches the bottom of the window.
      expect(await sheetAtBottom(page, height)).toBe(true);
      await shot(page, `fullpage-kit-short-${width}`);

      // Tall: paragraphs far past the window's height stay on the sheet.
      await page.evaluate(() => {
        const body = document.querySelector('[data-testid=popup] .ov-popup__body')!;
        for (let i = 1; i <= 40; i++) {
          const p = document.createElement('p');
          p.className = 'tall-line';
          p.textContent = `Строка ${i}: длинный текст, который не помещается в окно и прокручивается вместе с листом.`;
          body.append(p);
        }
      });
      await scrollToEnd(page);
      expect(await spill(page, '.tall-line')).toBeLessThanOrEqual(0);
      expect(await sheetAtBottom(page, height)).toBe(true);
      await shot(page, `fullpage-kit-tall-${width}`);
      await context.close();
    }
  });

  it('the editor popup holds a long entry, its publish bar at the bottom', async () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => ({
      type: 'text',
      data: {
        text: `Абзац ${i + 1}: у длинной записи много текста, и вся она должна оставаться на белом листе редактора.`,
      },
    }));
    const res = await fetch(`${env.server.url}/v3.0/writing/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-this-is-csrf': '1', cookie: staff.cookie },
      body: JSON.stringify({ title: 'Очень длинный черновик', entry: paragraphs, is_published: 0 }),
    });
    const { id } = (await res.json()).data.entry;
    for (const [width, height] of VIEWPORTS) {
      const { context, page } = await newPage(env.browser, width, height);
      await signIn(context, env.server, staff.cookie);
      await open(page, `${env.server.url}/?name=editor&id=${id}`);
      await page.waitForSelector('[data-testid=editor-blocks][data-ready="1"] .ce-block');
      await page.waitForTimeout(400); // Editor.js fades blocks in
      await shot(page, `fullpage-editor-top-${width}`);
      await scrollToEnd(page);
      expect(await spill(page, '.codex-editor .ce-block')).toBeLessThanOrEqual(0);
      const foot = await page.locator('.ed-foot').boundingBox();
      expect(foot && foot.y + foot.height).toBeLessThanOrEqual(height + 1);
      expect(await sheetAtBottom(page, height)).toBe(true);
      await shot(page, `fullpage-editor-end-${width}`);
      await context.close();
    }
  });
});
