import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';
import { KAZAN, eventBody, publishedBoardItem, timeAhead, vacancyBody } from './board-items.ts';

/**
 * Vacancies outside /job and events outside /events, one kind after the other on one server: the widget framed by
 * another site (a page served from another origin), the embed code in a company's settings, a blog's items on its
 * page, the kind's tab of search, staff's publishing in the audit log, the list's RSS link.
 */
let server: Server;
let browser: Browser;
let other: http.Server;
let otherUrl: string;
let boss: Awaited<ReturnType<typeof registerViaApi>>;

const vacancies = ['Пекарь-технолог', 'Кондитер', 'Управляющий пекарней'];
const events = ['Дегустация хлеба', 'Мастер-класс по круассанам', 'Лекция о закваске', 'Ярмарка пекарей'];

const KINDS = [
  {
    name: 'job',
    list: '/job',
    frame: 'jobs',
    frameTitle: 'Вакансии на Среде',
    invite: 'Мы ищем людей в команду:',
    last: 'Управляющий пекарней',
    // The file's three and the demo's one in Kazan (src/server/db/seed-board.ts).
    count: 4,
    line: 'Казань или удалённо',
    embed: 'widget-embed-job',
    otherEmbed: 'widget-embed-events',
    otherWidget: 'events',
    block: 'subsite-vacancies',
    card: 'vacancy-card',
    first: 'Пекарь-технолог',
    /** Shown past the blog's three, when it has more. */
    hidden: null,
    besides: { block: 'subsite-events', title: 'Дегустация хлеба' },
    search: { query: 'пекарь', type: 'vacancies' },
    audit: { title: 'Пекарь-технолог', phrase: 'опубликовал вакансию', shot: 'job-audit' },
  },
  {
    name: 'events',
    list: '/events',
    frame: 'events',
    frameTitle: 'Мероприятия на Среде',
    invite: 'Приходите к нам:',
    last: 'Ярмарка пекарей',
    // The file's four and the demo's one in Kazan (src/server/db/seed-board.ts).
    count: 5,
    line: 'Казань, ул. Баумана, 1 · Бесплатно',
    embed: 'widget-embed-events',
    otherEmbed: 'widget-embed-job',
    otherWidget: 'job',
    block: 'subsite-events',
    card: 'event-card',
    first: 'Дегустация хлеба',
    hidden: 'Ярмарка пекарей',
    besides: { block: 'subsite-vacancies', title: 'Пекарь-технолог' },
    search: { query: 'закваска', type: 'events' },
    audit: { title: 'Лекция о закваске', phrase: 'опубликовал мероприятие', shot: 'events-audit' },
  },
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site (seeded people are users)
  for (const [i, title] of vacancies.entries()) {
    await publishedBoardItem(
      server,
      boss.cookie,
      'job',
      vacancyBody({
        title,
        company: 'ООО «Печка»',
        description: [{ type: 'text', data: { text: 'Печём хлеб по старым рецептам, учим новичков.' } }],
        salary_from: 60_000 + i * 20_000,
        salary_to: i === 1 ? null : 90_000 + i * 20_000,
        is_remote: i === 2,
        specialisation: 'other',
        apply_url: 'https://pechka.example/jobs',
      }),
    );
  }
  for (const [i, title] of events.entries()) {
    await publishedBoardItem(
      server,
      boss.cookie,
      'events',
      eventBody({
        title,
        description: 'Печём вместе и рассказываем, как устроена пекарня.',
        starts_at: timeAhead(3 + i, 18),
        ends_at: timeAhead(3 + i, 21),
        format: i === 1 ? 'workshop' : 'meetup',
        price: i * 500,
        register_url: 'https://pechka.example/events',
      }),
    );
  }
  // Another site: a plain page on another origin (localhost, another port) per kind (`/job`, `/events`), framing the
  // widget and, for contrast, an ordinary page of ours, which must stay unframed.
  other = http.createServer((req, res) => {
    const k = KINDS.find((x) => x.list === req.url) ?? KINDS[0];
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Сайт пекарни</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:sans-serif;background:#faf6ef;margin:16px">
<h1>Пекарня «Печка»</h1><p>${k.invite}</p>
<iframe id="${k.frame}" src="${server.url}/widget/${k.name}/external?location=${KAZAN}" title="${k.frameTitle}" width="320" height="520" style="border:0;max-width:100%"></iframe>
<iframe id="page" src="${server.url}${k.list}" title="Обычная страница" width="320" height="120"></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://localhost:${(other.address() as AddressInfo).port}`;
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

describe.each(KINDS)('the $name widget and its items outside $list', (k) => {
  it('the widget renders inside another origin’s page with the town’s items; an ordinary page refuses the frame', async () => {
    for (const [width, height, suffix] of SIZES) {
      const { context, page } = await newPage(browser, width, height);
      await page.goto(`${otherUrl}${k.list}`);
      const widget = page.frameLocator(`#${k.frame}`);
      await widget.getByText(k.last).waitFor();
      expect(await widget.locator('[data-testid=widget-item]').count()).toBe(k.count);
      await widget.getByText(k.line).waitFor();
      expect(await widget.locator(`a[href="${server.url}${k.list}?town_id=${KAZAN}"]`).count()).toBe(1);
      // The ordinary page is refused by its X-Frame-Options / frame-ancestors: Chromium shows its error page there.
      const blocked = await page.locator('#page').elementHandle();
      await expect.poll(async () => (await blocked?.contentFrame())?.url()).toBe('chrome-error://chromewebdata/');
      await shot(page, `${k.name}-widget-external-${suffix}`, true);
      await context.close();
    }
  });

  it('settings give the code with the town; a blog shows three items; search has the tab; /admin logs; the list links RSS', async () => {
    for (const [width, height, suffix] of SIZES) {
      const { context, page } = await signedInPage(browser, server, boss.cookie, width, height);
      await open(page, `${server.url}/s/pechka/settings`);
      const embed = page.getByTestId(k.embed);
      const code = embed.getByTestId('widget-embed-code');
      expect(await code.inputValue()).toContain(`src="${server.url}/widget/${k.name}/external"`);
      expect(await code.inputValue()).toContain(`title="${k.frameTitle}"`);
      await embed.getByTestId('widget-embed-town').fill('Каз');
      await embed.locator('[data-testid=town-option] >> text=Казань').click();
      await expect.poll(() => code.inputValue()).toContain(`/widget/${k.name}/external?location=${KAZAN}"`);
      // The other kind's code beside it is untouched.
      expect(await page.getByTestId(k.otherEmbed).getByTestId('widget-embed-code').inputValue()).toContain(
        `src="${server.url}/widget/${k.otherWidget}/external"`,
      );
      await embed.scrollIntoViewIfNeeded();
      await shot(page, `${k.name}-widget-embed-${suffix}`);

      await open(page, `${server.url}/u/${boss.id}`);
      const block = page.getByTestId(k.block);
      await block.getByText(k.first).waitFor();
      expect(await block.getByTestId(k.card).count()).toBe(3);
      if (k.hidden) expect(await block.getByText(k.hidden).count()).toBe(0);
      expect(await block.locator(`a[href="${k.list}?subsite_id=${boss.id}&town_id=0"]`).count()).toBe(1);
      await page.getByTestId(k.besides.block).getByText(k.besides.title).waitFor();
      await shot(page, `subsite-${k.block.slice('subsite-'.length)}-${suffix}`);

      await open(page, `${server.url}/search?query=${encodeURIComponent(k.search.query)}&type=${k.search.type}`);
      await page.getByTestId(k.card).first().waitFor();
      expect(await page.getByTestId(k.card).count()).toBe(1);
      await page.getByTestId(`search-tab-${k.search.type}`).waitFor();
      await shot(page, `search-${k.search.type}-${suffix}`);

      // Staff's publishing is in the audit log, linked to the item.
      await open(page, `${server.url}/admin?tab=audit`);
      const item = page.locator('[data-testid=audit-item]', { hasText: k.audit.title });
      await item.getByText(k.audit.phrase).waitFor();
      expect(await item.locator(`a[href^="${k.list}/"]`).count()).toBe(1);
      await shot(page, `${k.audit.shot}-${suffix}`);

      await open(page, `${server.url}${k.list}`);
      expect(await page.locator(`link[rel=alternate][type="application/rss+xml"][href="${k.list}/rss"]`).count()).toBe(
        1,
      );
      await context.close();
    }
    // A blog without items of the kind shows no block.
    const { context, page } = await newPage(browser);
    await open(page, `${server.url}/s/severbank`);
    await page.getByTestId('subsite-page').waitFor();
    expect(await page.getByTestId(k.block).count()).toBe(0);
    await context.close();
  });
});
