import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, registerViaApi, useSharedBrowser, shot, signedInPage } from './harness.ts';

const env = useSharedBrowser();
let cookie: string;

beforeAll(async () => {
  cookie = (await registerViaApi(env.server, 'Фёкла Формова')).cookie;
});
const UNSAVED = 'Вы что-то ввели и решили уйти, это не случайность?';
/** Every limited field a reader sees, search boxes aside (the header's search, the pickers' comboboxes: a query). */
const LIMITED = 'input[maxlength]:not([type=search]):not([role=combobox]):visible, textarea[maxlength]:visible';

/**
 * Walks every limited field on the page: 21 characters left shows no counter, 15 shows it, 5 shows the warning,
 * and typing stops at the limit. Returns how many fields it walked.
 */
async function walkLimitedFields(page: Page, where: string): Promise<number> {
  const fields = page.locator(LIMITED);
  const n = await fields.count();
  expect(n, `${where}: limited fields`).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const field = fields.nth(i);
    if (await field.isDisabled()) continue;
    const was = await field.inputValue();
    const max = Number(await field.getAttribute('maxlength'));
    const name = `${where} #${i} (${(await field.getAttribute('name')) ?? (await field.getAttribute('data-testid'))})`;
    const counter = field
      .locator('xpath=ancestor::*[contains(@class,"limited")][1]')
      .locator('[data-testid=limited-counter]');
    const text = (k: number) => (max > 40 ? 'ж' : '7').repeat(k);
    if (max > 21) {
      await field.fill(text(max - 21));
      expect(await counter.count(), `${name}: no counter far from the limit`).toBe(0);
    }
    await field.fill(text(Math.max(max - 15, 0)));
    await counter.waitFor();
    expect(await counter.textContent(), name).toBe(String(Math.min(15, max)));
    expect(await counter.getAttribute('class'), name).not.toContain('warning');
    await field.fill(text(max - 5));
    expect(await counter.textContent(), name).toBe('5');
    expect(await counter.getAttribute('class'), name).toContain('limited-counter--warning');
    await field.press('End');
    await field.pressSequentially(text(8));
    expect((await field.inputValue()).length, `${name}: typing stops at the limit`).toBe(max);
    await field.fill(was); // as it was: leaving the page asks nothing
  }
  return n;
}

/** Leaving by an in-app link asks; staying keeps the page, leaving goes. */
async function leaveAsks(page: Page, typeInto: string, text: string) {
  const before = page.url();
  await page.fill(typeInto, text);
  await page.locator('a[href="/"]').first().click();
  const question = page.locator('[data-testid=modal]', { hasText: UNSAVED });
  await question.waitFor();
  await question.locator('[data-testid=modal-cancel]').click();
  await question.waitFor({ state: 'detached' });
  expect(page.url()).toBe(before);
  expect(await page.locator(typeInto).inputValue()).toBe(text);
  await page.locator('a[href="/"]').first().click();
  await question.waitFor();
  await question.locator('[data-testid=modal-confirm]').click();
  await page.waitForURL(`${env.server.url}/`);
}

describe('form helpers: limited fields, the unsaved-input guard, https on links', () => {
  it('every limited field of the settings, vacancy and event forms counts down near its limit', async () => {
    const { context, page } = await signedInPage(env.browser, env.server, cookie);
    const pages: [string, string][] = [
      ['/u/me/settings', '[data-testid=settings-communities]'],
      ['/job/new', '[data-testid=vacancy-form]'],
      ['/events/new', '[data-testid=event-form]'],
    ];
    let walked = 0;
    for (const [path, ready] of pages) {
      await open(page, `${env.server.url}${path}`);
      await page.locator(ready).first().waitFor();
      walked += await walkLimitedFields(page, path);
    }
    expect(walked).toBeGreaterThanOrEqual(10);
    await context.close();
  });

  it('asks before leaving the settings and vacancy forms with typed text, and before a reload', async () => {
    const { context, page } = await signedInPage(env.browser, env.server, cookie);
    await open(page, `${env.server.url}/u/me/settings`);
    await leaveAsks(page, '[data-testid=settings-communities] input[name=name]', 'Клуб любителей форм');

    await open(page, `${env.server.url}/job/new`);
    await leaveAsks(page, '[data-testid=field-title]', 'Редактор');

    // Nothing typed: leaving asks nothing.
    await open(page, `${env.server.url}/job/new`);
    await page.locator('[data-testid=vacancy-form]').waitFor();
    await page.locator('a[href="/"]').first().click();
    await page.waitForURL(`${env.server.url}/`);

    await open(page, `${env.server.url}/events/new`);
    await page.fill('[data-testid=field-title]', 'Митап');
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
    await context.close();
  });

  it('a link typed without its protocol gets https:// when the field is left', async () => {
    const { context, page } = await signedInPage(env.browser, env.server, cookie);
    await open(page, `${env.server.url}/events/new`);
    const link = page.locator('[data-testid=field-register-url]');
    await link.fill('example.ru/meetup');
    await page.locator('[data-testid=field-title]').focus();
    expect(await link.inputValue()).toBe('https://example.ru/meetup');
    await link.fill('http://example.ru');
    await page.locator('[data-testid=field-title]').focus();
    expect(await link.inputValue()).toBe('http://example.ru');
    await link.fill('example.ru');
    await shot(page, 'form-helpers-event-1280');
    await context.close();
  });
});
