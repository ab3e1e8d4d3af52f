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
 * Events outside /events (the sibling of job-widget.test.ts): the widget framed by another site, the embed code in
 * a company's settings, a blog's coming events beside its vacancies, the events tab of search, the audit log, RSS.
 */
let server: Server;
let browser: Browser;
let other: http.Server;
let otherUrl: string;
let boss: Awaited<ReturnType<typeof registerViaApi>>;

const KAZAN = 5;
const DAY_MS = 86_400_000;
const at = (n: number, hour: number) =>
  `${new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
const api = <T>(path: string, body?: unknown) => callApi<T>(server, path, boss.cookie, body);
const titles = ['Дегустация хлеба', 'Мастер-класс по круассанам', 'Лекция о закваске', 'Ярмарка пекарей'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site (seeded people are users)
  for (const [i, title] of titles.entries()) {
    const made = await api<{ id: number }>('/v3.0/events/create', {
      title,
      description: 'Печём вместе и рассказываем, как устроена пекарня.',
      starts_at: at(3 + i, 18),
      ends_at: at(3 + i, 21),
      town_id: KAZAN,
      address: 'ул. Баумана, 1',
      format: i === 1 ? 'workshop' : 'meetup',
      price: i * 500,
      register_url: 'https://pechka.example/events',
      rules: true,
      agreement: true,
    });
    expect(made.rc).toBe(200);
    expect((await api(`/v3.0/events/${made.data.id}/publish`, {})).rc).toBe(200);
  }
  const job = await api<{ id: number }>('/v3.0/job/create', {
    title: 'Пекарь-технолог',
    company: 'ООО «Печка»',
    description: [{ type: 'text', data: { text: 'Печём хлеб по старым рецептам.' } }],
    salary_from: 60_000,
    town_id: KAZAN,
    specialisation: 'other',
    experience: '1-3',
    employment: 'full',
    apply_url: 'https://pechka.example/jobs',
    rules: true,
    agreement: true,
  });
  expect((await api(`/v3.0/job/${job.data.id}/publish`, {})).rc).toBe(200);
  // Another site: a page on another origin (localhost, another port) framing the widget and an ordinary page of ours.
  other = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Сайт пекарни</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:sans-serif;background:#faf6ef;margin:16px">
<h1>Пекарня «Печка»</h1><p>Приходите к нам:</p>
<iframe id="events" src="${server.url}/widget/events/external?location=${KAZAN}" title="Мероприятия на Среде" width="320" height="520" style="border:0;max-width:100%"></iframe>
<iframe id="page" src="${server.url}/events" title="Обычная страница" width="320" height="120"></iframe>
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

const SIZES = [
  [1280, 900, '1280'],
  [375, 812, '375'],
] as const;

describe('events outside /events', () => {
  it('the widget renders inside another origin’s page with the town’s events; an ordinary page refuses the frame', async () => {
    for (const [width, height, suffix] of SIZES) {
      const { context, page } = await newPage(browser, width, height);
      await page.goto(otherUrl);
      const widget = page.frameLocator('#events');
      await widget.getByText('Ярмарка пекарей').waitFor();
      expect(await widget.locator('[data-testid=widget-item]').count()).toBe(4);
      await widget.getByText('Казань, ул. Баумана, 1 · Бесплатно').waitFor();
      expect(await widget.locator(`a[href="${server.url}/events?town_id=${KAZAN}"]`).count()).toBe(1);
      const blocked = await page.locator('#page').elementHandle();
      await expect.poll(async () => (await blocked?.contentFrame())?.url()).toBe('chrome-error://chromewebdata/');
      await shot(page, `events-widget-external-${suffix}`, true);
      await context.close();
    }
  });

  it('settings give the code; a blog shows three coming events; search has an events tab; /admin logs; /events links RSS', async () => {
    for (const [width, height, suffix] of SIZES) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, height);
      await open(page, `${server.url}/s/pechka/settings`);
      const embed = page.getByTestId('widget-embed-events');
      const code = embed.getByTestId('widget-embed-code');
      expect(await code.inputValue()).toContain(`src="${server.url}/widget/events/external"`);
      expect(await code.inputValue()).toContain('title="Мероприятия на Среде"');
      await embed.getByTestId('widget-embed-town').fill('Каз');
      await embed.locator('[data-testid=town-option] >> text=Казань').click();
      await expect.poll(() => code.inputValue()).toContain(`/widget/events/external?location=${KAZAN}"`);
      // The job widget's code beside it is untouched.
      expect(await page.getByTestId('widget-embed-job').getByTestId('widget-embed-code').inputValue()).toContain(
        `src="${server.url}/widget/job/external"`,
      );
      await embed.scrollIntoViewIfNeeded();
      await shot(page, `events-widget-embed-${suffix}`);

      await open(page, `${server.url}/u/${boss.id}`);
      const block = page.getByTestId('subsite-events');
      await block.getByText('Дегустация хлеба').waitFor();
      expect(await block.getByTestId('event-card').count()).toBe(3);
      expect(await block.getByText('Ярмарка пекарей').count()).toBe(0);
      expect(await block.locator(`a[href="/events?subsite_id=${boss.id}&town_id=0"]`).count()).toBe(1);
      await page.getByTestId('subsite-vacancies').getByText('Пекарь-технолог').waitFor();
      await shot(page, `subsite-events-${suffix}`);

      await open(page, `${server.url}/search?query=${encodeURIComponent('закваска')}&type=events`);
      await page.getByTestId('event-card').first().waitFor();
      expect(await page.getByTestId('event-card').count()).toBe(1);
      await page.getByTestId('search-tab-events').waitFor();
      await shot(page, `search-events-${suffix}`);

      await open(page, `${server.url}/admin?tab=audit`);
      const item = page.locator('[data-testid=audit-item]', { hasText: 'Лекция о закваске' });
      await item.getByText('опубликовал мероприятие').waitFor();
      expect(await item.locator('a[href^="/events/"]').count()).toBe(1);
      await shot(page, `events-audit-${suffix}`);

      await open(page, `${server.url}/events`);
      expect(await page.locator('link[rel=alternate][type="application/rss+xml"][href="/events/rss"]').count()).toBe(1);
      await context.close();
    }
    // A blog without events shows no block.
    const { context, page } = await newPage(browser);
    await open(page, `${server.url}/s/severbank`);
    await page.getByTestId('subsite-page').waitFor();
    expect(await page.getByTestId('subsite-events').count()).toBe(0);
    await context.close();
  });
});
