import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { open, shot, useSharedBrowser, signIn } from './harness.ts';

/** The overlay system of spec/foundation.md §2, §4, §9, driven through the staff style guide at /admin/ui. */
const env = useSharedBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
  context.setDefaultTimeout(30_000);
  page = await context.newPage();
  // Signed in as the site's superuser, so staff pages open.
  await signIn(context, env.server, env.server.owner.cookie);
  await open(page, env.server.url);
});
const kit = async () => {
  await open(page, `${env.server.url}/admin/ui`);
  await page.waitForSelector('[data-testid=ui-kit]');
};
// Layout width: the opening animation scales the box, offsetWidth ignores transforms.
const widthOf = (selector: string) => page.locator(selector).evaluate((el) => (el as HTMLElement).offsetWidth);

describe('overlays', () => {
  it('shows a toast after the show delay, keeps it 3000 ms, removes it 600 ms after hiding', async () => {
    await kit();
    // Timestamps are taken in the page by a MutationObserver, so test-side polling latency does not count.
    await page.evaluate(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { toastMarks: Record<string, number> }).toastMarks = marks;
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid=toast]');
        const phase = el ? el.getAttribute('data-phase')! : 'gone';
        if (marks.shown !== undefined || phase !== 'gone') marks[phase] ??= performance.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
      document.querySelector<HTMLButtonElement>('[data-testid=kit-toast-success]')!.click();
      marks.clicked = performance.now();
    });
    await page.waitForSelector('[data-testid=toast][data-phase=shown]');
    expect(await page.locator('[data-testid=toast]').evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(350);
    await shot(page, 'kit-toast-desktop');
    await page.waitForSelector('[data-testid=toast]', { state: 'detached' });
    const marks = await page.evaluate(() => (window as unknown as { toastMarks: Record<string, number> }).toastMarks);
    expect(marks.shown - marks.clicked).toBeGreaterThanOrEqual(90);
    expect(marks.hidden - marks.shown).toBeGreaterThanOrEqual(2990);
    expect(marks.hidden - marks.shown).toBeLessThan(3600);
    expect(marks.gone - marks.hidden).toBeGreaterThanOrEqual(590);
    expect(marks.gone - marks.hidden).toBeLessThan(1200);
  });

  it('dismisses a toast swiped sideways by more than 20 px, not by less', async () => {
    await kit();
    await page.click('[data-testid=kit-toast-error]');
    const box = (await page.locator('[data-testid=toast][data-type=error]').boundingBox())!;
    await page.waitForSelector('[data-testid=toast][data-phase=shown]');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 55, y);
    await page.mouse.up();
    expect(await page.getAttribute('[data-testid=toast]', 'data-phase')).toBe('shown');
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 70, y, { steps: 3 });
    await page.mouse.up();
    await page.waitForSelector('[data-testid=toast][data-phase=swiped]', { state: 'attached' });
    await page.waitForSelector('[data-testid=toast]', { state: 'detached' });
  });

  it('opens centred popups of 480, 640 and 880 px; Escape and the overlay close them', async () => {
    await kit();
    for (const [size, width] of [
      ['small', 480],
      ['medium', 640],
      ['large', 880],
    ] as const) {
      await page.click(`[data-testid=kit-popup-${size}]`);
      await page.waitForSelector(`[data-testid=popup][data-kind=kit-${size}]`);
      expect(await widthOf('[data-testid=popup]')).toBe(width);
      if (size === 'medium') await shot(page, 'kit-popup-desktop');
      if (size === 'large') await page.click('[data-testid=popup-overlay]', { position: { x: 10, y: 10 } });
      else await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
    }
  });

  it('keeps a history of stacked popups: back returns to the previous one, close clears them all', async () => {
    await kit();
    await page.click('[data-testid=kit-popup-stack]');
    await page.click('[data-testid=stack-1] button');
    await page.click('[data-testid=stack-2] button');
    await page.waitForSelector('[data-testid=stack-3]');
    await page.click('[data-testid=popup-back]');
    await page.waitForSelector('[data-testid=stack-2]');
    await page.click('[data-testid=popup-back]');
    await page.waitForSelector('[data-testid=stack-1]');
    await page.click('[data-testid=stack-1] button');
    await page.click('[data-testid=popup-close]');
    await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
  });

  it('closes every popup when the page changes', async () => {
    await kit();
    await page.click('[data-testid=kit-popup-small]');
    await page.waitForSelector('[data-testid=popup]');
    // A client-side navigation (the logo link, clicked under the overlay): the document stays, the route changes.
    await page.locator('a.logo').dispatchEvent('click');
    await page.waitForURL(`${env.server.url}/`);
    await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
  });

  it('maximizes a full-page popup, collapses the sidebar, and remembers it per kind', async () => {
    await kit();
    await page.click('[data-testid=kit-fullpage]');
    await page.waitForSelector('[data-testid=popup][data-maximized="0"]');
    await page.click('[data-testid=popup-maximize]');
    await page.waitForSelector('[data-testid=popup][data-maximized="1"]');
    await page.waitForSelector('[data-testid=sidebar][data-collapsed="1"]', { state: 'attached' });
    await shot(page, 'kit-fullpage-desktop');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
    await page.click('[data-testid=kit-fullpage]');
    await page.waitForSelector('[data-testid=popup][data-maximized="1"]');
    await page.click('[data-testid=popup-maximize]');
    await page.keyboard.press('Escape');
  });

  it('moves through a popover with the arrow keys, wrapping, and never selects a disabled item', async () => {
    await kit();
    await page.click('[data-testid=kit-popover]');
    await page.waitForSelector('[data-testid=popover]');
    await page.keyboard.press('ArrowUp'); // wraps to the last item, the disabled one
    await page.keyboard.press('Enter');
    expect(await page.locator('[data-testid=popover]').count()).toBe(1);
    await page.keyboard.press('ArrowDown'); // wraps to the first
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=popover]', { state: 'detached' });
    expect(await page.textContent('[data-testid=kit-result]')).toBe('Поделиться');
  });

  it('shows a tooltip on hover', async () => {
    await kit();
    await page.hover('[data-testid=kit-tooltip]');
    await page.waitForSelector('[data-testid=tooltip]');
    expect(await page.textContent('[data-testid=tooltip]')).toBe('Подсказка появляется при наведении');
  });

  it('focuses the reason field of a modal and confirms it with Ctrl+Enter; cancel resolves false', async () => {
    await kit();
    await page.click('[data-testid=kit-modal-reason]');
    await page.waitForSelector('[data-testid=modal][data-kind=unpublish]');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'modal-reason');
    await page.keyboard.type('Нарушает правила');
    await shot(page, 'kit-modal-desktop');
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('[data-testid=modal]', { state: 'detached' });
    expect(await page.textContent('[data-testid=kit-result]')).toBe('Подтверждено: Нарушает правила');
    await page.click('[data-testid=kit-modal-confirm]');
    await page.click('[data-testid=modal-cancel]');
    await page.waitForSelector('[data-testid=modal]', { state: 'detached' });
    expect(await page.textContent('[data-testid=kit-result]')).toBe('Отменено');
  });

  it('keeps the style guide from anyone but staff', async () => {
    expect((await fetch(`${env.server.url}/admin/ui`)).status).toBe(401);
  });

  it('spans toasts and popups across a 375 px phone', async () => {
    const phone = await env.browser.newContext({
      viewport: { width: 375, height: 812 },
      storageState: await context.storageState(),
    });
    const p = await phone.newPage();
    await open(p, `${env.server.url}/admin/ui`);
    await p.click('[data-testid=kit-toast-success]');
    await p.waitForSelector('[data-testid=toast][data-phase=shown]');
    expect(
      await p.locator('[data-testid=toast]').evaluate((el) => (el as HTMLElement).offsetWidth),
    ).toBeGreaterThanOrEqual(343);
    await p.click('[data-testid=kit-popup-large]');
    await p.waitForSelector('[data-testid=popup]');
    expect(
      await p.locator('[data-testid=popup]').evaluate((el) => (el as HTMLElement).offsetWidth),
    ).toBeGreaterThanOrEqual(343);
    await shot(p, 'kit-popup-mobile');
    await phone.close();
  });
});
