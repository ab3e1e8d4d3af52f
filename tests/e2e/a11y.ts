import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  mediaItem,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  uploadImages,
  type Server,
} from './harness.ts';
import { eventBody, publishedBoardItem, vacancyBody } from './board-items.ts';
import { sidewaysProblems } from './overflow.ts';

interface Found {
  id: string;
  impact: string;
  nodes: string[];
}

/** Moderate rules held as strictly as serious ones: labelled landmarks, one h1 per page. */
const REQUIRED = new Set([
  'landmark-unique',
  'page-has-heading-one',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-main',
]);

/**
 * Serious and critical violations on the page as it is now (or inside `include`), touch targets of at least 24 px
 * included.
 */
export async function seriousViolations(page: Page, include?: string): Promise<Found[]> {
  // Toasts are gone first (they live under 4 s): axe met one fading out mid-check (contrast 1.01–1.32).
  await page.waitForFunction(() => !document.querySelector('[data-testid=toast]'), undefined, { timeout: 15_000 });
  // Colours are judged as they end up: a block still fading in (Editor.js fades each block in) reads as faint text.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Details of the violations only: collecting every passing node's selector was a fifth of axe's time. Legacy mode
  // runs axe in the page itself; the default opens a blank page per analysis to merge the frames' results, which
  // tripled the time of each (8–9 s → 3 s for `/` on a busy machine). Our pages have no cross-origin frames.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  // A target that the page scrolled partly under the fixed site header is no small target: that is where the reader
  // scrolled it (the right column's bottom-sticky widgets meet it mid-scroll).
  const underHeader = await page.evaluate(
    (selectors) => {
      const bottom = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      return selectors.map((s) => (document.querySelector(s)?.getBoundingClientRect().top ?? Infinity) < bottom);
    },
    violations.flatMap((v) => (v.id === 'target-size' ? v.nodes.map((n) => String(n.target[0])) : [])),
  );
  let i = 0;
  for (const v of violations) if (v.id === 'target-size') v.nodes = v.nodes.filter(() => !underHeader[i++]);
  return violations
    .filter((v) => v.nodes.length > 0)
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || REQUIRED.has(v.id))
    .map((v) => ({
      id: v.id,
      impact: v.impact!,
      nodes: v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}

/**
 * On a phone a page that scrolls sideways or clips a control fails as a violation would (the full 375 px walk, with
 * every role's pages and open menus, is `overflow.test.ts`).
 */
async function sideways(page: Page, width: number): Promise<Found[]> {
  if (width >= 860) return [];
  return (await sidewaysProblems(page, width)).map((p) => ({ id: p.kind, impact: 'serious', nodes: [p.what] }));
}

/**
 * Every page and open overlay is checked by axe-core at one width: no serious or critical violation (and at phone
 * widths no sideways scroll or clipped control). The counts per page are printed, so a run shows where a regression
 * appeared. One file per width (a11y-desktop/-phone, the `walks` project, `npm run test:walks`), so the two walks run
 * side by side; `only` narrows the walk to the named pages
 * without the overlays, at several widths on one server (a11y-layouts.test.ts in `npm test`).
 */
export function a11ySuite(widths: number[], only?: readonly string[]) {
  let server: Server;
  let browser: Browser;
  let staff: Awaited<ReturnType<typeof registerViaApi>>;
  let entryPath: string;
  let communityPath: string;
  let blogPath: string;
  /** A seeded entry in a community: the subsite and its author are two links, one above the other. */
  let communityEntryPath: string;
  /** A published event's page (`/events/{id}`). */
  let eventPath: string;
  /** A published vacancy's page (`/job/{id}`). */
  let vacancyPath: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // The first account of a fresh site is its superuser, so /admin/ui opens for it.
    staff = await registerViaApi(server, 'Проверка Доступности');
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 40, g: 110, b: 200 } } })
      .png()
      .toBuffer();
    const [image] = await uploadImages(server, staff.cookie, [{ name: 'one.png', data: png, type: 'image/png' }]);
    const saved = await callApi<{ entry: { id: number; url: string } }>(server, '/v3.0/writing/save', staff.cookie, {
      title: 'Проверка доступности страницы',
      entry: [
        { type: 'text', data: { text: 'Запись с картинкой и комментарием.' } },
        {
          type: 'media',
          data: {
            items: [mediaItem(image, { title: 'Синий прямоугольник' })],
          },
        },
      ],
      is_published: 1,
    });
    expect(saved.rc, JSON.stringify(saved)).toBe(200);
    entryPath = saved.data.entry.url;
    blogPath = entryPath.split('/').slice(0, 3).join('/');
    const comment = await callApi(server, '/v3.0/comment/add', staff.cookie, {
      id: saved.data.entry.id,
      text: 'Первый комментарий',
    });
    expect(comment.rc).toBe(200);
    const eventId = await publishedBoardItem(
      server,
      staff.cookie,
      'events',
      eventBody({ title: 'Проверка доступности мероприятия', description: 'Мероприятие для проверки.' }),
    );
    eventPath = `/events/${eventId}`;
    const vacancyId = await publishedBoardItem(
      server,
      staff.cookie,
      'job',
      vacancyBody({ title: 'Проверка доступности вакансии', company: 'ООО Среда' }),
    );
    vacancyPath = `/job/${vacancyId}`;
    const home = await (await fetch(server.url + '/all')).text();
    communityPath = /href="(\/s\/[^"/]+)"/.exec(home)![1];
    communityEntryPath = /href="(\/s\/[^"/]+\/[^"/]+)"/.exec(home)![1];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const report: string[] = [];
  /** Collected per case and asserted at the end of each width, so one run gives every count. */
  async function check(name: string, found: Found[]) {
    const nodes = found.reduce((n, f) => n + f.nodes.length, 0);
    report.push(`${name}: ${found.length} rules${found.length ? ` (${found.map((f) => f.id).join(', ')})` : ''}`);
    if (nodes) console.log(name, JSON.stringify(found, null, 1));
    return found.length;
  }

  const all = (): [string, string, boolean][] => [
    ['home', '/', false],
    ['all', '/all', false],
    ['new', '/new', false],
    ['community', communityPath, false],
    ['blog', blogPath, false],
    ['entry', entryPath, false],
    ['community-entry', communityEntryPath, false],
    ['live', '/live', false],
    ['search', '/search?query=запись', false],
    ['tag', '/tag/postgres', false],
    ['rating', '/rating', false],
    ['companies', '/companies', false],
    ['stats', '/stats', false],
    ['plus', '/plus', true],
    ['donations', '/donations', true],
    ['admin-billing', '/admin/billing', true],
    ['404', '/no/such/page/here', false],
    ['writing', '/writing', true],
    ['bookmarks', '/bookmarks', true],
    ['notifications', '/notifications', true],
    ['settings', '/u/me/settings', true],
    ['messenger', '/messenger', true],
    ['api-reference', '/developers/api', false],
    ['community-settings', `${communityPath}/settings`, true],
    ['drafts', '/drafts', true],
    ['admin-ui', '/admin/ui', true],
    ['signin-settings', '/settings/signin', true],
    ['magic-link', `/auth/magic?token=${'A'.repeat(43)}`, false],
    ['qr-confirm', `/auth/qr/${'A'.repeat(43)}`, true],
    ['admin-users', '/admin?tab=users&query=%D0%B0', true],
    ['admin-bans', '/admin?tab=bans', true],
    ['admin-audit', '/admin?tab=audit', true],
    ['admin-payments', '/admin/payments', true],
    ['admin-queues', '/admin?tab=queues', true],
    ['events', '/events?town_id=0', false],
    ['event', eventPath, false],
    ['events-new', '/events/new', true],
    ['admin-events', '/admin/events', true],
    ['job', '/job', false],
    ['vacancy', vacancyPath, false],
    ['job-rules', '/job/rules', false],
    ['job-new', '/job/new', true],
    ['admin-job', '/admin/job', true],
    ['live-stream', '/live/stream', true],
    ['about', '/about', false],
    ['admin-pages', '/admin/pages?slug=terms', true],
    ['home-signed-in', '/', true],
    ['entry-signed-in', entryPath, true],
  ];
  const pages = () => (only ? all().filter(([name]) => only.includes(name)) : all());

  /** The pages in parts of a dozen, each a test of its own: one walk of all took up to 4 minutes on a busy machine. */
  const PART = 12;
  const parts = Math.ceil(pages().length / PART);

  for (const width of widths) {
    describe(`accessibility at ${width} px`, () => {
      it.each(Array.from({ length: parts }, (_, i) => i + 1))(
        `has no serious or critical violations on any page (part %i of ${parts})`,
        { timeout: 240_000 },
        async (part) => {
          let total = 0;
          const anon = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
          const anonPage = await anon.newPage();
          const signed = await signedInPage(browser, server, staff.cookie, width, 900);
          for (const [name, path, signedIn] of pages().slice((part - 1) * PART, part * PART)) {
            const page = signedIn ? signed.page : anonPage;
            await open(page, server.url + path);
            if (name === 'writing') await page.waitForSelector('[data-testid=editor-blocks][data-ready="1"] .ce-block');
            if (name === 'live') await page.waitForTimeout(500);
            total += await check(`${width} ${name}`, [
              ...(await seriousViolations(page)),
              ...(await sideways(page, width)),
            ]);
            if (['home', 'community-entry', 'live'].includes(name)) await shot(page, `a11y-${name}-${width}`);
          }
          await anon.close();
          await signed.context.close();
          expect(total).toBe(0);
        },
      );

      it.skipIf(only)('has no serious or critical violations in open overlays', { timeout: 240_000 }, async () => {
        let total = 0;
        const anon = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
        const page = await anon.newPage();
        await open(page, server.url + '/');
        await page.click('[data-testid=login-button]');
        await page.waitForSelector('[data-testid=auth-popup]');
        await page.waitForTimeout(400);
        total += await check(`${width} auth dialog`, await seriousViolations(page));
        await page.click('[data-testid=qr-open]');
        await page.waitForSelector('[data-testid=qr-panel][data-state=ready]');
        total += await check(`${width} auth dialog, QR code`, await seriousViolations(page));
        await page.click('[data-testid=alt-back]');
        await page.click('[data-testid=magic-open]');
        await page.waitForSelector('[data-testid=magic-panel]');
        total += await check(`${width} auth dialog, mailed link`, await seriousViolations(page));
        await anon.close();

        const { context, page: signed } = await signedInPage(browser, server, staff.cookie, width, 900);
        await open(signed, server.url + '/');
        const card = signed.locator('[data-testid=entry-card]').first();
        await card.locator('[data-testid=share-button]').click();
        await signed.waitForSelector('[data-testid=popup][data-kind=share]');
        await signed.waitForTimeout(400);
        total += await check(`${width} share dialog`, await seriousViolations(signed));
        await shot(signed, `a11y-share-${width}`);
        await signed.keyboard.press('Escape');
        await signed.waitForSelector('[data-testid=popup]', { state: 'detached' });

        await card.locator('[data-testid=entry-menu]').click();
        await signed.waitForSelector('[data-testid=popover]');
        total += await check(`${width} more menu`, await seriousViolations(signed));
        await signed.keyboard.press('Escape');
        await signed.waitForSelector('[data-testid=popover]', { state: 'detached' });

        await signed.click('[data-testid=messenger-button]');
        await signed.waitForSelector('[data-testid=messenger-drawer] [data-testid=messenger-list]');
        total += await check(`${width} messenger drawer`, await seriousViolations(signed));
        await shot(signed, `a11y-messenger-drawer-${width}`);
        await signed.keyboard.press('Escape');
        await signed.waitForSelector('[data-testid=messenger-drawer]', { state: 'detached' });

        await signed.click('[data-testid=notifications-bell]');
        await signed.waitForSelector('[data-testid=popover]');
        await signed.waitForTimeout(400);
        total += await check(`${width} notifications popover`, await seriousViolations(signed));
        await signed.keyboard.press('Escape');

        await open(signed, server.url + entryPath);
        await signed.locator('[data-testid=media-open]').first().click();
        await signed.waitForSelector('[data-testid=viewer]');
        await signed.waitForTimeout(400);
        total += await check(`${width} image viewer`, await seriousViolations(signed));
        await signed.keyboard.press('Escape');
        await signed.waitForSelector('[data-testid=viewer]', { state: 'detached' });

        // The entry's statistics popup (its author's '…' menu), with the chart drawn.
        await signed.click('[data-testid=entry-actions]');
        await signed.click('[data-testid=popover-item][data-value="stats"]');
        await signed.waitForSelector('[data-testid=entry-stats] [data-testid=chart][data-ready="1"]');
        total += await check(`${width} entry statistics`, await seriousViolations(signed));
        await context.close();
        expect(total).toBe(0);
      });
    });
  }

  afterAll(() => console.log(`axe serious+critical per page\n${report.join('\n')}`));
}
