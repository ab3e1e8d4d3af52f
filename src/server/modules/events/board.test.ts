import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/catalogue.ts';
import { TOWN_COOKIE } from '../../../shared/vacancies.ts';
import { events } from '../../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { moderator } from '../vacancies/testing.ts';
import { finish, publishedEventsOf } from './service.ts';
import { eventRow, goodEvent, KAZAN } from './testing.ts';

const { t, signedIn } = useTestApp();

const ids = (res: { json(): any }) => res.json().data.items.map((i: { id: number }) => i.id) as number[];

/** A published event through the API: posted, then published by staff. */
async function published(v: Visitor, over: Record<string, unknown> = {}) {
  const res = await v.post('/v3.0/events/create', goodEvent(over));
  expect(res.json().rc, res.body).toBe(200);
  const id = res.json().data.id as number;
  const mod = await moderator(t);
  expect((await mod.v.post(`/v3.0/events/${id}/publish`, {})).json().rc).toBe(200);
  return id;
}

describe('GET /v3.0/events and the calendar', () => {
  it('lists upcoming published events soonest first by town, days, online, free, format and a search', async () => {
    const author = await signedIn('Организатор');
    const kazan = await published(author.v, {
      title: 'Казанский Фильтрум',
      starts_at: '2031-05-10T18:00',
      ends_at: '2031-05-12T20:00',
    });
    const online = await published(author.v, {
      title: 'Онлайн Фильтрум',
      town_id: null,
      is_online: true,
      format: 'webinar',
      price: 990,
      starts_at: '2031-05-03T12:00',
      ends_at: '2031-05-03T13:00',
    });
    const waiting = (await author.v.post('/v3.0/events/create', goodEvent({ title: 'Ждёт Фильтрум' }))).json().data.id;
    const v = new Visitor(t.app);
    const q = (s: string) => v.get(`/v3.0/events?q=${encodeURIComponent('Фильтрум')}&${s}`);
    expect(ids(await q(''))).toEqual([online, kazan]);
    expect(ids(await q(''))).not.toContain(waiting);
    expect(ids(await q(`town_id=${KAZAN}`))).toEqual([kazan]);
    expect(ids(await q('online=1'))).toEqual([online]);
    expect(ids(await q('free=1'))).toEqual([kazan]);
    expect(ids(await q('format=webinar'))).toEqual([online]);
    // A three-day event fits any of its days; the range is of the events' own days.
    expect(ids(await q('date_from=2031-05-11&date_to=2031-05-11'))).toEqual([kazan]);
    expect(ids(await q('date_from=2031-05-03&date_to=2031-05-03'))).toEqual([online]);
    expect(ids(await q('date_from=2031-05-13'))).toEqual([]);
    expect(ids(await v.get(`/v3.0/events?q=${encodeURIComponent('100%_')}`))).toEqual([]);
    const range = await q('date_from=2031-05-12&date_to=2031-05-01');
    expect(isRussianError(range, 400) && range.json().rm).toBe(messages.eventDateRange);
    for (const bad of ['town_id=abc', 'online=да', 'format=x', 'date_from=2031-13', 'offset=-1', 'x=1'])
      expect(isRussianError(await v.get(`/v3.0/events?${bad}`), 400), bad).toBe(true);

    const cal = (s: string) => v.get(`/v3.0/events/calendar?q=${encodeURIComponent('Фильтрум')}&${s}`);
    expect((await cal('month=2031-05')).json().data).toEqual({
      month: '2031-05',
      days: ['2031-05-03', '2031-05-10', '2031-05-11', '2031-05-12'],
    });
    expect((await cal(`month=2031-05&town_id=${KAZAN}`)).json().data.days).toEqual([
      '2031-05-10',
      '2031-05-11',
      '2031-05-12',
    ]);
    expect((await cal('month=2031-05&online=1')).json().data.days).toEqual(['2031-05-03']);
    expect((await cal('month=2031-06')).json().data.days).toEqual([]);
    for (const bad of ['', 'month=2031-5', 'month=май', 'month=2031-05&free=да'])
      expect(isRussianError(await v.get(`/v3.0/events/calendar?${bad}`), 400), bad).toBe(true);
    expect((await publishedEventsOf(t.app.ctx, author.id)).map((e) => e.id)).toEqual(
      expect.arrayContaining([kazan, online]),
    );
  });

  it('pages by offset; the widget shows the reader’s town and reveals five more per offset', async () => {
    const author = await signedIn();
    const first = await published(author.v, {
      town_id: 63,
      title: 'Страница 0',
      starts_at: '2032-01-01T10:00',
      ends_at: '2032-01-01T11:00',
    });
    const row = await eventRow(t, first);
    const base = new Date('2032-01-02T10:00:00Z').getTime();
    await t.database.db.insert(events).values(
      Array.from({ length: 23 }, (_, i) => ({
        ...row,
        id: undefined,
        title: `Страница ${i + 1}`,
        startsAt: new Date(base + i * 3600_000),
        endsAt: new Date(base + i * 3600_000 + 1800_000),
      })),
    );
    const v = new Visitor(t.app);
    const page1 = (await v.get('/v3.0/events?town_id=63')).json().data;
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0].id).toBe(first);
    expect(page1.next_offset).toBe(20);
    const page2 = (await v.get('/v3.0/events?town_id=63&offset=20')).json().data;
    expect(page2.items.map((i: { title: string }) => i.title)).toEqual([
      'Страница 20',
      'Страница 21',
      'Страница 22',
      'Страница 23',
    ]);
    expect(page2.next_offset).toBeNull();

    await v.post('/v3.0/users/store-location', { city_id: 63 });
    expect(v.cookies[TOWN_COOKIE]).toBe('63');
    const w0 = (await v.get('/v3.0/widget/events')).json().data;
    expect(w0.town?.id).toBe(63);
    expect(w0.items).toHaveLength(5);
    expect(w0.is_finished).toBe(false);
    const w1 = (await v.get('/v3.0/widget/events?location=63&offset=5&limit=5')).json().data;
    expect(w1.items.map((i: { title: string }) => i.title)).toEqual([
      'Страница 5',
      'Страница 6',
      'Страница 7',
      'Страница 8',
      'Страница 9',
    ]);
    expect((await v.get('/v3.0/widget/events?location=63&offset=20')).json().data.is_finished).toBe(true);
    for (const bad of ['offset=-1', 'offset=100000', 'location=abc', 'limit=500'])
      expect(isRussianError(await v.get(`/v3.0/widget/events?${bad}`), 400), bad).toBe(true);
  });
});

