import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FRESH_SIGN_IN_MINUTES } from '../../src/shared/accounts.ts';
import { ui } from '../../src/shared/catalogue.ts';
import { freePort } from '../../scripts/free-port.ts';
import { startTestOidc, type TestOidc } from '../../src/server/modules/signin/testing.ts';
import {
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot as save,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';

/**
 * Other ways in, in Chromium: QR sign-in across two browser contexts (the phone confirms, the waiting browser
 * signs in through its socket), social sign-in in its popup window against a real local OpenID Connect provider,
 * and a passkey registered and used with Chromium's virtual authenticator. The site runs at `localhost`
 * (WebAuthn refuses an IP address as its relying party).
 */
let server: Server;
let browser: Browser;
let oidc: TestOidc;

beforeAll(async () => {
  const [port, oidcPort] = await Promise.all([freePort(), freePort()]);
  const publicUrl = `http://localhost:${port}`;
  [oidc, browser] = await Promise.all([startTestOidc([`${publicUrl}/auth/oidc/callback`], oidcPort), launchBrowser()]);
  server = await startServer({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    FETCH_ALLOW_HOSTS: '127.0.0.1',
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_NAME: 'Тестовый ID',
    // X and Facebook configured: their buttons join the popup (their pages are stood in for below).
    TWITTER_CLIENT_ID: 'x-client',
    TWITTER_CLIENT_SECRET: 'x-secret',
    FACEBOOK_CLIENT_ID: 'fb-client',
    FACEBOOK_CLIENT_SECRET: 'fb-secret',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oidc?.close();
});

async function openLogin(page: Page) {
  await open(page, server.url);
  await page.click('[data-testid=login-button]');
  await page.waitForSelector('[data-testid=auth-popup][data-mode=login] [data-testid=provider-oidc]');
}

/** A screenshot once the overlays' entrance animations have finished (endless ones, like the live dot, aside). */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await save(page, name);
}

const accountName = (page: Page) => page.locator('.account-name').textContent();

describe('sign-in without a password, in the browser', () => {
  it('QR code: the phone sees the asking device and confirms; the waiting browser signs in through its socket', async () => {
    const person = await registerViaApi(server, 'Ольга Телефонова');
    const waiting = await newPage(browser);
    await openLogin(waiting.page);
    await shot(waiting.page, 'signin-popup-desktop');
    await waiting.page.click('[data-testid=qr-open]');
    const qr = waiting.page.locator('[data-testid=qr-panel][data-state=ready] [data-testid=qr-svg]');
    await qr.waitFor();
    const url = (await qr.getAttribute('data-url'))!;
    expect(url).toMatch(new RegExp(`^${server.url}/auth/qr/[A-Za-z0-9_-]{43}$`));
    await waiting.page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');
    await shot(waiting.page, 'signin-qr-desktop');

    const phone = await signedInPage(browser, server, person.cookie, 375, 740);
    await open(phone.page, url);
    const device = phone.page.locator('[data-testid=qr-device]');
    await device.waitFor();
    expect(await device.textContent()).toContain('Chrome');
    expect(await device.textContent()).toContain('127.0.0.1');
    await shot(phone.page, 'signin-qr-confirm-mobile');
    // The browser signs in by its socket message alone (it never polls): the time is printed, not asserted, since
    // a shared test machine's load is no measure of the product (docs/BENCHMARKS.md has the figure).
    const confirmedAt = Date.now();
    await phone.page.click('[data-testid=qr-confirm]');
    await waiting.page.waitForSelector('[data-testid=account-menu]');
    console.log(`QR sign-in: the waiting browser signed in ${Date.now() - confirmedAt} ms after the phone's tap`);
    await phone.page.waitForSelector('[data-testid=qr-done]');
    expect(await accountName(waiting.page)).toBe('Ольга Телефонова');

    // The same URL again: spent.
    await open(phone.page, url);
    await phone.page.waitForSelector('[data-testid=qr-invalid]');
    await Promise.all([waiting.context.close(), phone.context.close()]);
  });

  it('social sign-in: the provider opens in a popup window, which tells the opener and closes', async () => {
    const { context, page } = await newPage(browser);
    await openLogin(page);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('[data-testid=provider-oidc]')]);
    await popup.waitForSelector('input[name=login]');
    await popup.fill('input[name=login]', 'browser-person');
    await popup.fill('input[name=password]', 'any');
    await popup.click('button[type=submit]');
    // The development provider asks for consent once.
    await popup.waitForSelector('button[type=submit]');
    await Promise.all([popup.waitForEvent('close'), popup.click('button[type=submit]')]);
    await page.waitForSelector('[data-testid=account-menu]');
    await page.waitForSelector('[data-testid=popup]', { state: 'detached' });
    expect(await accountName(page)).toBe('Гость browser-person');
    // The account has no password: its forms say a fresh sign-in will do instead of asking for one.
    await open(page, `${server.url}/u/me/settings`);
    const email = page.locator('[data-testid=settings-email]');
    await email.waitFor();
    expect(await email.locator('input[type=password]').count()).toBe(0);
    expect(await email.textContent()).toContain(ui.accounts.noPasswordHint(FRESH_SIGN_IN_MINUTES));
    const password = page.locator('[data-testid=settings-password]');
    expect(await password.locator('input[type=password]').count()).toBe(1);
    expect(await password.locator('button[type=submit]').textContent()).toBe(ui.accounts.setPassword);
    await email.scrollIntoViewIfNeeded();
    await shot(page, 'settings-no-password-desktop');
    await page.setViewportSize({ width: 375, height: 740 });
    await email.scrollIntoViewIfNeeded();
    await shot(page, 'settings-no-password-mobile');
    await context.close();
  });

  it('X and Facebook: configured, their buttons are in the popup and open the provider’s page in a popup window', async () => {
    const { context, page } = await newPage(browser);
    // The provider's own page is not reached from the test (no network): its address, asked for, is the proof.
    await openLogin(page);
    const popup = page.locator('[data-testid=auth-popup][data-mode=login]');
    for (const [type, host, client] of [
      ['twitter', 'https://twitter.com/i/oauth2/authorize', 'x-client'],
      ['facebook', 'https://www.facebook.com/v19.0/dialog/oauth', 'fb-client'],
    ] as const) {
      const button = popup.locator(`[data-testid=provider-${type}]`);
      await button.waitFor();
      expect((await button.textContent())?.trim()).not.toBe('');
      const [opened, asked] = await Promise.all([
        context.waitForEvent('page'),
        context.waitForEvent('request', (r) => r.url().startsWith(host)),
        button.click(),
      ]);
      const url = new URL(asked.url());
      expect(url.searchParams.get('client_id')).toBe(client);
      expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/auth/${type}/callback`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      await opened.close();
    }
    await shot(page, 'signin-x-facebook-desktop');
    await context.close();
  });

  it('passkey: added in settings with the virtual authenticator, then signs in from the auth popup', async () => {
    const person = await registerViaApi(server, 'Пётр Ключников');
    const { context, page } = await signedInPage(browser, server, person.cookie);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await open(page, `${server.url}/settings/signin`);
    await page.waitForSelector('[data-testid=passkeys] [data-testid=passkey-add]');
    await page.fill('[data-testid=passkey-name]', 'Ноутбук');
    await page.click('[data-testid=passkey-add]');
    await page.waitForSelector('[data-testid=passkey-item]');
    expect(await page.locator('[data-testid=passkey-item]').textContent()).toContain('Ноутбук');
    // A new way in is told to the owner by a letter (without SMTP the log shows the kept letter).
    await expect.poll(() => server.output()).toContain('добавлен способ входа: ключ входа «Ноутбук»');
    await shot(page, 'signin-settings-desktop');

    await context.clearCookies();
    await openLogin(page);
    await page.click('[data-testid=passkey-login]');
    await page.waitForSelector('[data-testid=account-menu]');
    expect(await accountName(page)).toBe('Пётр Ключников');
    await context.close();
  });

  it('the popup states and pages at 375 px', async () => {
    const { context, page } = await newPage(browser, 375, 740);
    await openLogin(page);
    await shot(page, 'signin-popup-mobile');
    await page.click('[data-testid=magic-open]');
    await page.fill('[data-testid=magic-panel] input[name=email]', 'someone@example.ru');
    await shot(page, 'signin-magic-mobile');
    await page.click('[data-testid=magic-send]');
    await page.waitForSelector('[data-testid=magic-sent]');
    await shot(page, 'signin-magic-sent-mobile');
    await page.click('[data-testid=alt-back]');
    await page.click('[data-testid=qr-open]');
    await page.waitForSelector('[data-testid=qr-panel][data-state=ready]');
    await shot(page, 'signin-qr-mobile');
    await open(page, `${server.url}/auth/magic?token=${'A'.repeat(43)}`);
    await page.click('[data-testid=magic-use]');
    await page.waitForSelector('[data-testid=magic-invalid]');
    await shot(page, 'signin-magic-page-mobile');
    await context.close();
    const desktop = await newPage(browser);
    await openLogin(desktop.page);
    await desktop.page.click('[data-testid=magic-open]');
    await shot(desktop.page, 'signin-magic-desktop');
    await desktop.context.close();
  });
});
