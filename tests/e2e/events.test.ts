import sharp from 'sharp';
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
import { dayAhead, eventBody, timeAhead } from './board-items.ts';

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

describe('events in the browser', () => {
  it('a company posts, staff reject with a reason and publish another, a reader in Казань filters by the calendar, the widget reveals five more', async () => {
    // The company's owner fills the form; the server names the wrong field.
    const { context: ownerContext, page } = await signedInPage(browser, server, owner.cookie);
    await open(page, `${server.url}/events/new`);
    await page.selectOption('[data-testid=field-subsite]', String(blogId));
    await page.fill('[data-testid=field-title]', 'Митап редакторов');
    await page.fill('[data-testid=field-starts-at]', timeAhead(3, 19));
    await page.fill('[data-testid=field-ends-at]', timeAhead(3, 17));
    await page.fill('[data-testid=field-town]', 'Каз');
    await page.click('[data-testid=town-option] >> text=Казань');
    await page.fill('[data-testid=field-address]', 'Кремлёвская, 2');
    await page.fill('[data-testid=field-description]', 'Говорим о работе редакции.');
    await page.fill('[data-testid=field-register-url]', 'ftp://example.ru');
    await page.click('[data-testid=event-submit]');
    // The schema's refusals come together: the link and the terms.
    await page.getByTestId('error-register_url').getByText('Ссылка на регистрацию').waitFor();
    await page.getByTestId('error-rules').getByText('Правила: примите правила').waitFor();
    await page.fill('[data-testid=field-register-url]', 'https://example.ru/meetup');
    await page.check('[data-testid=field-rules]');
    await page.check('[data-testid=field-agreement]');
    await page.click('[data-testid=event-submit]');
    await page.getByTestId('error-ends_at').getByText('не может закончиться раньше').waitFor();
    await page.fill('[data-testid=field-ends-at]', timeAhead(3, 21));
    // The cover: a file chosen, framed and uploaded to the site's own store (never a link to another site).
    const cover = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#cc6633' } })
      .png()
      .toBuffer();
    await page.setInputFiles('[data-testid=event-cover] input[type=file]', {
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: cover,
    });
    await page.click('[data-testid=cropper-save]');
    await page.waitForSelector('[data-testid=event-cover] img[src^="/media/"]');
    await shot(page, 'events-form-1280', true);
    await page.click('[data-testid=event-submit]');
    await page.waitForURL(/\/events\/\d+$/);
    const rejectedId = Number(page.url().split('/').pop());
    await page.waitForSelector('.event-page__cover[src^="/media/"]');
    await page.getByTestId('event-banner').getByText('На модерации').waitFor();

    // Another through the API (three days on, the day the calendar marks) and twelve more in Казань.
    const second = await api<{ id: number }>(
      '/v3.0/events/create',
      owner.cookie,
      eventBody({
        subsite_id: blogId,
        title: 'Казанская конференция',
        starts_at: timeAhead(3, 10),
        ends_at: timeAhead(3, 18),
        price: 1500,
      }),
    );
    expect(second.rc).toBe(200);
    const more: number[] = [];
    for (let i = 0; i < 12; i++)
      more.push(
        (
          await api<{ id: number }>(
            '/v3.0/events/create',
            owner.cookie,
            eventBody({
              title: `Казанская встреча ${i + 1}`,
              starts_at: timeAhead(6 + i, 18),
              ends_at: timeAhead(6 + i, 20),
            }),
          )
        ).data.id,
      );
    const moscow = await api<{ id: number }>(
      '/v3.0/events/create',
      owner.cookie,
      eventBody({ title: 'Московская встреча', town_id: 1 }),
    );

    // Staff: the queue, the event_reject modal with a reason (Ctrl+Enter), publishing the other.
    const { context: bossContext, page: staff } = await signedInPage(browser, server, boss.cookie);
    await open(staff, `${server.url}/admin/events`);
    const item = staff.locator(`[data-testid=events-queue-item][data-id="${rejectedId}"]`);
    await item.waitFor();
    await shot(staff, 'events-admin-queue-1280');
    await item.locator('[data-testid=event-reject]').click();
    const modal = staff.locator('[data-testid=modal][data-kind=event_reject]');
    await modal.waitFor();
    await staff.fill('[data-testid=modal-reason]', 'Добавьте программу');
    await shot(staff, 'events-admin-reject-modal-1280');
    await staff.keyboard.press('Control+Enter');
    await item.waitFor({ state: 'detached' });
    await staff
      .locator(`[data-testid=events-queue-item][data-id="${second.data.id}"] [data-testid=event-publish]`)
      .click();
    await staff.locator(`[data-testid=events-queue-item][data-id="${second.data.id}"]`).waitFor({ state: 'detached' });
    for (const id of [...more, moscow.data.id])
      expect((await api(`/v3.0/events/${id}/publish`, boss.cookie, {})).rc).toBe(200);
    await bossContext.close();

    // The author sees the reason on the event and in the notifications.
    await open(page, `${server.url}/events/${rejectedId}`);
    await page.getByTestId('event-reason').getByText('Добавьте программу').waitFor();
    await shot(page, 'events-event-rejected-1280');
    await open(page, `${server.url}/notifications`);
    await page.getByText('отклонено модератором: Добавьте программу').first().waitFor();
    await ownerContext.close();

    // A reader on a phone: every town first, then Казань from the town field.
    const { context: readerContext, page: reader } = await newPage(browser, 375, 812);
    await open(reader, `${server.url}/events`);
    await reader.locator(`[data-testid=event-card][data-id="${moscow.data.id}"]`).first().waitFor();
    await reader.fill('[data-testid=events-town]', 'казань');
    await reader.click('[data-testid=town-option] >> text=Казань');
    await reader.waitForURL(/town_id=5/);
    const list = reader.getByTestId('events-list');
    // The URL changes before the list does: the every-town list (which also holds Казань's events) may still show.
    const places = () => list.locator('[data-testid=event-place]').allTextContents();
    const towns = async () => (await places()).map((p) => (p.startsWith('Казань') ? 'Казань' : p));
    await expect.poll(towns).toEqual(Array(13).fill('Казань'));
    await expect(reader.locator(`[data-testid=event-card][data-id="${rejectedId}"]`).count()).resolves.toBe(0);
    await shot(reader, 'events-list-kazan-375');

    // The calendar marks the conference's day; a click filters the list to it.
    const calendar = reader.getByTestId('event-calendar');
    if ((await calendar.getAttribute('data-month')) !== dayAhead(3).slice(0, 7)) {
      await calendar.getByRole('button', { name: 'Следующий месяц' }).click();
      await expect.poll(() => calendar.getAttribute('data-month')).toBe(dayAhead(3).slice(0, 7));
    }
    await calendar.locator(`[data-testid=calendar-day][data-day="${dayAhead(3)}"]`).click();
    await reader.waitForURL(new RegExp(`date_from=${dayAhead(3)}&date_to=${dayAhead(3)}`));
    await expect.poll(() => list.locator('[data-testid=event-card]').count()).toBe(1);
    await list.locator(`[data-testid=event-card][data-id="${second.data.id}"]`).waitFor();
    await shot(reader, 'events-calendar-day-375');

    // The widget: five first, "+5" five more per click.
    await open(reader, `${server.url}/events?town_id=5`);
    const widget = reader.getByTestId('events-widget');
    await widget.scrollIntoViewIfNeeded();
    await widget.getByText('Казань').first().waitFor();
    await expect.poll(() => widget.locator('[data-testid=event-card]').count()).toBe(5);
    // Its head holds on a phone: «Мероприятия · Казань» and the link each stay one line (under two font sizes high).
    for (const part of ['.job-widget__title', '.job-widget__all'])
      expect(
        await widget
          .locator(part)
          .evaluate((e) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).fontSize)),
        part,
      ).toBeLessThan(2);
    await widget.getByTestId('events-widget-more').click();
    await expect.poll(() => widget.locator('[data-testid=event-card]').count()).toBe(10);
    await widget.getByTestId('events-widget-more').click();
    await expect.poll(() => widget.locator('[data-testid=event-card]').count()).toBe(13);
    await expect(widget.getByTestId('events-widget-more').count()).resolves.toBe(0);
    await shot(reader, 'events-widget-375');

    // The published event's page: price, place, JSON-LD Event, the .ics file.
    await open(reader, `${server.url}/events/${second.data.id}`);
    await reader
      .getByTestId('event-price')
      .getByText(/^1500\s₽$/)
      .waitFor();
    const ld = JSON.parse((await reader.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Event',
      name: 'Казанская конференция',
      organizer: { name: 'Ромашка' },
      location: { '@type': 'Place', address: { addressLocality: 'Казань' } },
      offers: { price: 1500, priceCurrency: 'RUB' },
    });
    const href = await reader.getByTestId('event-ics').getAttribute('href');
    const ics = await reader.request.get(`${server.url}${href}`);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    expect(await ics.text()).toContain('SUMMARY:Казанская конференция');
    await shot(reader, 'events-event-375', true);
    await readerContext.close();
  });

  it('the pages at 1280 and 375 px', async () => {
    const list = await api<{ items: { id: number }[] }>('/v3.0/events', '');
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, width > 400 ? 900 : 812);
      await open(page, `${server.url}/events?town_id=0`);
      await shot(page, `events-list-${width}`);
      await open(page, `${server.url}/events/${list.data.items[0].id}`);
      await shot(page, `events-event-${width}`);
      await context.close();
    }
    const { context, page } = await signedInPage(browser, server, owner.cookie, 375, 812);
    await open(page, `${server.url}/events/new`);
    await shot(page, 'events-form-375', true);
    await context.close();
  });
});
