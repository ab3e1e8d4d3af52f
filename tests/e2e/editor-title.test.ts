import { describe, expect, it } from 'vitest';
import { editorReady, open, registerViaApi, shot, signedInPage, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();

const headline =
  'Как небольшая команда из Казани за полтора года построила сервис доставки, которым пользуются в сорока городах России';

describe('the editor title', () => {
  it('wraps a long headline onto several lines instead of clipping it; Enter adds no line break, it moves to the text', async () => {
    const writer = await registerViaApi(env.server, 'Автор Длинных Заголовков');
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ]) {
      const { context, page } = await signedInPage(env.browser, env.server, writer.cookie, width, height);
      await open(page, `${env.server.url}/writing`);
      await editorReady(page);
      const title = page.locator('[data-testid=editor-title]');
      await title.click();
      await page.keyboard.type(headline);
      await page.keyboard.press('Enter');
      expect(await title.inputValue()).toBe(headline);
      // Enter took the caret into the text's first block: what is typed next lands there.
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.ce-block') !== null)).toBe(true);
      await page.keyboard.type('Первый абзац');
      await expect.poll(() => page.locator('.ce-block').first().innerText()).toBe('Первый абзац');
      expect(await title.inputValue()).toBe(headline);
      const size = await title.evaluate((el) => ({
        height: el.clientHeight,
        scrollHeight: el.scrollHeight,
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        line: parseFloat(getComputedStyle(el).lineHeight),
      }));
      // Everything is in view: nothing scrolls sideways or down inside the field, and it takes more than one line.
      expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);
      expect(size.scrollHeight).toBeLessThanOrEqual(size.height + 1);
      expect(size.height).toBeGreaterThan(size.line * 1.5);
      await shot(page, `editor-long-title-${width}`);
      // The empty block's hint promises what works: «+» on its left opens the block menu (Editor.js's toolbox).
      await page.keyboard.press('Enter');
      await page.click('.ce-toolbar__plus');
      await page.locator('.ce-popover--opened [data-item-name=header]').waitFor();
      await context.close();
    }
  });
});
