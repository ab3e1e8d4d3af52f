import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { TOWN_COOKIE } from '../../../shared/vacancies.ts';
import { notifications, outbox, vacancies } from '../../db/schema.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { isRussianError, storedSettings, useTestApp, Visitor } from '../../testing/harness.ts';
import { expire } from './service.ts';
import { company, goodVacancy, KAZAN, moderator, MOSCOW, vacancyRow } from './testing.ts';

const { t, signedIn } = useTestApp();

const ids = (res: { json(): any }) => res.json().data.items.map((i: { id: number }) => i.id) as number[];

/** A published vacancy through the API: posted, then published by staff. */
async function published(v: Visitor, over: Record<string, unknown> = {}) {
  const id = (await v.post('/v3.0/job/create', goodVacancy(over))).json().data.id as number;
  const mod = await moderator(t);
  expect((await mod.v.post(`/v3.0/job/${id}/publish`, {})).json().rc).toBe(200);
  return id;
}

describe('GET /v3.0/job/towns/find', () => {
  it('finds Russian towns by raw and encoded Cyrillic, ё and е alike, biggest first', async () => {
    const v = new Visitor(t.app);
    const raw = await v.get('/v3.0/job/towns/find?q=Каз');
    expect(raw.json().data.items[0]).toEqual({ id: KAZAN, name: 'Казань', region: 'Республика Татарстан' });
    const encoded = await v.get(`/v3.0/job/towns/find?q=${encodeURIComponent('казань')}`);
    expect(ids(encoded)[0]).toBe(KAZAN);
    const yo = await v.get(`/v3.0/job/towns/find?q=${encodeURIComponent('орел')}`);
    expect(yo.json().data.items.map((i: { name: string }) => i.name)).toContain('Орёл');
    const e = await v.get(`/v3.0/job/towns/find?q=${encodeURIComponent('Королёв')}`);
    expect(e.json().data.items[0].name).toBe('Королёв');
    // A word inside the name: "Новгород" finds Нижний and Великий Новгород.
    const inner = (await v.get(`/v3.0/job/towns/find?q=${encodeURIComponent('новгород')}`)).json().data.items;
    expect(inner.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining(['Нижний Новгород', 'Великий Новгород']),
    );
    expect(inner.length).toBeLessThanOrEqual(10);
    expect((await v.get(`/v3.0/job/towns/find?q=${encodeURIComponent('Гдетотам')}`)).json().data.items).toEqual([]);
  });

  it('refuses an empty, long or doubled query and unknown fields', async () => {
    const v = new Visitor(t.app);
    for (const q of ['', 'q=', 'q=%20%20', `q=${'я'.repeat(101)}`, 'q=a&q=b', 'q=Казань&x=1'])
      expect(isRussianError(await v.get(`/v3.0/job/towns/find?${q}`), 400), q).toBe(true);
  });
});

describe('POST /v3.0/users/store-location', () => {
  it('keeps an anonymous reader’s town in a cookie and a person’s in their settings; 0 forgets it', async () => {
    const anonymous = new Visitor(t.app);
    const res = await anonymous.post('/v3.0/users/store-location', { city_id: KAZAN });
    expect(res.json()).toMatchObject({ rc: 200, rm: messages.locationSaved, data: { town: { name: 'Казань' } } });
    expect(anonymous.cookies[TOWN_COOKIE]).toBe(String(KAZAN));
    expect((await anonymous.get('/v3.0/widget/job')).json().data.town?.id).toBe(KAZAN);

    const person = await signedIn();
    await person.v.post('/v3.0/users/store-location', { city_id: String(MOSCOW) });
    expect(await storedSettings(t, person.id, 'location')).toEqual({ city_id: MOSCOW });
    delete person.v.cookies[TOWN_COOKIE];
    expect((await person.v.get('/v3.0/widget/job')).json().data.town?.id).toBe(MOSCOW);
    expect((await person.v.post('/v3.0/users/store-location', { city_id: 0 })).json().data.town).toBeNull();
    expect(await storedSettings(t, person.id, 'location')).toEqual({});
  });

  it('refuses an unknown town and bad values, keeping what was stored', async () => {
    const person = await signedIn();
    await person.v.post('/v3.0/users/store-location', { city_id: KAZAN });
    const unknown = await person.v.post('/v3.0/users/store-location', { city_id: 99_999 });
    expect(isRussianError(unknown, 400) && unknown.json().data.errors.city_id).toBe(messages.vacancyTownUnknown);
    for (const body of [{}, { city_id: 'Казань' }, { city_id: -1 }, { city_id: 1.5 }, { city_id: 1, x: 1 }])
      expect(isRussianError(await person.v.post('/v3.0/users/store-location', body), 400)).toBe(true);
    expect(await storedSettings(t, person.id, 'location')).toEqual({ city_id: KAZAN });
  });
});

