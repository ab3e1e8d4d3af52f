import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';

/**
 * Vacancies outside /job: the widget framed by another site (a page served from another origin), the embed code in a
 * company's settings, a blog's open vacancies on its page, the vacancies tab of search.
 */
let server: Server;
let browser: Browser;
let other: http.Server;
let otherUrl: string;
let boss: Awaited<ReturnType<typeof registerViaApi>>;

const KAZAN = 5;
const api = <T>(path: string, body?: unknown) => callApi<T>(server, path, boss.cookie, body);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site (seeded people are users)
  const titles = ['Пекарь-технолог', 'Кондитер', 'Управляющий пекарней'];
  for (const [i, title] of titles.entries()) {
    const made = await api<{ id: number }>('/v3.0/job/create', {
      title,
      company: 'ООО «Печка»',
      description: [{ type: 'text', data: { text: 'Печём хлеб по старым рецептам, учим новичков.' } }],
      salary_from: 60_000 + i * 20_000,
      salary_to: i === 1 ? null : 90_000 + i * 20_000,
      town_id: KAZAN,
      is_remote: i === 2,
      specialisation: 'other',
      experience: '1-3',
      employment: 'full',
      apply_url: 'https://pechka.example/jobs',
      rules: true,
      agreement: true,
    });
    expect(made.rc).toBe(200);
    expect((await api(`/v3.0/job/${made.data.id}/publish`, {})).rc).toBe(200);
  }
  // Another site: a plain page on another origin (localhost, another port) framing the widget and, for contrast,
  // an ordinary page of ours, which must stay unframed.
  const widgetSrc = `${server.url}/widget/job/external?location=${KAZAN}`;
  other = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Сайт пекарни</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:sans-serif;background:#faf6ef;margin:16px">
<h1>Пекарня «Печка»</h1><p>Мы ищем людей в команду:</p>
<iframe id="jobs" src="${widgetSrc}" title="Вакансии на Среде" width="320" height="520" style="border:0;max-width:100%"></iframe>
<iframe id="page" src="${server.url}/job" title="Обычная страница" width="320" height="120"></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  // A setup that failed before `other` listened leaves nothing to close (and close would never call back).
  if (other) await new Promise((resolve) => other.close(resolve));
});

describe('the job widget on another site', () => {
  it('renders inside another origin’s page with the town’s vacancies; an ordinary page refuses the frame', async () => {
    for (const [width, height, suffix] of [
      [1280, 900, '1280'],
      [375, 812, '375'],
    ] as const) {
      const { context, page } = await newPage(browser, width, height);
      await page.goto(otherUrl);
      const widget = page.frameLocator('#jobs');
      await widget.getByText('Управляющий пекарней').waitFor();
      expect(await widget.locator('[data-testid=widget-item]').count()).toBe(3);
      await widget.getByText('Казань или удалённо').waitFor();
      expect(await widget.locator(`a[href="${server.url}/job?town_id=${KAZAN}"]`).count()).toBe(1);
      // The ordinary page is refused by its X-Frame-Options / frame-ancestors: Chromium shows its error page there.
      const blocked = await page.locator('#page').elementHandle();
      await expect.poll(async () => (await blocked?.contentFrame())?.url()).toBe('chrome-error://chromewebdata/');
      await shot(page, `job-widget-external-${suffix}`, true);
      await context.close();
    }
  });

  it('a company’s settings give the code with the town; a blog shows its open vacancies; search has a vacancies tab', async () => {
    for (const [width, height, suffix] of [
      [1280, 900, '1280'],
      [375, 812, '375'],
    ] as const) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, height);
      await open(page, `${server.url}/s/pechka/settings`);
      const embed = page.getByTestId('widget-embed-job');
      const code = embed.getByTestId('widget-embed-code');
      expect(await code.inputValue()).toContain(`src="${server.url}/widget/job/external"`);
      await embed.getByTestId('widget-embed-town').fill('Каз');
      await embed.locator('[data-testid=town-option] >> text=Казань').click();
      await expect.poll(() => code.inputValue()).toContain(`/widget/job/external?location=${KAZAN}"`);
      await embed.scrollIntoViewIfNeeded();
      await shot(page, `job-widget-embed-${suffix}`);

      await open(page, `${server.url}/u/${boss.id}`);
      const block = page.getByTestId('subsite-vacancies');
      await block.getByText('Пекарь-технолог').waitFor();
      expect(await block.getByTestId('vacancy-card').count()).toBe(3);
      await shot(page, `subsite-vacancies-${suffix}`);

      await open(page, `${server.url}/search?query=${encodeURIComponent('пекарь')}&type=vacancies`);
      await page.getByTestId('vacancy-card').first().waitFor();
      expect(await page.getByTestId('vacancy-card').count()).toBe(1);
      await shot(page, `search-vacancies-${suffix}`);
      await context.close();
    }
    // Staff's publishing is in the audit log, linked to the vacancy.
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, height);
      await open(page, `${server.url}/admin?tab=audit`);
      const item = page.locator('[data-testid=audit-item]', { hasText: 'Пекарь-технолог' });
      await item.getByText('опубликовал вакансию').waitFor();
      expect(await item.locator('a[href^="/job/"]').count()).toBe(1);
      await shot(page, `job-audit-${width}`);
      await context.close();
    }
    // A blog without vacancies shows no block.
    const { context, page } = await newPage(browser);
    await open(page, `${server.url}/s/severbank`);
    await page.getByTestId('subsite-page').waitFor();
    expect(await page.getByTestId('subsite-vacancies').count()).toBe(0);
    await context.close();
  });
});
