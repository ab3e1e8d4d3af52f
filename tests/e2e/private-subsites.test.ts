import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ui } from '../../src/shared/catalogue.ts';
import { callApi, newPage, open, registerViaApi, useSharedBrowser, shot, signedInPage } from './harness.ts';
import { seriousViolations } from './a11y.ts';

/**
 * A private community in the browser (issue 32, point 4): its manager closes it in the settings; an outsider finds a
 * stub on its entry's page and asks to join; the manager approves in the settings' request list; the outsider reads
 * the entry. Each page is checked by axe and shot at 1280 and 375 px. The seeded «Закулисье» is private too.
 */
const env = useSharedBrowser();
const TITLE = 'Повестка закрытого клуба на май';

const t = ui.subsites;
/** Errors thrown in the pages, with their address: none is expected. */
const pageErrors: string[] = [];
const watch = <T extends { page: Page }>(made: T): T => {
  made.page.on('pageerror', (e) => pageErrors.push(`${made.page.url()}: ${e.message}`));
  return made;
};
const noViolations = async (page: Page, include?: string) => expect(await seriousViolations(page, include)).toEqual([]);

describe('a private community', () => {
  it('the seed shows one: anonymous readers meet its stub, not its entries', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = watch(await newPage(env.browser, width, width === 375 ? 812 : 900));
      await open(page, `${env.server.url}/s/backstage`);
      await page.getByTestId('private-stub').waitFor();
      expect(await page.getByTestId('entry-card').count()).toBe(0);
      expect(await page.getByTestId('private-note').textContent()).toBe(ui.feedSection.privateNote);
      await shot(page, `private-community-${width}`);
      await noViolations(page);
      await context.close();
    }
  });

  it('its manager closes it; an outsider asks to join from an entry; the manager approves; the outsider reads it', async () => {
    const manager = await registerViaApi(env.server, 'Лидия Клубная');
    const outsider = await registerViaApi(env.server, 'Пётр Снаружи');
    const slug = `club-${Date.now() % 1_000_000}`;
    const made = await callApi<{ id: number }>(env.server, '/v3.0/subsite/create', manager.cookie, {
      name: 'Клуб по интересам',
      slug,
    });
    expect(made.rc, made.rm).toBe(200);
    const saved = await callApi<{ entry: { url: string } }>(env.server, '/v3.0/writing/save', manager.cookie, {
      title: TITLE,
      entry: [{ type: 'text', data: { text: 'Встречаемся во вторник, повестка внутри.' } }],
      subsite_id: made.data.id,
      is_published: 1,
    });
    expect(saved.rc, saved.rm).toBe(200);
    const entryUrl = env.server.url + saved.data.entry.url;

    // The manager makes it private in the settings.
    const m = watch(await signedInPage(env.browser, env.server, manager.cookie, 1280, 900));
    await open(m.page, `${env.server.url}/s/${slug}/settings`);
    const privacy = m.page.getByTestId('subsite-privacy');
    expect(await privacy.getByTestId('subsite-plus-join').isDisabled()).toBe(true);
    await privacy.getByTestId('subsite-private').check();
    await m.page.getByTestId('subsite-save').click();
    await m.page.getByTestId('join-requests').waitFor();
    // The stub's code comes on demand, so the server's page links the stub's stylesheet itself: styled before it runs.
    expect(await (await fetch(entryUrl)).text()).toMatch(
      /<head>[\s\S]*<link rel="stylesheet" href="[^"]*subsites[^"]*\.css"[^>]*>[\s\S]*<\/head>/,
    );
    await privacy.scrollIntoViewIfNeeded();
    await shot(m.page, 'private-settings-1280');
    await noViolations(m.page);

    // The outsider meets the stub on the entry's page, at both widths, and asks to join.
    for (const width of [1280, 375]) {
      const o = watch(await signedInPage(env.browser, env.server, outsider.cookie, width, width === 375 ? 812 : 900));
      await open(o.page, entryUrl);
      await o.page.getByTestId('private-stub').waitFor();
      expect(await o.page.content()).not.toContain(TITLE);
      expect(await o.page.title()).toContain('Клуб по интересам');
      await shot(o.page, `private-entry-stub-${width}`);
      await noViolations(o.page);
      if (width === 375) {
        const join = o.page.getByTestId('private-stub').getByTestId('subscribe-button');
        expect(await join.textContent()).toBe(ui.subsite.join);
        await join.click();
        await o.page.locator('[data-testid=private-stub] [data-testid=subscribe-button][data-requested]').waitFor();
        expect(await join.textContent()).toBe(ui.subsite.requested);
        await shot(o.page, 'private-entry-requested-375');
        await noViolations(o.page);
      }
      await o.context.close();
    }

    // The manager sees the request (at both widths) and approves it.
    await m.context.close();
    for (const width of [375, 1280]) {
      const page = watch(
        await signedInPage(env.browser, env.server, manager.cookie, width, width === 375 ? 812 : 900),
      ).page;
      await open(page, `${env.server.url}/s/${slug}`);
      expect(await page.getByTestId('join-requests-link').textContent()).toContain('1');
      await open(page, `${env.server.url}/s/${slug}/settings#requests`);
      const request = page.getByTestId('join-request');
      await request.getByText('Пётр Снаружи').waitFor();
      await request.scrollIntoViewIfNeeded();
      await shot(page, `private-requests-${width}`);
      await noViolations(page, '[data-testid=join-requests]');
      if (width === 1280) {
        await request.getByTestId('join-approve').click();
        await page.getByTestId('join-requests').getByText(t.requestsEmpty).waitFor();
      }
      await page.context().close();
    }

    // Let in, the outsider reads the entry.
    for (const width of [1280, 375]) {
      const o = watch(await signedInPage(env.browser, env.server, outsider.cookie, width, width === 375 ? 812 : 900));
      await open(o.page, entryUrl);
      await o.page.getByTestId('entry').getByText(TITLE).first().waitFor();
      expect(await o.page.getByTestId('private-stub').count()).toBe(0);
      await shot(o.page, `private-entry-member-${width}`);
      await noViolations(o.page, '[data-testid=entry]');
      await o.context.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
