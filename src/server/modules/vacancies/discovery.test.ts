import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vacancies } from '../../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { expire } from './service.ts';
import { company, goodVacancy, moderator, paragraph } from './testing.ts';

const { t, signedIn } = useTestApp();

/** A vacancy posted through the API and, unless `waiting`, published by staff. */
async function posted(v: Visitor, over: Record<string, unknown> = {}, waiting = false) {
  const res = await v.post('/v3.0/job/create', goodVacancy(over));
  expect(res.json().rc, res.body).toBe(200);
  const id = res.json().data.id as number;
  if (!waiting) expect((await (await moderator(t)).v.post(`/v3.0/job/${id}/publish`, {})).json().rc).toBe(200);
  return id;
}

const found = async (query: string, order = 'relevant', extra = '') => {
  const res = await new Visitor(t.app).get(
    `/v3.0/search_ajax/v2/vacancies/${order}/1?query=${encodeURIComponent(query)}${extra}`,
  );
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.items as { id: number; title: string; title_html: string; url: string; company: string }[];
};

describe('vacancies in search (search_ajax/v2/vacancies)', () => {
  it('finds published vacancies by title, company and description; waiting, unpublished and expired ones leave', async () => {
    const author = await signedIn('Автор Вакансий');
    const word = `гидрограф${Date.now() % 100_000}`;
    const byTitle = await posted(author.v, { title: `Инженер-${word}` });
    const byText = await posted(author.v, {
      title: 'Специалист по картам',
      description: paragraph(`Нужен опытный <b>${word}</b> для съёмки рек.`),
    });
    const waiting = await posted(author.v, { title: `Младший ${word}` }, true);
    const items = await found(word);
    expect(items.map((i) => i.id)).toEqual([byTitle, byText]); // the title weighs more
    expect(items[0]).toMatchObject({ url: `/job/${byTitle}`, company: 'ООО «Среда»' });
    expect(items[0].title_html).toContain('<mark>');
    expect((await found(word, 'date')).map((i) => i.id)).toEqual([byText, byTitle]);
    expect((await found('Среда компания')).map((i) => i.id)).not.toContain(waiting);
    // Narrowed to a blog: the author's own, not a company's.
    const owner = await signedIn('Владелец');
    const co = await company(t, owner.id, 'ООО Гидрография');
    const fromCompany = await posted(owner.v, { subsite_id: co.id, title: `Ведущий ${word}` });
    expect((await found(word, 'date', `&subsite_id=${co.id}`)).map((i) => i.id)).toEqual([fromCompany]);

    const mod = await moderator(t);
    expect((await mod.v.post(`/v3.0/job/${byText}/unpublish`, { reason_text: 'Закрыта' })).json().rc).toBe(200);
    // Both titles match equally: the newer first.
    expect((await found(word)).map((i) => i.id)).toEqual([fromCompany, byTitle]);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(Date.now() + 31 * 86_400_000);
      await expire(t.app.ctx);
    } finally {
      t.clock.now = start;
    }
    expect(await found(word)).toEqual([]);
    const [row] = await t.database.db.select().from(vacancies).where(eq(vacancies.id, byTitle));
    expect(row.state).toBe('expired');
  });

  it('refuses a wrong entity, order, page and query, as for other kinds', async () => {
    const v = new Visitor(t.app);
    for (const path of [
      '/v3.0/search_ajax/v2/vacancy/relevant/1?query=x',
      '/v3.0/search_ajax/v2/vacancies/best/1?query=x',
      '/v3.0/search_ajax/v2/vacancies/relevant/0?query=x',
      '/v3.0/search_ajax/v2/vacancies/relevant/1',
      `/v3.0/search_ajax/v2/vacancies/relevant/1?query=${'я'.repeat(900)}`,
      '/v3.0/search_ajax/v2/vacancies/relevant/1?query=x&subsite_id=abc',
      '/v3.0/search_ajax/v2/vacancies/relevant/1?query=x&extra=1',
    ])
      expect(isRussianError(await v.get(path), 400), path).toBe(true);
  });
});

describe('GET /job/rss', () => {
  it('lists published vacancies newest first, escaped; answers 304 to a reader who has it', async () => {
    const author = await signedIn('Автор');
    const first = await posted(author.v, { title: 'Повар <шеф> & су-шеф', salary_from: 90_000, salary_to: null });
    const second = await posted(author.v, { title: 'Официант', town_id: null, is_remote: true });
    const waiting = await posted(author.v, { title: 'Бармен на проверке' }, true);
    const v = new Visitor(t.app);
    const res = await v.get('/job/rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toContain('<title>Вакансии — Среда</title>');
    expect(xml).toContain('<title>Повар &lt;шеф&gt; &amp; су-шеф</title>');
    expect(xml).toContain(`<link>${t.app.ctx.config.publicUrl}/job/${first}</link>`);
    expect(xml).toContain('Казань · от 90\u00a0000\u00a0₽');
    expect(xml).toContain('Удалённая работа');
    expect(xml.indexOf(`/job/${second}<`)).toBeLessThan(xml.indexOf(`/job/${first}<`));
    expect(xml).not.toContain(`/job/${waiting}<`);
    expect(xml).not.toContain('Бармен');

    const again = await v.get('/job/rss', { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await author.v.post(`/v3.0/job/${second}/unpublish`, {})).json().rc).toBe(200);
    const after = await v.get('/job/rss', { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(`/job/${second}<`);
    // A feed takes no query.
    expect((await v.get('/job/rss?x=1')).statusCode).toBe(400);
  });
});
