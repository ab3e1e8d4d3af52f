import { beforeAll, describe, expect, it } from 'vitest';
import { BLOG_WIDGET_STEP } from '../../../shared/blog-widget.ts';
import { ui } from '../../../shared/catalogue.ts';
import { EMBEDDABLE_POLICY, EMBEDDABLE_SCRIPTED_POLICY } from '../../lib/security-headers.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

/**
 * The blog widget other sites frame (issue 32 point 7): `/widget/blog/{id}` and its load-more
 * `/widget/blog/{id}/more/{last id}`, walked to the end through the real app.
 */
const { t, staff, signedIn } = useTestApp();

type Json = Record<string, any>;
let owner: Awaited<ReturnType<typeof signedIn>>;
/** The owner's published entries in their blog, newest first, and what the widget must never show. */
let published: number[];
let hidden: Json[];
let club: number;
let closed: number;
let clubEntry: number;
/** The entry whose title carries markup. */
let bold: number;

/** Entry ids of a page's items, in order (their links name `/{id}-` of the entry's address). */
const idsOf = (html: string) =>
  [...html.matchAll(/<a href="[^"]*\/(\d+)(?:-[^"/]*)?" target="_blank" rel="noopener" class="w__title">/g)].map((m) =>
    Number(m[1]),
  );

beforeAll(async () => {
  owner = await signedIn('Автор Виджета');
  const post = async (title: string, over: Json = {}) =>
    savedEntry(owner.v, { title, entry: [text(`Текст записи «${title}»`)], is_published: 1, ...over });
  published = [];
  for (let i = 1; i <= 12; i++) published.push((await post(i === 3 ? 'Запись <b>жирная</b>' : `Запись №${i}`)).id);
  bold = published[2];
  const draft = await post('Черновик', { is_published: 0 });
  const removed = await post('Удалённая запись');
  expect((await owner.v.post(`/v3.0/writing/${removed.id}/remove`, {})).json().rc).toBe(200);
  const unpublished = await post('Снятая с публикации');
  const off = await staff.post(`/v3.0/content/unpublish/${unpublished.id}`, { reason_text: 'Нарушает правила' });
  expect(off.json().rc, off.body).toBe(200);
  // A community with an entry of the owner's, and a private one: the latter's entries stay out of the owner's blog.
  club = (await owner.v.post('/v3.0/subsite/create', { name: 'Клуб виджетов', slug: 'widget-club' })).json().data.id;
  clubEntry = (await post('Запись в клубе', { subsite_id: club })).id;
  published.push(clubEntry);
  closed = (await owner.v.post('/v3.0/subsite/create', { name: 'Тайный клуб', slug: 'widget-secret' })).json().data.id;
  const secret = await post('Тайная запись', { subsite_id: closed });
  expect((await owner.v.post(`/v3.0/subsite/save_settings/${closed}`, { is_private: 1 })).json().rc).toBe(200);
  hidden = [draft, removed, unpublished, secret];
  published.sort((a, b) => b - a);
});

describe('GET /widget/blog/{id}', () => {
  it('is a page others may frame: the blog’s newest five, its name, a button with its script, no cookies', async () => {
    // A signed-in reader's cookies change nothing and none is set.
    const res = await owner.v.get(`/widget/blog/${owner.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(EMBEDDABLE_SCRIPTED_POLICY);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'; connect-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(idsOf(res.body)).toEqual(published.slice(0, BLOG_WIDGET_STEP));
    expect(res.body).toContain(`<title>${ui.blogWidget.title('Автор Виджета')}</title>`);
    expect(res.body).toContain('<h1>Автор Виджета</h1>');
    expect(res.body).toContain(`href="${t.app.ctx.config.publicUrl}/u/${owner.id}`);
    expect(res.body).toContain(`>${ui.blogWidget.more}</button>`);
    expect(res.body).toContain(`data-url="/widget/blog/${owner.id}/more" data-last-id="${published[4]}"`);
    // Its one script is a file of this origin; nothing runs inline.
    expect([...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script src="/widget/blog.js" defer>',
    ]);
    const script = await new Visitor(t.app).get('/widget/blog.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('insertAdjacentHTML');
  });

  it('walks to the end by the last id: every published entry once, in order; none of the hidden ones', async () => {
    const v = new Visitor(t.app);
    const first = await v.get(`/widget/blog/${owner.id}`);
    const seen = idsOf(first.body);
    let last = seen.at(-1)!;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(10);
      const res = await v.get(`/widget/blog/${owner.id}/more/${last}`);
      const body = res.json();
      expect(body.rc, res.body).toBe(200);
      const ids = idsOf(body.data.html);
      expect(ids.length).toBeLessThanOrEqual(BLOG_WIDGET_STEP);
      seen.push(...ids);
      if (ids.length) expect(body.data.last_id).toBe(ids.at(-1));
      last = body.data.last_id;
      if (body.data.is_finished) break;
    }
    expect(seen).toEqual(published);
    const html = (await v.get(`/widget/blog/${owner.id}/more/${bold + 1}`)).json().data.html as string;
    expect(html).toContain('Запись &lt;b&gt;жирная&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    for (const e of hidden) expect(seen).not.toContain(e.id);
    // Past the end: nothing more, the cursor stays.
    const end = (await v.get(`/widget/blog/${owner.id}/more/${published.at(-1)}`)).json();
    expect(end.data).toEqual({ html: '', last_id: published.at(-1), is_finished: true });
  });

  it('any id is a place to go on from: another blog’s entry, one not there any more, one beyond the newest', async () => {
    const v = new Visitor(t.app);
    const after = async (cursor: number) => {
      const res = await v.get(`/widget/blog/${owner.id}/more/${cursor}`);
      expect(res.json().rc, res.body).toBe(200);
      return idsOf(res.json().data.html);
    };
    const other = await signedIn('Чужой Автор');
    const foreign = (await savedEntry(other.v, { title: 'Чужая', entry: [text('Не отсюда')], is_published: 1 })).id;
    expect(await after(foreign)).toEqual(published.filter((id) => id < foreign).slice(0, BLOG_WIDGET_STEP));
    expect(await after(hidden[1].id)).toEqual(published.filter((id) => id < hidden[1].id).slice(0, BLOG_WIDGET_STEP));
    expect(await after(2 ** 31 - 1)).toEqual(published.slice(0, BLOG_WIDGET_STEP));
  });

  it('a community’s widget lists its own entries; a private or missing blog is a Russian 404', async () => {
    const v = new Visitor(t.app);
    const page = await v.get(`/widget/blog/${club}`);
    expect(page.statusCode).toBe(200);
    expect(idsOf(page.body)).toEqual([clubEntry]);
    // One page holds it all: no button, no script, and the policy of the scriptless widgets.
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toBe(EMBEDDABLE_POLICY);
    expect(page.headers['x-frame-options']).toBeUndefined();
    for (const id of [closed, 999_999]) {
      const res = await v.get(`/widget/blog/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(ui.blogWidget.notFound);
      expect(res.headers['content-security-policy']).toBe(EMBEDDABLE_POLICY);
      expect(res.body).not.toContain('Тайная запись');
      expect(isRussianError(await v.get(`/widget/blog/${id}/more/${2 ** 31 - 1}`), 404)).toBe(true);
    }
    // The team of the private community gets no more than anyone.
    expect((await owner.v.get(`/widget/blog/${closed}`)).statusCode).toBe(404);
  });

  it('refuses ids that are not decimal digits 1…2³¹−1, and unknown fields, in Russian', async () => {
    const v = new Visitor(t.app);
    const bad = ['abc', '-1', '1e3', '0', '1.5', '0x10', '%201', '9'.repeat(40), String(2 ** 31)];
    for (const id of bad) {
      expect(isRussianError(await v.get(`/widget/blog/${id}`), 400), id).toBe(true);
      expect(isRussianError(await v.get(`/widget/blog/${id}/more/5`), 400), id).toBe(true);
      expect(isRussianError(await v.get(`/widget/blog/${owner.id}/more/${id}`), 400), id).toBe(true);
    }
    expect(isRussianError(await v.get(`/widget/blog/${owner.id}?x=1`), 400)).toBe(true);
    expect(isRussianError(await v.get(`/widget/blog/${owner.id}/more/5?x=1`), 400)).toBe(true);
    // The load-more's JSON is for the page's script, not for framing.
    const more = await v.get(`/widget/blog/${owner.id}/more/5`);
    expect(more.headers['x-frame-options']).toBe('DENY');
    expect(more.headers['access-control-allow-origin']).toBeUndefined();
  });
});
