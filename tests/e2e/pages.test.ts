import { describe, expect, it } from 'vitest';
import { editorReady, newPage, open, registerViaApi, useSharedBrowser, shot, signedInPage } from './harness.ts';
import { pageTemplates } from '../../src/shared/catalogue/pages-templates.ts';
import { messages } from '../../src/shared/catalogue.ts';

/** The site's own pages (issue 31, point 5): an administrator edits /about, a reader sees it, a version comes back. */

const env = useSharedBrowser();

describe('site pages in the browser', () => {
  it('an administrator edits /about, a reader sees it, the administrator brings the old version back', async () => {
    const mark = `Редакция ${Date.now()}`;
    // The shared server's first account (superuser) runs the site.
    const staff = await signedInPage(env.browser, env.server, env.server.owner.cookie);
    await open(staff.page, `${env.server.url}/admin/pages`);
    await staff.page.waitForSelector('[data-testid=admin-page][data-slug=about]');
    await shot(staff.page, 'pages-admin-list-1280');
    await staff.page.click('[data-testid=admin-page][data-slug=about] a');
    await staff.page.waitForSelector('[data-testid=page-form]');
    await editorReady(staff.page);
    const before = await staff.page.locator('[data-testid=page-version]').count();

    await staff.page.fill('[data-testid=field-title]', `О проекте: ${mark}`);
    // The lead paragraph rewritten (the first Ctrl+A selects the block's text).
    await staff.page.locator('[data-testid=field-blocks] .ce-paragraph').first().click();
    await staff.page.keyboard.press('ControlOrMeta+A');
    await staff.page.keyboard.type(`Новый абзац: ${mark}`);
    await staff.page.click('[data-testid=page-save]');
    await expect.poll(() => staff.page.locator('[data-testid=page-version]').count()).toBe(before + 1);
    await expect(staff.page.locator('[data-testid=page-version]').first().getAttribute('data-current')).resolves.toBe(
      '1',
    );
    await shot(staff.page, 'pages-admin-editor-1280', true);

    // A reader on a phone sees the new text, with the page's title and description in the head.
    const reader = await newPage(env.browser, 375, 812);
    await open(reader.page, `${env.server.url}/about`);
    await expect(reader.page.locator('[data-testid=static-page-title]').textContent()).resolves.toBe(
      `О проекте: ${mark}`,
    );
    await expect(reader.page.locator('[data-testid=static-page]').textContent()).resolves.toContain(
      `Новый абзац: ${mark}`,
    );
    await expect(reader.page.title()).resolves.toContain(mark);
    await expect(reader.page.locator('meta[name=description]').getAttribute('content')).resolves.toBe(
      pageTemplates.about.description,
    );
    await expect(reader.page.locator('[data-testid=static-page-edit]').count()).resolves.toBe(0);
    await shot(reader.page, 'pages-about-375', true);

    // Back to the version before the edit: the page reads like it again, and the edit stays among the versions.
    await staff.page.locator('[data-testid=page-version]').nth(1).locator('[data-testid=page-restore]').click();
    await staff.page.click('[data-testid=modal] [data-testid=modal-confirm]');
    await staff.page.waitForSelector(`text=${messages.pageRestored}`);
    await expect.poll(() => staff.page.locator('[data-testid=page-version]').count()).toBe(Math.min(before + 2, 50));
    await open(reader.page, `${env.server.url}/about`);
    await expect(reader.page.locator('[data-testid=static-page]').textContent()).resolves.not.toContain(mark);
    await staff.context.close();
    await reader.context.close();
  });

  it('shows every page in the site shell with the footer links, at 1280 and 375 px', async () => {
    const wide = await newPage(env.browser, 1280, 900);
    await open(wide.page, `${env.server.url}/terms`);
    await expect(wide.page.locator('[data-testid=static-page-title]').textContent()).resolves.toBe(
      pageTemplates.terms.title,
    );
    await expect(wide.page.locator('[data-testid=static-page]').textContent()).resolves.toMatch(/Это\sшаблон:/);
    const footer = wide.page.locator('[data-testid=site-footer] a');
    await expect(footer.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).resolves.toEqual([
      '/about',
      '/contacts',
      '/terms',
      '/agreement',
    ]);
    await shot(wide.page, 'pages-terms-1280');
    await footer.filter({ hasText: 'Контакты' }).click();
    // A navigation in the app: the same route file under another address reads its own page.
    await expect
      .poll(() => wide.page.locator('[data-testid=static-page-title]').textContent())
      .toBe(pageTemplates.contacts.title);
    expect(new URL(wide.page.url()).pathname).toBe('/contacts');
    await open(wide.page, `${env.server.url}/job/rules`);
    await expect(wide.page.locator('[data-testid=static-page]').getAttribute('data-slug')).resolves.toBe('job-rules');
    await wide.context.close();

    const phone = await newPage(env.browser, 375, 812);
    await open(phone.page, `${env.server.url}/agreement`);
    await shot(phone.page, 'pages-agreement-375');
    await phone.context.close();
  });

  it('keeps /admin/pages to administrators: 401 for a guest, 403 for a reader', async () => {
    const reader = await registerViaApi(env.server, 'Читатель Страниц');
    expect((await fetch(`${env.server.url}/admin/pages`)).status).toBe(401);
    expect((await fetch(`${env.server.url}/admin/pages`, { headers: { cookie: reader.cookie } })).status).toBe(403);
    expect(
      (await fetch(`${env.server.url}/admin/pages`, { headers: { cookie: env.server.owner.cookie } })).status,
    ).toBe(200);
  });

  it('the sign-up form opens the rules and the agreement in a new tab', async () => {
    const { context, page } = await newPage(env.browser, 375, 812);
    await open(page, env.server.url);
    await page.click('[data-testid=login-button]');
    await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
    await page.click('[data-testid=to-register]');
    const links = page.locator('[data-testid=register-terms] a');
    await expect(
      links.evaluateAll((as) =>
        as.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
      ),
    ).resolves.toEqual([
      ['/terms', '_blank', 'noopener'],
      ['/agreement', '_blank', 'noopener'],
    ]);
    await shot(page, 'pages-register-375');
    const [tab] = await Promise.all([context.waitForEvent('page'), links.first().click()]);
    await tab.waitForSelector('[data-testid=static-page][data-slug=terms]');
    await context.close();
  });
});
