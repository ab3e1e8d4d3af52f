import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, open, registerViaApi, shot, signedInPage, useSharedBrowser } from './harness.ts';
import sharp from 'sharp';
import { messages } from '../../src/shared/catalogue.ts';

const env = useSharedBrowser();

const nickname = (page: Page) => page.locator('[data-testid=nickname-form] input[name=name]');

describe('account settings in the browser', () => {
  it('changes the name with the nickname form: initial, edit, cancel restores, save, then the monthly rule', async () => {
    const a = await registerViaApi(env.server, 'Анна Первая');
    const { page } = await signedInPage(env.browser, env.server, a.cookie, 1280, 900);
    // The old address leads to the notification settings, now a section of /u/me/settings.
    await open(page, `${env.server.url}/settings`);
    expect(new URL(page.url()).pathname).toBe('/u/me/settings');
    await page.waitForSelector('[data-testid=notification-settings]');

    const form = page.locator('[data-testid=nickname-form]');
    expect(await form.getAttribute('data-state')).toBe('initial');
    expect(await nickname(page).isDisabled()).toBe(true);
    await page.click('[data-testid=nickname-edit]');
    await page.waitForSelector('[data-testid=nickname-form][data-state=edit]');
    await nickname(page).fill('Совсем Другое Имя');
    await form.getByRole('button', { name: 'Отмена' }).click();
    await page.waitForSelector('[data-testid=nickname-form][data-state=initial]');
    expect(await nickname(page).inputValue()).toBe('Анна Первая');
    expect(await nickname(page).isDisabled()).toBe(true);

    await page.click('[data-testid=nickname-edit]');
    await nickname(page).fill('Анна Вторая');
    await shot(page, 'settings-nickname-edit-1280');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForSelector('[data-testid=nickname-form][data-state=initial]');
    const check = await callApi<{ user: { name: string } }>(env.server, '/v3.0/auth/check', a.cookie);
    expect(check.data.user.name).toBe('Анна Вторая');
    await expect.poll(() => form.locator('.settings-hint').textContent()).toContain('следующая смена');

    await page.click('[data-testid=nickname-edit]');
    await nickname(page).fill('Анна Третья');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => form.locator('[role=alert]').textContent()).toContain('раз в месяц');
    expect((await callApi<{ user: { name: string } }>(env.server, '/v3.0/auth/check', a.cookie)).data.user.name).toBe(
      'Анна Вторая',
    );
    // An avatar: chosen, framed (zoomed in the cropper), uploaded through the media upload, saved to the profile.
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await page.setInputFiles('[data-testid=avatar-picker] input[type=file]', {
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.waitForSelector('[data-testid=cropper]');
    await page.locator('[data-testid=cropper] input[type=range]').fill('2');
    await shot(page, 'settings-avatar-crop-1280');
    await page.click('[data-testid=cropper-save]');
    await page.waitForSelector('[data-testid=avatar-picker] img[src^="/media/"]');
    const settings = await callApi<{ avatar_url: string }>(env.server, '/v3.0/users/settings', a.cookie);
    expect(settings.data.avatar_url).toMatch(/^\/media\/[0-9a-f-]{36}\/$/);
    const avatar = await fetch(env.server.url + settings.data.avatar_url);
    const meta = await sharp(Buffer.from(await avatar.arrayBuffer())).metadata();
    // Square, as the avatar frame is: the 640×400 picture was cut, not squeezed.
    expect(meta.width).toBe(meta.height);
    await shot(page, 'settings-profile-1280');
    await shot(page, 'settings-page-1280', true);
  });

  it('the token modal shows a new token once with its status and valid-until; the token works, then is revoked', async () => {
    const b = await registerViaApi(env.server, 'Борис Бот');
    const { page } = await signedInPage(env.browser, env.server, b.cookie, 375, 812);
    await open(page, `${env.server.url}/u/me/settings#signin`);
    await page.click('[data-testid=token-open]');
    const dialog = page.locator('[data-testid=token-dialog]');
    await dialog.locator('input[name=name]').fill('Мой бот');
    await dialog.locator('input[name=scope][value=write]').check();
    await dialog.locator('select[name=days]').selectOption('30');
    await shot(page, 'settings-token-modal-form-375');
    await page.click('[data-testid=token-create]');
    const value = await dialog.locator('[data-testid=token-value]').textContent();
    expect(value).toMatch(/^sreda_/);
    expect(await dialog.locator('[data-testid=token-card]').getAttribute('data-status')).toBe('active');
    expect(await dialog.locator('[data-testid=token-valid-until]').textContent()).toMatch(/\d+ [а-я]+/);
    await shot(page, 'settings-token-modal-375');

    const asBot = (path: string, body?: unknown) =>
      fetch(env.server.url + path, {
        method: body ? 'POST' : 'GET',
        headers: { 'x-device-token': value!, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json());
    expect((await asBot('/v3.0/auth/check')).data.user.id).toBe(b.id);
    expect((await asBot('/v3.0/users/settings/profile', { description: 'Я бот' })).rc).toBe(200);

    await page.keyboard.press('Escape');
    const card = page.locator('[data-testid=tokens] [data-testid=token-card]').first();
    await card.getByRole('button', { name: 'Отозвать' }).click();
    await page.locator('.ov-modal').getByRole('button', { name: 'Отозвать' }).click();
    await page.waitForSelector('[data-testid=tokens] [data-testid=token-card][data-status=revoked]');
    const after = await asBot('/v3.0/auth/check');
    expect([after.rc, after.rm]).toEqual([401, messages.tokenInvalid]);

    await open(page, `${env.server.url}/u/me/settings`);
    await page.waitForSelector('[data-testid=session-item]');
    // The data export is made by a job; the section follows it to the download link.
    await page.getByRole('button', { name: 'Подготовить архив' }).click();
    await page.waitForSelector('[data-testid=export-item][data-status=ready] a[download]', { timeout: 20_000 });
    await shot(page, 'settings-page-375', true);
  });

  it('subsite settings: the owner’s page at both widths, a wrong profile link named in Russian, the API reference', async () => {
    const c = await registerViaApi(env.server, 'Глава Клуба');
    const made = await callApi<{ id: number; url: string }>(env.server, '/v3.0/subsite/create', c.cookie, {
      name: 'Клуб велосипедистов',
      slug: 'bike-club',
      description: 'Катаемся по выходным',
    });
    expect(made.rc).toBe(200);
    for (const width of [1280, 375]) {
      const { page, context } = await signedInPage(env.browser, env.server, c.cookie, width, 900);
      await open(page, `${env.server.url}${made.data.url}/settings`);
      await page.waitForSelector('[data-testid=subsite-settings]');
      if (width === 1280) {
        await page.fill('[data-testid=member-link]', 'https://example.com/u/1');
        await page.click('[data-testid=subsite-members] button[type=submit]');
        await expect
          .poll(() => page.locator('[data-testid=member-error]').textContent())
          .toBe(messages.userLinkInvalid);
        await page.fill('textarea[name=rules]', 'Шлем обязателен');
        await page.click('[data-testid=subsite-save]');
        await expect
          .poll(
            async () =>
              (await callApi<{ rules: string }>(env.server, `/v3.0/subsite/settings/${made.data.id}`, c.cookie)).data
                .rules,
          )
          .toBe('Шлем обязателен');
      }
      await shot(page, `subsite-settings-${width}`, true);
      await context.close();
    }
    const stranger = await registerViaApi(env.server, 'Посторонний');
    const { page } = await signedInPage(env.browser, env.server, stranger.cookie, 1280, 900);
    const res = await page.goto(`${env.server.url}${made.data.url}/settings`);
    expect(res?.status()).toBe(403);

    await open(page, `${env.server.url}/developers/api`);
    expect(await page.locator('[data-testid=api-op]').count()).toBeGreaterThan(50);
    await page.fill('.api-reference__filter', 'settings/name');
    await page.locator('[data-testid=api-op] summary').first().click();
    await shot(page, 'api-reference-1280');
  });
});