describe('GET /v3.0/job and the widget', () => {
  it('lists published vacancies newest first by every filter and a search', async () => {
    const owner = await signedIn('Владелец');
    const co = await company(t, owner.id, 'ООО Фильтры');
    const kazanDesign = await published(owner.v, {
      subsite_id: co.id,
      title: 'Дизайнер интерфейсов Фильтрум',
      specialisation: 'design',
      experience: '3-6',
      employment: 'part',
      salary_from: 90_000,
      salary_to: 120_000,
    });
    const remote = await published(owner.v, {
      title: 'Удалённый аналитик Фильтрум',
      town_id: null,
      is_remote: true,
      specialisation: 'analytics',
      salary_from: null,
      salary_to: 300_000,
    });
    const waiting = (await owner.v.post('/v3.0/job/create', goodVacancy({ title: 'Ждёт Фильтрум' }))).json().data.id;
    const v = new Visitor(t.app);
    const q = (s: string) => v.get(`/v3.0/job?q=${encodeURIComponent('Фильтрум')}&${s}`);
    expect(ids(await q(''))).toEqual([remote, kazanDesign]);
    expect(ids(await q(''))).not.toContain(waiting);
    expect(ids(await q(`town_id=${KAZAN}`))).toEqual([kazanDesign]);
    expect(ids(await q('remote=1'))).toEqual([remote]);
    expect(ids(await q('specialisation=design'))).toEqual([kazanDesign]);
    expect(ids(await q('experience=3-6'))).toEqual([kazanDesign]);
    expect(ids(await q('employment=part'))).toEqual([kazanDesign]);
    expect(ids(await q(`subsite_id=${co.id}`))).toEqual([kazanDesign]);
    expect(ids(await q('salary_from=200000'))).toEqual([remote]);
    expect(ids(await v.get(`/v3.0/job?q=${encodeURIComponent('дизайнер фильтрум')}`))).toEqual([kazanDesign]);
    expect(ids(await v.get(`/v3.0/job?q=${encodeURIComponent('100%_')}`))).toEqual([]);
    for (const bad of ['town_id=abc', 'remote=да', 'specialisation=x', 'salary_from=-5', 'last_id=1', 'x=1'])
      expect(isRussianError(await v.get(`/v3.0/job?${bad}`), 400), bad).toBe(true);
  });

  it('pages by the cursor without repeats; the widget reveals five more per offset', async () => {
    const author = await signedIn();
    const first = (await author.v.post('/v3.0/job/create', goodVacancy({ title: 'Курсор 0' }))).json().data.id;
    const base = Date.now() - 3600_000;
    // 24 more published ones, a second apart, written straight to the table (the API path is tested above).
    const row = await vacancyRow(t, first);
    const made = await t.database.db
      .insert(vacancies)
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          ...row,
          id: undefined,
          title: `Курсор ${i + 1}`,
          townId: 63,
          state: 'published' as const,
          publishedAt: new Date(base + i * 1000),
          expiresAt: new Date(base + 30 * 86_400_000),
        })),
      )
      .returning({ id: vacancies.id });
    const v = new Visitor(t.app);
    const page1 = (await v.get('/v3.0/job?town_id=63')).json().data;
    expect(page1.items).toHaveLength(20);
    expect(page1.is_finished).toBe(false);
    const page2 = (
      await v.get(`/v3.0/job?town_id=63&last_id=${page1.last_id}&last_sorting_value=${page1.last_sorting_value}`)
    ).json().data;
    expect(page2.items).toHaveLength(4);
    expect(page2.is_finished).toBe(true);
    const seen = [...page1.items, ...page2.items].map((i: { id: number }) => i.id);
    expect(seen).toEqual(made.map((m) => m.id).reverse());

    const w0 = (await v.get('/v3.0/widget/job?location=63')).json().data;
    expect(w0.items).toHaveLength(5);
    expect(w0.is_finished).toBe(false);
    const w1 = (await v.get('/v3.0/widget/job?location=63&offset=5')).json().data;
    expect(w1.items.map((i: { id: number }) => i.id)).toEqual(seen.slice(5, 10));
    const last = (await v.get('/v3.0/widget/job?location=63&offset=20')).json().data;
    expect(last.items).toHaveLength(4);
    expect(last.is_finished).toBe(true);
    for (const bad of ['offset=-1', 'offset=100000', 'location=abc', 'limit=500'])
      expect(isRussianError(await v.get(`/v3.0/widget/job?${bad}`), 400), bad).toBe(true);
  });
});

describe('expiry', () => {
  it('writes to the author three days before the end, then takes the vacancy off and tells them', async () => {
    const author = await signedIn('Автор Срока');
    const id = await published(author.v, { title: 'Срочная вакансия' });
    const start = t.clock.now;
    try {
      t.clock.now = new Date(Date.now() + 28 * 86_400_000);
      await expire(t.app.ctx);
      await expire(t.app.ctx); // twice: one letter
      // Only the warning: the letter of the publication's notice may go out too, when the worker gets to it.
      const warning = messages.vacancyExpiringSubject('Срочная вакансия');
      const letters = (await t.database.db.select().from(outbox)).filter((l) => l.subject === warning);
      expect(letters).toHaveLength(1);
      expect(letters[0].text).toContain('/job/new');
      expect((await vacancyRow(t, id)).state).toBe('published');

      t.clock.now = new Date(Date.now() + 31 * 86_400_000);
      await expire(t.app.ctx);
      expect((await vacancyRow(t, id)).state).toBe('expired');
      expect(ids(await new Visitor(t.app).get('/v3.0/job'))).not.toContain(id);
      await jobsOf(t.app.ctx).drain();
      const texts = (await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id))).map(
        (n) => (n.data as { text?: string }).text,
      );
      expect(texts).toContain(messages.vacancyExpiredNotice('Срочная вакансия'));
    } finally {
      t.clock.now = start;
    }
  });
});
