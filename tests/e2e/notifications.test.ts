import { describe, expect, it } from 'vitest';
import { callApi, newPage, open, publishEntry, registerViaApi, shot, signIn, useSharedBrowser } from './harness.ts';

const env = useSharedBrowser();

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(env.server, path, cookie, body);

describe('notifications in the browser', () => {
  it('B replies to A’s comment: A’s badge and title count go up live, the popover and the page show it', async () => {
    const a = await registerViaApi(env.server, 'Анна Светлова');
    const b = await registerViaApi(env.server, 'Борис Ковалёв');
    const author = await registerViaApi(env.server, 'Вера Авторова');
    const entry = await publishEntry(env.server, author.cookie, 'Запись для уведомлений');
    const mine = await api<{ id: number }>('/v3.0/comment/add', a.cookie, {
      id: entry.id,
      text: 'Интересно, что думают другие?',
    });
    expect(mine.rc).toBe(200);

    const { context: ca, page: pa } = await newPage(env.browser, 1280, 900);
    await signIn(ca, env.server, a.cookie);
    await open(pa, `${env.server.url}/`);
    await pa.waitForSelector('html[data-realtime=connected]', { state: 'attached' });
    await pa.waitForSelector('[data-testid=notifications-bell]');
    expect(await pa.locator('[data-testid=notifications-badge]').count()).toBe(0);

    // B replies in B's own env.browser, on a phone.
    const { context: cb, page: pb } = await newPage(env.browser, 375, 812);
    await signIn(cb, env.server, b.cookie);
    await open(pb, `${env.server.url}${entry.url}`);
    const target = pb.locator(`[data-testid=comment][data-id="${mine.data.id}"]`);
    await target.locator('[data-testid=comment-reply]').first().click();
    await pb.fill('[data-testid=comment-reply-form] textarea', 'Думаю, вы правы');
    await pb.press('[data-testid=comment-reply-form] textarea', 'Control+Enter');
    await pb.locator('[data-testid=comment-text]', { hasText: 'Думаю, вы правы' }).waitFor();

    // A's page was not reloaded: the private channel moves the badge and the title.
    await pa.waitForSelector('[data-testid=notifications-badge]');
    expect(await pa.locator('[data-testid=notifications-badge]').textContent()).toBe('1');
    await pa.waitForFunction(() => document.title.startsWith('(1) '));
    await shot(pa, 'notifications-badge-1280');

    await pa.click('[data-testid=notifications-bell]');
    const item = pa.locator('[data-testid=popover-item][data-value^="notification:"]').first();
    await item.waitFor();
    expect(await item.textContent()).toContain('Борис Ковалёв ответил на ваш комментарий');
    await pa.waitForTimeout(250); // the popover's fade-in
    await shot(pa, 'notifications-popover-1280');

    // Opening it marks it read and goes to the comment.
    await item.click();
    await pa.waitForURL((url) => url.searchParams.get('comment') !== null || url.pathname !== '/');
    await pa.waitForFunction(() => !document.querySelector('[data-testid=notifications-badge]'));
    await pa.waitForFunction(() => !document.title.startsWith('('));
    expect((await api<{ unread_count: number }>('/v3.0/notifications/count', a.cookie)).data.unread_count).toBe(0);

    // A second reply: the /notifications page lists both, the unread one marked.
    await api('/v3.0/comment/add', b.cookie, { id: entry.id, text: 'И ещё одна мысль', reply_to: mine.data.id });
    await pa.waitForSelector('[data-testid=notifications-badge]');
    await open(pa, `${env.server.url}/notifications`);
    const rows = pa.locator('[data-testid=notification]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().getAttribute('class')).toContain('is-unread');
    expect(await rows.first().textContent()).toContain('И ещё одна мысль');
    expect(await pa.title()).toMatch(/^\(1\) Уведомления/);
    await shot(pa, 'notifications-page-1280', true);

    // The phone: B's header bell with a badge from A's vote on B's reply, and the page at 375 px.
    const reply = (
      await api<{ items: { id: number; text: string }[] }>(
        `/v3.0/comments?content_id=${entry.id}&sorting=date`,
        b.cookie,
      )
    ).data.items.find((c) => c.text.includes('Думаю, вы правы'))!;
    await api('/v3.0/like', a.cookie, { id: reply.id, type: 'comment', sign: 1 });
    await pb.waitForSelector('[data-testid=notifications-badge]');
    await shot(pb, 'notifications-badge-375');
    await pb.click('[data-testid=notifications-bell]');
    await pb.locator('[data-testid=popover-item][data-value^="notification:"]').first().waitFor();
    await pb.waitForTimeout(250);
    await shot(pb, 'notifications-popover-375');
    await open(pb, `${env.server.url}/notifications`);
    await pb.locator('[data-testid=notification]').first().waitFor();
    expect(await pb.locator('[data-testid=notification]').first().textContent()).toContain(
      'Анна Светлова оценила ваш комментарий',
    );
    await shot(pb, 'notifications-page-375', true);
    await ca.close();
    await cb.close();
  });

  it('settings: a type switch is saved, the digest form says «Пожалуйста, введите корректный email», the push toggle reverts when the browser refuses', async () => {
    const a = await registerViaApi(env.server, 'Вера Настройкина');
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      const { context, page } = await newPage(env.browser, width, height);
      await signIn(context, env.server, a.cookie);
      await open(page, `${env.server.url}/settings`);
      await page.waitForSelector('[data-testid=push-settings]:not([data-state=unknown])');
      await shot(page, `settings-${width}`, true);
      await context.close();
    }

    const { context, page } = await newPage(env.browser, 1280, 900);
    await signIn(context, env.server, a.cookie);
    await open(page, `${env.server.url}/settings`);
    const toggle = page.locator('[data-testid=setting-vote_entry-site]');
    expect(await toggle.isChecked()).toBe(true);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/v3.0/notifications/settings') && r.request().method() === 'POST',
    );
    await toggle.click({ force: true });
    await saved;
    expect(
      (await api<{ notifications: Record<string, { site: boolean }> }>('/v3.0/notifications/settings', a.cookie)).data
        .notifications.vote_entry.site,
    ).toBe(false);

    await page.fill('[data-testid=digest-email]', 'не почта');
    await page.click('[data-testid=digest-subscribe]');
    expect(await page.locator('[data-testid=digest-error]').textContent()).toBe('Пожалуйста, введите корректный email');
    await page.fill('[data-testid=digest-email]', 'vera@example.ru');
    await page.click('[data-testid=digest-subscribe]');
    await page.waitForSelector('[data-testid=digest-done]');
    // Not the account's address: the page says a confirmation letter went there.
    expect(await page.locator('[data-testid=digest-done]').textContent()).toBe(
      'Мы отправили письмо на vera@example.ru: подтвердите подписку по ссылке из него',
    );

    // How others' notifications speak of the reader: a stated choice is kept.
    const genderSaved = page.waitForResponse((r) => r.url().includes('/notifications/settings/gender'));
    await page.click('[data-testid=gender-female]');
    await genderSaved;
    expect((await api<{ gender: string | null }>('/v3.0/notifications/settings', a.cookie)).data.gender).toBe('female');

    // Headless Chromium without a permission grant refuses notifications: the toggle flips back with the message.
    await context.clearPermissions();
    const push = page.locator('[data-testid=push-toggle]');
    if (await push.isEnabled()) {
      await push.click({ force: true });
      await page.locator('[data-testid=toast]').first().waitFor();
      await page.waitForFunction(
        () => !(document.querySelector('[data-testid=push-toggle]') as HTMLInputElement).checked,
      );
      const toast = await page.locator('[data-testid=toast]').first().textContent();
      expect(toast).toMatch(/Браузер не дал разрешения|Не удалось подписаться|Произошла ошибка|не поддерживает/);
    }
    await context.close();
  });

  it('the confirmation and unsubscribe links work without signing in: each page asks, its button acts', async () => {
    const { context, page } = await newPage(env.browser, 375, 812);
    // A reader who opted in; the token comes from the outbox letter (no SMTP in this env.server).
    const owner = await registerViaApi(env.server, 'Подписчик Рассылки');
    const logFrom = env.server.output().length;
    expect((await api('/v3.0/email/subscribe/opt_in', owner.cookie, { email: 'digest-reader@example.ru' })).rc).toBe(
      200,
    );
    let token = '';
    for (let i = 0; i < 50 && !token; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const m = /\/email\/confirm\/([A-Za-z0-9_-]{20,})/.exec(env.server.output().slice(logFrom));
      token = m?.[1] ?? '';
    }
    expect(token).not.toBe('');
    // Another person's address: the letter asks its owner to confirm.
    await open(page, `${env.server.url}/email/confirm/${token}`);
    expect(await page.locator('[data-testid=confirm-page]').textContent()).toContain('digest-reader@example.ru');
    await shot(page, 'digest-confirm-375');
    await page.click('[data-testid=confirm-button]');
    await page.waitForSelector('[data-testid=confirm-done]');
    await open(page, `${env.server.url}/email/confirm/${token}`);
    await page.waitForSelector('[data-testid=confirm-already]');

    // The same letter's address leaves by the unsubscribe link.
    await open(page, `${env.server.url}/email/unsubscribe/${token}`);
    expect(await page.locator('[data-testid=unsubscribe-page]').textContent()).toContain('digest-reader@example.ru');
    await shot(page, 'unsubscribe-375');
    await page.click('[data-testid=unsubscribe-button]');
    await page.waitForSelector('[data-testid=unsubscribe-done]');
    await open(page, `${env.server.url}/email/unsubscribe/${token}`);
    await page.waitForSelector('[data-testid=unsubscribe-already]');
    await open(page, `${env.server.url}/email/unsubscribe/${'x'.repeat(30)}`);
    await page.waitForSelector('[data-testid=unsubscribe-invalid]');
    await open(page, `${env.server.url}/email/confirm/${token}`);
    await page.waitForSelector('[data-testid=confirm-invalid]');
    await context.close();
  });
});
