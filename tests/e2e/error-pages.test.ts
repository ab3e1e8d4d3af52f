import { describe, expect, it } from 'vitest';
import { newPage, open, registerViaApi, shot, signIn, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();

describe('error pages inside the site shell', () => {
  it('a 404 keeps the header and the sidebar, has its own title and an animated screen; no file of the page is missing', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(env.browser, width, 900);
      // The harness asks for reduced motion (no endless animations eating a test machine's CPU); this one looks.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const missing: string[] = [];
      page.on('response', (res) => {
        if (res.status() >= 400) missing.push(`${res.status()} ${res.url()}`);
      });
      await open(page, env.server.url);
      // The icons the head links are served (a missing favicon is a console error on every page).
      expect(await page.locator('link[rel=icon]').count()).toBeGreaterThanOrEqual(2);
      expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe('/manifest.webmanifest');
      // The browser's bar and the installed app take one colour.
      const installed = (await (await fetch(`${env.server.url}/manifest.webmanifest`)).json()) as {
        theme_color: string;
      };
      expect(await page.locator('meta[name=theme-color]').getAttribute('content')).toBe(installed.theme_color);
      for (const href of await page
        .locator('link[rel=icon], link[rel=apple-touch-icon], link[rel=manifest]')
        .evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).href))) {
        expect((await fetch(href)).status, href).toBe(200);
      }
      expect((await fetch(`${env.server.url}/favicon.ico`)).status).toBe(200);
      expect(missing).toEqual([]);

      const res = await page.goto(`${env.server.url}/no-such-page/at-all`);
      expect(res?.status()).toBe(404);
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      await page.waitForSelector('[data-testid=error-page][data-status="404"]');
      expect(await page.title()).toBe('Такой страницы нет — Среда');
      expect(await page.locator('.site-header').count()).toBe(1);
      expect(await page.locator('.logo').count()).toBe(1);
      expect(await page.locator('aside.sidebar, .sidebar').count()).toBeGreaterThanOrEqual(1);
      expect(await page.locator('[data-testid=error-page] h1').textContent()).toBe('Такой страницы нет');
      const animation = await page
        .locator('.error-digit')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName);
      expect(animation).not.toBe('none');
      await shot(page, `error-404-${width}`);
      // Navigation works from the error page: the logo leads to the feed.
      await page.click('.logo');
      await page.waitForSelector('[data-testid=entry-card]');
      // Going back to it in the page is a failed navigation (spec/content.md §8): the notice, and the feed stays.
      await page.goBack();
      await page.getByText('Не удалось перейти на страницу (код 404)').waitFor();
      expect(await page.locator('[data-testid=error-page]').count()).toBe(0);
      await page.waitForSelector('[data-testid=entry-card]');
      await context.close();
    }
  });

  it('/settings for an anonymous reader opens the sign-in dialog; signing in there shows the settings page without a reload', async () => {
    const reader = await registerViaApi(env.server, 'Ольга Настройкина');
    const { context, page } = await newPage(env.browser, 375, 800);
    const res = await page.goto(`${env.server.url}/settings`);
    expect(res?.status()).toBe(401);
    await page.waitForSelector('html[data-ready]', { state: 'attached' });
    await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
    expect(await page.title()).toBe('Нужно войти — Среда');
    expect(await page.locator('.site-header').count()).toBe(1);
    expect(await page.locator('text=Что-то сломалось').count()).toBe(0);
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await shot(page, 'signin-dialog-settings-375');
    await page.fill('[data-testid=auth-popup] input[name=email]', reader.email);
    await page.fill('[data-testid=auth-popup] input[name=password]', reader.password);
    await page.click('[data-testid=auth-submit]');
    await page.waitForSelector('[data-testid=settings-page]');
    expect(new URL(page.url()).pathname).toBe('/u/me/settings');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.title()).toBe('Настройки — Среда');
    await shot(page, 'settings-after-signin-375');
    await context.close();
  });

  it('closing the dialog leaves an invitation to sign in whose button opens the dialog again', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(env.browser, width, 900);
      await page.goto(`${env.server.url}/drafts`);
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      await page.waitForSelector('[data-testid=auth-popup]');
      await page.click('[data-testid=popup-close]');
      await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
      const invitation = page.locator('[data-testid=error-page][data-kind=signin]');
      await invitation.waitFor();
      expect(await invitation.locator('h1').textContent()).toBe('Войдите, чтобы открыть эту страницу');
      expect(await invitation.textContent()).not.toContain('401');
      await shot(page, `signin-invitation-${width}`);
      await page.click('[data-testid=signin-invitation-button]');
      await page.waitForSelector('[data-testid=auth-popup][data-mode=login]');
      await context.close();
    }
  });

  it('a page the account may not open is a 403 screen in the shell with its own title', async () => {
    const reader = await registerViaApi(env.server, 'Пётр Безправ');
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(env.browser, width, 900);
      await signIn(context, env.server, reader.cookie);
      const res = await page.goto(`${env.server.url}/admin/outbox`);
      expect(res?.status()).toBe(403);
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      await page.waitForSelector('[data-testid=error-page][data-status="403"]');
      expect(await page.title()).toBe('Недостаточно прав — Среда');
      expect(await page.locator('[data-testid=account-menu]').count()).toBe(1);
      await shot(page, `error-403-${width}`);
      await context.close();
    }
  });
});
