import { describe, expect, it } from 'vitest';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { company, moderator } from '../vacancies/testing.ts';
import { goodEvent, localDay } from './testing.ts';

const { t, signedIn } = useTestApp();

/** An event posted through the API and, unless `waiting`, published by staff. */
async function posted(v: Visitor, over: Record<string, unknown> = {}, waiting = false) {
  const res = await v.post('/v3.0/events/create', goodEvent(over));
  expect(res.json().rc, res.body).toBe(200);
  const id = res.json().data.id as number;
  if (!waiting) expect((await (await moderator(t)).v.post(`/v3.0/events/${id}/publish`, {})).json().rc).toBe(200);
  return id;
}

const found = async (query: string, order = 'relevant', extra = '') => {
  const res = await new Visitor(t.app).get(
    `/v3.0/search_ajax/v2/events/${order}/1?query=${encodeURIComponent(query)}${extra}`,
  );
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.items as { id: number; title: string; title_html: string; url: string }[];
};

/** Runs `body` with the app's clock `days` ahead. */
async function later<T>(days: number, body: () => Promise<T>): Promise<T> {
  const start = t.clock.now;
  try {
    t.clock.now = new Date(Date.now() + days * 86_400_000);
    return await body();
  } finally {
    t.clock.now = start;
  }
}

describe('events in search (search_ajax/v2/events)', () => {
  it('finds published events to come by title, description and address; waiting, unpublished and ended ones leave', async () => {
    const author = await signedIn('Организатор');
    const word = `океанограф${Date.now() % 100_000}`;
    const byTitle = await posted(author.v, {
      title: `Слёт ${word}ов`,
      starts_at: localDay(20),
      ends_at: localDay(20, 22),
    });
    const byText = await posted(author.v, {
      title: 'Встреча о морях',
      description: `Расскажет опытный ${word} о течениях.`,
      starts_at: localDay(2),
      ends_at: localDay(2, 22),
    });
    const byAddress = await posted(author.v, {
      title: 'Лекторий',
      address: `Клуб ${word}`,
      starts_at: localDay(30),
      ends_at: localDay(30, 22),
    });
    const waiting = await posted(author.v, { title: `Школа ${word}а` }, true);
    const items = await found(word);
    expect(items[0]).toMatchObject({ id: byTitle, url: `/events/${byTitle}` }); // the title weighs more
    expect(items[0].title_html).toContain('<mark>');
    expect(items.map((i) => i.id).sort()).toEqual([byTitle, byText, byAddress].sort());
    // By date: the soonest first.
    expect((await found(word, 'date')).map((i) => i.id)).toEqual([byText, byTitle, byAddress]);
    expect(items.map((i) => i.id)).not.toContain(waiting);
    // Narrowed to a blog: a company's.
    const owner = await signedIn('Владелец');
    const co = await company(t, owner.id, 'Морской клуб');
    const fromCompany = await posted(owner.v, { subsite_id: co.id, title: `Регата ${word}ов` });
    expect((await found(word, 'date', `&subsite_id=${co.id}`)).map((i) => i.id)).toEqual([fromCompany]);

    // An event that ended leaves at once; an unpublished one too.
    expect((await later(5, () => found(word, 'date'))).map((i) => i.id)).toEqual([fromCompany, byTitle, byAddress]);
    const mod = await moderator(t);
    expect((await mod.v.post(`/v3.0/events/${byTitle}/unpublish`, { reason_text: 'Отменено' })).json().rc).toBe(200);
    expect((await found(word, 'date')).map((i) => i.id)).toEqual([byText, fromCompany, byAddress]);
    expect(await later(60, () => found(word))).toEqual([]);
  });

  it('refuses a wrong entity, order, page and query, as for other kinds', async () => {
    const v = new Visitor(t.app);
    for (const path of [
      '/v3.0/search_ajax/v2/event/relevant/1?query=x',
      '/v3.0/search_ajax/v2/events/best/1?query=x',
      '/v3.0/search_ajax/v2/events/relevant/0?query=x',
      '/v3.0/search_ajax/v2/events/relevant/1',
      `/v3.0/search_ajax/v2/events/relevant/1?query=${'я'.repeat(900)}`,
      '/v3.0/search_ajax/v2/events/relevant/1?query=x&subsite_id=abc',
      '/v3.0/search_ajax/v2/events/relevant/1?query=x&extra=1',
    ])
      expect(isRussianError(await v.get(path), 400), path).toBe(true);
  });
});

describe('GET /events/rss', () => {
  it('lists published events to come, newest published first, escaped; answers 304 to a reader who has it', async () => {
    const author = await signedIn('Автор');
    const first = await posted(author.v, {
      title: 'Джаз <вечер> & блюз',
      price: 15_000,
      starts_at: localDay(3),
      ends_at: localDay(3, 23),
    });
    const second = await posted(author.v, { title: 'Вебинар о SQL', town_id: null, is_online: true });
    const waiting = await posted(author.v, { title: 'Ярмарка на проверке' }, true);
    const v = new Visitor(t.app);
    const res = await v.get('/events/rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toContain('<title>Мероприятия — Среда</title>');
    expect(xml).toContain('<title>Джаз &lt;вечер&gt; &amp; блюз</title>');
    expect(xml).toContain(`<link>${t.app.ctx.config.publicUrl}/events/${first}</link>`);
    expect(xml).toContain('Казань, ул. Баумана, 1 · 15\u00a0000\u00a0₽');
    expect(xml).toContain('Онлайн · Бесплатно');
    expect(xml).toContain('<category>Митап</category>');
    expect(xml.indexOf(`/events/${second}<`)).toBeLessThan(xml.indexOf(`/events/${first}<`));
    expect(xml).not.toContain(`/events/${waiting}<`);
    expect(xml).not.toContain('Ярмарка');

    const again = await v.get('/events/rss', { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await author.v.post(`/v3.0/events/${second}/unpublish`, {})).json().rc).toBe(200);
    const after = await v.get('/events/rss', { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(`/events/${second}<`);
    // An event over leaves the feed.
    expect((await later(5, () => v.get('/events/rss'))).body).not.toContain(`/events/${first}<`);
    // A feed takes no query.
    expect((await v.get('/events/rss?x=1')).statusCode).toBe(400);
  });
});
