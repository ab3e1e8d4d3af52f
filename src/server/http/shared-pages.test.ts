import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, root } from '../../../scripts/ensure-build.ts';
import { eq } from 'drizzle-orm';
import { startTestApp, Visitor, type TestApp } from '../testing/harness.ts';
import { entries, notifications, vacancies } from '../db/schema.ts';
import { SESSION_CACHE_MS } from '../modules/auth/service.ts';
import { feedFixtures } from '../modules/feed/testing.ts';
import { company, goodVacancy, KAZAN, moderator } from '../modules/vacancies/testing.ts';
import { TOWN_COOKIE } from '../../shared/vacancies.ts';
import { RENDERS_AT_ONCE, SHARED_PAGE_MS } from './web.ts';

const textBlock = (text: string) => ({ type: 'text', data: { text } });

describe('anonymous pages shared for a few seconds in production', () => {
  let t: TestApp;
  let f: ReturnType<typeof feedFixtures>;
  beforeAll(async () => {
    ensureBuild();
    t = await startTestApp({ sharedCaches: true }, { web: { buildDir: path.join(root, 'build') } });
    f = feedFixtures(t);
    await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
    // The web build is made once per run, when missing or stale.
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  const html = async (v: Visitor, url: string) => {
    const res = await v.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it(`serve one render for ${SHARED_PAGE_MS / 1000} s; a write through this node drops it at once`, async () => {
    const author = await f.reader();
    const c = await f.community({ name: 'Сообщество кэша страниц' });
    await f.entry({ subsiteId: c.id, authorId: author.id, title: 'Первая запись страницы' });
    const page = `/s/${c.slug}`;
    const first = await html(new Visitor(t.app), page);
    expect(first).toContain('Первая запись страницы');

    // Written around the server (as another node would): anonymous visitors still get the shared copy ...
    await f.entry({ subsiteId: c.id, authorId: author.id, title: 'Запись мимо сервера' });
    expect(await html(new Visitor(t.app), page)).toBe(first);
    // ... while a signed-in reader's page is rendered for them.
    expect(await html(author.v, page)).toContain('Запись мимо сервера');
    // Another query string is another page.
    expect(await html(new Visitor(t.app), `${page}?sorting=date`)).toContain('Запись мимо сервера');

    // A write this node answers: the very next anonymous view shows it, on the subsite and on /new.
    const res = await author.v.post('/v3.0/writing/save', {
      title: 'Запись через сервер',
      entry: [textBlock('Текст записи через сервер')],
      subsite_id: c.id,
      is_published: 1,
    });
    expect(res.json().rc, res.body).toBe(200);
    const after = await html(new Visitor(t.app), page);
    expect(after).toContain('Запись через сервер');
    expect(after).toContain('Запись мимо сервера');
    expect(await html(new Visitor(t.app), '/new')).toContain('Запись через сервер');

    // Without writes, the copy lives its few seconds and no longer.
    await f.entry({ subsiteId: c.id, authorId: author.id, title: 'Запись после паузы' });
    expect(await html(new Visitor(t.app), page)).not.toContain('Запись после паузы');
    t.clock.now = new Date(t.clock.now.getTime() + SHARED_PAGE_MS);
    expect(await html(new Visitor(t.app), page)).toContain('Запись после паузы');
  });

  it('entry pages too: a change around the server waits its few seconds, a comment through this node shows at once', async () => {
    const author = await f.reader();
    const saved = await author.v.post('/v3.0/writing/save', {
      title: 'Запись для общей копии',
      entry: [textBlock('Текст записи для общей копии')],
      is_published: 1,
    });
    expect(saved.json().rc, saved.body).toBe(200);
    const { id, url } = saved.json().data.entry as { id: number; url: string };
    expect(await html(new Visitor(t.app), url)).toContain('Запись для общей копии');

    await t.database.db.update(entries).set({ title: 'Заголовок мимо сервера' }).where(eq(entries.id, id));
    expect(await html(new Visitor(t.app), url)).toContain('Запись для общей копии');
    expect(await html(author.v, url)).toContain('Заголовок мимо сервера');

    const comment = await author.v.post('/v3.0/comment/add', { id, text: 'Комментарий через сервер' });
    expect(comment.json().rc, comment.body).toBe(200);
    const after = await html(new Visitor(t.app), url);
    expect(after).toContain('Комментарий через сервер');
    expect(after).toContain('Заголовок мимо сервера');
  });

  it("the boards too, one copy per town the reader chose; a vacancy's page as well", async () => {
    const owner = await f.reader();
    const firm = await company(t, owner.id);
    const mod = await moderator(t);
    const made = await owner.v.post(
      '/v3.0/job/create',
      goodVacancy({ title: 'Вакансия общей копии', subsite_id: firm.id }),
    );
    const id = made.json().data.id as number;
    expect((await mod.v.post(`/v3.0/job/${id}/publish`, {})).json().rc).toBe(200);
    const list = await html(new Visitor(t.app), '/job');
    expect(list).toContain('Вакансия общей копии');
    const item = await html(new Visitor(t.app), `/job/${id}`);

    // Changed around the server: the anonymous copies stay for their few seconds ...
    await t.database.db.update(vacancies).set({ title: 'Вакансия мимо сервера' }).where(eq(vacancies.id, id));
    expect(await html(new Visitor(t.app), '/job')).toBe(list);
    expect(await html(new Visitor(t.app), `/job/${id}`)).toBe(item);
    // ... while a reader whose town is Казань gets the page of that town, rendered for it.
    const kazan = await new Visitor(t.app).get('/job', { headers: { cookie: `${TOWN_COOKIE}=${KAZAN}` } });
    expect(kazan.statusCode).toBe(200);
    expect(kazan.body).toContain('Вакансия мимо сервера');
    expect(await html(owner.v, `/job/${id}`)).toContain('Вакансия мимо сервера');
  });

  it('are kept per value of the cookies the shell reads, and never with a cookie set for someone', async () => {
    const open = await new Visitor(t.app).get('/', { headers: { cookie: 'sidebar-collapsing=0' } });
    const closed = await new Visitor(t.app).get('/', { headers: { cookie: 'sidebar-collapsing=1' } });
    expect(open.statusCode).toBe(200);
    expect(closed.body).not.toBe(open.body);
    expect(open.headers['set-cookie']).toBeUndefined();
    expect(closed.headers['set-cookie']).toBeUndefined();
  });

  it('render at most a few pages at once, each giving its place back when sent (or when its client left)', async () => {
    const reader = await f.reader();
    // Twice the places at once: the second half renders only as the first gives its places back, so a place kept
    // after its page was sent would stop them (and every later page) for good.
    const pages = await Promise.all(Array.from({ length: 2 * RENDERS_AT_ONCE }, (_, i) => reader.v.get(`/?n=${i}`)));
    expect(pages.map((p) => p.statusCode)).toEqual(pages.map(() => 200));
    expect((await reader.v.get('/new')).statusCode).toBe(200);
  });

  it("keep a signed-in reader's shell with their session: a write through this node shows at once", async () => {
    const reader = await f.reader();
    const other = await f.reader();
    const notify = () => t.database.db.insert(notifications).values({ userId: reader.id, type: 'system' });
    const bell = async (v: Visitor) => /aria-label="Уведомления(?:: (\d+))?"/.exec(await html(v, '/'))?.[1] ?? '0';
    expect(await bell(reader.v)).toBe('0');

    // Written around the server (a job, another node): the shell read with this session copy stays ...
    await notify();
    expect(await bell(reader.v)).toBe('0');
    // ... until anyone's write through this node (here another reader's), which replaces every session copy.
    const res = await other.v.post('/v3.0/writing/save', {
      title: 'Запись другого читателя',
      entry: [textBlock('Текст')],
      is_published: 1,
    });
    expect(res.json().rc, res.body).toBe(200);
    expect(await bell(reader.v)).toBe('1');

    // The reader's own write: their next page is read anew.
    await notify();
    expect(await bell(reader.v)).toBe('1');
    const read = await reader.v.post('/v3.0/notifications/mark-as-read', {});
    expect(read.json().rc, read.body).toBe(200);
    expect(await bell(reader.v)).toBe('0');

    // Without writes, no longer than the session copy.
    await notify();
    expect(await bell(reader.v)).toBe('0');
    t.clock.now = new Date(t.clock.now.getTime() + SESSION_CACHE_MS);
    expect(await bell(reader.v)).toBe('1');
  });
});
