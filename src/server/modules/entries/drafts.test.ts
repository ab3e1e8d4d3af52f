import { describe, expect, it } from 'vitest';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from './testing.ts';
import type { DraftsList } from '../../../shared/drafts.ts';
import { DRAFTS_PAGE } from './service.ts';

// The first account runs the site (staff); the list must still show them only their own drafts.
const { t, staff } = useTestApp();

type Json = Record<string, any>;

const signedIn = (name = 'Автор Черновиков') => newUser(t.app, name);

/** Saves at a given minute, so the order of changes is the test's, not the machine's. */
const start = Date.now();
let minute = 0;
async function save(v: Visitor, body: Json) {
  t.clock.now = new Date(start + ++minute * 60_000);
  return savedEntry(v, { title: 'Черновик', entry: [text('Текст')], is_published: 0, ...body });
}

async function draftsOf(v: Visitor, query = '') {
  const res = await v.get(`/v3.0/writing/drafts${query}`);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as DraftsList;
}

describe('GET /v3.0/writing/drafts', () => {
  it("lists the user's own unpublished, not removed entries, newest change first", async () => {
    const { v, id } = await signedIn('Анна Черновикова');
    const other = await signedIn('Борис Чужой');
    const first = await save(v, { title: 'Первый черновик', entry: [text('<b>Начало</b> истории')] });
    const untitled = await save(v, { title: '', entry: [text('Без заголовка пока')] });
    await save(v, { title: 'Опубликованная', is_published: 1 });
    const removed = await save(v, { title: 'Удалённый' });
    expect((await v.post(`/v3.0/writing/${removed.id}/remove`)).json().rc).toBe(200);
    await save(other.v, { title: 'Чужой черновик' });
    await save(staff, { title: 'Черновик модератора' });

    const list = await draftsOf(v);
    expect(list.items.map((d) => [d.id, d.title])).toEqual([
      [untitled.id, ''],
      [first.id, 'Первый черновик'],
    ]);
    expect(list).toMatchObject({ last_id: first.id, is_finished: true });
    expect(list.items[1]).toEqual({
      id: first.id,
      title: 'Первый черновик',
      intro: 'Начало истории',
      date: new Date(first.modification_date).toISOString(),
      subsite: { id, name: 'Анна Черновикова', url: expect.stringContaining(String(id)) },
      awaiting_review: null,
      rejection: null,
    });

    // An autosave of the older one moves it up; publishing takes a draft off the list.
    await save(v, { id: first.id, title: 'Первый черновик, дописан' });
    expect((await draftsOf(v)).items.map((d) => d.id)).toEqual([first.id, untitled.id]);
    await save(v, { id: untitled.id, title: 'Готово', is_published: 1 });
    expect((await draftsOf(v)).items.map((d) => d.id)).toEqual([first.id]);

    // Nobody else's drafts, staff included, and nobody sees this author's.
    expect((await draftsOf(other.v)).items.map((d) => d.title)).toEqual(['Чужой черновик']);
    expect((await draftsOf(staff)).items.map((d) => d.title)).toEqual(['Черновик модератора']);
  });

  it('pages by last_id; a cursor from someone else finds nothing', async () => {
    const { v } = await signedIn();
    const made: number[] = [];
    for (let i = 0; i < DRAFTS_PAGE + 3; i++) made.push((await save(v, { title: `Черновик ${i}` })).id);
    const page1 = await draftsOf(v);
    expect(page1.items).toHaveLength(DRAFTS_PAGE);
    expect(page1.is_finished).toBe(false);
    const page2 = await draftsOf(v, `?last_id=${page1.last_id}`);
    expect(page2.is_finished).toBe(true);
    expect([...page1.items, ...page2.items].map((d) => d.id)).toEqual(made.toReversed());

    const other = await signedIn();
    await save(other.v, { title: 'Свой' });
    expect(await draftsOf(other.v, `?last_id=${made[5]}`)).toEqual({ items: [], last_id: null, is_finished: true });
  });

  it('needs a signed-in user', async () => {
    const anonymous = new Visitor(t.app);
    expect(isRussianError(await anonymous.get('/v3.0/writing/drafts'), 401)).toBe(true);
  });

  it('refuses bad queries with a Russian 400', async () => {
    const { v } = await signedIn();
    await save(v, { title: 'Есть' });
    for (const query of [
      '?last_id=abc',
      '?last_id=0',
      '?last_id=-1',
      '?last_id=99999999999',
      '?last_id=1.5',
      '?last_id=',
      '?last_id=1&last_id=2',
      '?page=2',
      '?last_id=1&x=1',
    ]) {
      const res = await v.get(`/v3.0/writing/drafts${query}`);
      expect(isRussianError(res, 400), `${query}: ${res.body}`).toBe(true);
    }
  });
});
