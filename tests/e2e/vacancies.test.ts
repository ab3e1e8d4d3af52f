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
import { vacancyBody } from './board-items.ts';

let server: Server;
let browser: Browser;
let boss: Awaited<ReturnType<typeof registerViaApi>>;
let owner: Awaited<ReturnType<typeof registerViaApi>>;
let blogId: number;

const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(server, path, cookie, body);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED: '0' }), launchBrowser()]);
  boss = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site
  owner = await registerViaApi(server, 'Владелец Ромашки');
  const made = await api<{ id: number }>('/v3.0/subsite/create', owner.cookie, {
    name: 'Ромашка',
    slug: 'romashka',
    description: 'Блог компании Ромашка',
  });
  expect(made.rc).toBe(200);
  blogId = made.data.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('vacancies in the browser', () => {
  it('a company posts, staff reject with a reason and publish another, a reader in Казань filters, the widget reveals five more', async () => {
    // The company's owner fills the form; without the rules ticked the server names the field.
    const { context: ownerContext, page } = await signedInPage(browser, server, owner.cookie);
    await open(page, `${server.url}/job/new`);
    await page.selectOption('[data-testid=field-subsite]', String(blogId));
    await page.fill('[data-testid=field-title]', 'Редактор рубрики «Работа»');
    await page.fill('[data-testid=field-salary-from]', '120 000');
    await page.fill('[data-testid=field-salary-to]', '90000');
    await page.fill('[data-testid=field-town]', 'Каз');
    await page.click('[data-testid=town-option] >> text=Казань');
    // The description in the block editor: a paragraph, a heading by `## `, a list by `- `.
    await page.locator('[data-testid=field-description] [data-testid=editor-blocks][data-ready]').waitFor();
    await page.locator('[data-testid=field-description] .ce-paragraph').first().click();
    await page.keyboard.type('Пишем и редактируем тексты о работе.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('## Условия');
    await page.locator('[data-testid=field-description] h2.ce-header').waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Удалённо по пятницам');
    await page.locator('[data-testid=field-description] .cdx-list').waitFor();
    await page.fill('[data-testid=field-apply-url]', 'https://example.ru/editor');
    await page.click('[data-testid=vacancy-submit]');
    await page.getByTestId('error-salary_from').getByText('Зарплата «от» больше зарплаты «до»').waitFor();
    await page.fill('[data-testid=field-salary-to]', '150000');
    await page.click('[data-testid=vacancy-submit]');
    await page.getByTestId('error-rules').getByText('Правила: примите правила').waitFor();
    await page.check('[data-testid=field-rules]');
    await page.check('[data-testid=field-agreement]');
    await shot(page, 'job-form-1280', true);
    await page.click('[data-testid=vacancy-submit]');
    await page.waitForURL(/\/job\/\d+$/);
    const rejectedId = Number(page.url().split('/').pop());
    await page.getByTestId('vacancy-banner').getByText('На модерации').waitFor();
    // The page renders the blocks with the entries' renderer.
    const text = page.getByTestId('vacancy-page').getByTestId('entry-blocks');
    await text.locator('[data-block=text]').getByText('Пишем и редактируем тексты о работе.').waitFor();
    await text.locator('[data-block=header] h2').getByText('Условия').waitFor();
    await text.locator('[data-block=list] li').getByText('Удалённо по пятницам').waitFor();
    const stored = await api<{ description: { type: string }[]; description_text: string }>(
      `/v3.0/job/${Number(page.url().split('/').pop())}`,
      owner.cookie,
    );
    expect(stored.data.description.map((b) => b.type)).toEqual(['text', 'header', 'list']);

    // Another one through the API, and twelve more in Казань for the widget and the filter.
    const second = await api<{ id: number }>(
      '/v3.0/job/create',
      owner.cookie,
      vacancyBody({ subsite_id: blogId, title: 'Верстальщик', company: '' }),
    );
    const more: number[] = [];
    for (let i = 0; i < 12; i++)
      more.push(
        (
          await api<{ id: number }>(
            '/v3.0/job/create',
            owner.cookie,
            vacancyBody({ title: `Казанская вакансия ${i + 1}` }),
          )
        ).data.id,
      );
    const moscow = await api<{ id: number }>(
      '/v3.0/job/create',
      owner.cookie,
      vacancyBody({ title: 'Московская вакансия', town_id: 1 }),
    );

    // Staff: the queue, the reject modal with a reason (Ctrl+Enter), publishing the other.
    const { context: bossContext, page: staff } = await signedInPage(browser, server, boss.cookie);
    await open(staff, `${server.url}/admin/job`);
    const item = staff.locator(`[data-testid=job-queue-item][data-id="${rejectedId}"]`);
    await item.waitFor();
    await shot(staff, 'job-admin-queue-1280');
    await item.locator('[data-testid=job-reject]').click();
    const modal = staff.locator('[data-testid=modal][data-kind=vacancy_reject]');
    await modal.waitFor();
    await staff.fill('[data-testid=modal-reason]', 'Уточните обязанности и график');
    await shot(staff, 'job-admin-reject-modal-1280');
    await staff.keyboard.press('Control+Enter');
    await item.waitFor({ state: 'detached' });
    await staff.locator(`[data-testid=job-queue-item][data-id="${second.data.id}"] [data-testid=job-publish]`).click();
    await staff.locator(`[data-testid=job-queue-item][data-id="${second.data.id}"]`).waitFor({ state: 'detached' });
    for (const id of [...more, moscow.data.id])
      expect((await api(`/v3.0/job/${id}/publish`, boss.cookie, {})).rc).toBe(200);
    await bossContext.close();

    // The author sees the reason on the vacancy and in the notifications.
    await open(page, `${server.url}/job/${rejectedId}`);
    await page.getByTestId('vacancy-reason').getByText('Уточните обязанности и график').waitFor();
    await shot(page, 'job-vacancy-rejected-1280');
    await open(page, `${server.url}/notifications`);
    await page.getByText('отклонена модератором: Уточните обязанности и график').first().waitFor();
    await ownerContext.close();

    // A reader on a phone: every town first, then Казань from the town field; the choice is remembered.
    const { context: readerContext, page: reader } = await newPage(browser, 375, 812);
    await open(reader, `${server.url}/job`);
    await reader.locator(`[data-testid=vacancy-card][data-id="${moscow.data.id}"]`).waitFor();
    await reader.fill('[data-testid=job-town]', 'казань');
    await reader.click('[data-testid=town-option] >> text=Казань');
    await reader.waitForURL(/town_id=5/);
    // The URL changes before the filtered list arrives: the Moscow card going is the sign of the new list.
    await reader.locator(`[data-testid=job-list] [data-testid=vacancy-card][data-id="${moscow.data.id}"]`).waitFor({
      state: 'detached',
    });
    await reader.locator(`[data-testid=job-list] [data-testid=vacancy-card][data-id="${second.data.id}"]`).waitFor();
    const places = await reader.locator('[data-testid=job-list] [data-testid=vacancy-place]').allTextContents();
    expect(places.length).toBe(13);
    expect(places.every((p) => p.startsWith('Казань'))).toBe(true);
    await expect(reader.locator(`[data-testid=vacancy-card][data-id="${rejectedId}"]`).count()).resolves.toBe(0);
    await shot(reader, 'job-list-kazan-375');
    expect((await readerContext.cookies()).find((c) => c.name === 'city_id')?.value).toBe('5');

    // The widget at the foot of the page: five first, "+5" five more per click.
    const widget = reader.getByTestId('job-widget');
    await widget.scrollIntoViewIfNeeded();
    await widget.getByText('Казань').first().waitFor();
    await expect.poll(() => widget.locator('[data-testid=vacancy-card]').count()).toBe(5);
    await widget.getByTestId('job-widget-more').click();
    await expect.poll(() => widget.locator('[data-testid=vacancy-card]').count()).toBe(10);
    await widget.getByTestId('job-widget-more').click();
    await expect.poll(() => widget.locator('[data-testid=vacancy-card]').count()).toBe(13);
    await expect(widget.getByTestId('job-widget-more').count()).resolves.toBe(0);
    await shot(reader, 'job-widget-375');

    // The published vacancy's page: salary in roubles, town, JSON-LD for search engines.
    await open(reader, `${server.url}/job/${second.data.id}`);
    await reader.getByTestId('vacancy-salary').getByText('100 000 ₽ — 150 000 ₽').waitFor();
    const ld = JSON.parse((await reader.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Верстальщик',
      hiringOrganization: { name: 'Ромашка' },
      baseSalary: { currency: 'RUB', value: { minValue: 100000, maxValue: 150000 } },
    });
    await shot(reader, 'job-vacancy-375', true);
    await readerContext.close();
  });

  it('the pages at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, width > 400 ? 900 : 812);
      for (const [path, name] of [
        ['/job?town_id=0', 'job-list'],
        ['/job/rules', 'job-rules'],
        ['/job/agreement', 'job-agreement'],
      ]) {
        await open(page, server.url + path);
        await shot(page, `${name}-${width}`);
      }
      const list = await api<{ items: { id: number }[] }>('/v3.0/job', '');
      await open(page, `${server.url}/job/${list.data.items[0].id}`);
      await shot(page, `job-vacancy-${width}`);
      await context.close();
    }
    const { context, page } = await signedInPage(browser, server, owner.cookie, 375, 812);
    await open(page, `${server.url}/job/new`);
    await shot(page, 'job-form-375', true);
    await context.close();
  });
});