describe('GET /v3.0/events/{id}/ics', () => {
  it('gives an iCalendar file: UTC times, escaped and folded text, CRLF lines', async () => {
    const author = await signedIn();
    const title = 'Конференция «Среда», доклады; вопросы и ответы — длинное название для переноса строки';
    const id = await published(author.v, {
      title,
      starts_at: '2031-09-01T10:00',
      ends_at: '2031-09-01T18:00',
      address: 'Кремлёвская, 2',
    });
    const res = await new Visitor(t.app).get(`/v3.0/events/${id}/ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const text = res.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('BEGIN:VEVENT');
    expect(unfolded).toContain('DTSTART:20310901T070000Z');
    expect(unfolded).toContain('DTEND:20310901T150000Z');
    expect(unfolded).toContain(`SUMMARY:${title.replace(/,/g, '\\,').replace(/;/g, '\\;')}`);
    expect(unfolded).toContain('LOCATION:Казань\\, Кремлёвская\\, 2');
    expect(unfolded).toContain(`URL:${t.app.ctx.config.publicUrl}/events/${id}`);
    expect(unfolded).toMatch(new RegExp(`UID:event-${id}@`));
  });
});

describe('the events.finish task', () => {
  it('marks a published event whose end passed as past: off the list and the calendar, its page still opens', async () => {
    const author = await signedIn();
    const start = t.clock.now;
    const id = await published(author.v, {
      title: 'Скоро пройдёт',
      starts_at: '2031-02-01T10:00',
      ends_at: '2031-02-01T12:00',
    });
    const v = new Visitor(t.app);
    expect(ids(await v.get('/v3.0/events?date_from=2031-02-01&date_to=2031-02-01'))).toContain(id);
    try {
      t.clock.now = new Date('2031-02-01T10:00:00Z');
      // Over by its end already, before the task runs.
      expect(ids(await v.get('/v3.0/events?date_from=2031-02-01&date_to=2031-02-01'))).not.toContain(id);
      await finish(t.app.ctx);
      await finish(t.app.ctx);
      expect((await eventRow(t, id)).state).toBe('past');
      expect((await v.get(`/v3.0/events/${id}`)).json().data).toMatchObject({ state: 'past', can_edit: false });
      expect((await v.get('/v3.0/events/calendar?month=2031-02')).json().data.days).not.toContain('2031-02-01');
    } finally {
      t.clock.now = start;
    }
  });
});
