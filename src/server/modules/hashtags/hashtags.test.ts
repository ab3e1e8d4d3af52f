import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { col, rows } from '../../db/rows.ts';
import { messages } from '../../../shared/catalogue.ts';
import { hashtagsOf, linkHashtagsHtml } from '../../../shared/hashtags.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { feedFixtures, walkFeed } from '../feed/testing.ts';
import { searchHashtags } from './service.ts';

const { t } = useTestApp();
let f: ReturnType<typeof feedFixtures>;
let author: { v: Visitor; id: number };

beforeAll(async () => {
  f = feedFixtures(t);
  author = await f.reader();
});

const textBlock = (text: string) => ({ type: 'text', data: { text } });
async function publish(v: Visitor, text: string, title = 'Запись с тегами') {
  const res = await v.post('/v3.0/writing/save', { title, entry: [textBlock(text)], is_published: 1 });
  expect(res.json().rc).toBe(200);
  return res.json().data.entry.id as number;
}
const TagRow = z.object({ tag: col.text });
const tagsOfEntry = async (id: number) =>
  (await rows(t.database.db, TagRow, sql`select tag from entry_hashtags where entry_id = ${id} order by tag`)).map(
    (r) => r.tag,
  );
const CountRow = z.object({ n: col.int });
const tagRows = async () =>
  (await rows(t.database.db, CountRow, sql`select count(*)::int as n from entry_hashtags`))[0].n;

describe('hashtags in text', () => {
  it('finds tags, skips entities, anchors and numbers', () => {
    expect(hashtagsOf('Про #Кофе и #чай_2, снова #кофе; не тег: a#b, &#39;, /p#x, #123, ##двойной')).toEqual([
      'кофе',
      'чай_2',
    ]);
    expect(linkHashtagsHtml('Пьём #кофе <a href="/x#якорь">#ссылка</a> <code>#код</code>')).toBe(
      'Пьём <a href="/tag/%D0%BA%D0%BE%D1%84%D0%B5" class="hashtag" data-hashtag="кофе">#кофе</a> <a href="/x#якорь">#ссылка</a> <code>#код</code>',
    );
  });
});

describe('storing tags with the entry and the comment', () => {
  it('an entry save rewrites its tags in the same transaction; a comment keeps its own', async () => {
    const id = await publish(author.v, 'Утро начинается с #кофе и #Завтрак');
    expect(await tagsOfEntry(id)).toEqual(['завтрак', 'кофе']);
    const edit = await author.v.post('/v3.0/writing/save', {
      id,
      title: 'Запись с тегами',
      entry: [textBlock('Теперь только #чай')],
      is_published: 1,
    });
    expect(edit.json().rc).toBe(200);
    expect(await tagsOfEntry(id)).toEqual(['чай']);
    const c = await author.v.post('/v3.0/comment/add', { id, text: 'А я за #какао' });
    expect(c.json().rc).toBe(200);
    const tags = await rows(
      t.database.db,
      TagRow,
      sql`select tag from comment_hashtags where comment_id = ${c.json().data.id}`,
    );
    expect(tags.map((r) => r.tag)).toEqual(['какао']);
  });

  it('a refused save stores no tags', async () => {
    const before = await tagRows();
    const res = await author.v.post('/v3.0/writing/save', { title: '', entry: [], is_published: 1 });
    expect(res.statusCode).toBe(400);
    expect(await tagRows()).toBe(before);
  });
});

describe('the tag feed, suggestions, search and the subsite list', () => {
  it('/feed?hashtag= holds the tagged entries; suggestions and search find the tag', async () => {
    const a = await publish(author.v, 'Про #велосипеды и город');
    const b = await publish(author.v, 'Снова #Велосипеды');
    await publish(author.v, 'Без тегов');
    const page = await walkFeed(new Visitor(t.app), 'sorting=date&hashtag=%23велосипеды');
    expect(page.sort()).toEqual([a, b].sort());
    const s = await new Visitor(t.app).get(`/v3.0/search-hashtag?query=${encodeURIComponent('вело')}`);
    expect(s.json().data.items[0]).toMatchObject({
      name: 'велосипеды',
      url: expect.stringMatching(/^\/tag\//),
      count: 2,
    });
    const found = await searchHashtags(t.app.ctx, { query: '#Велосипед', order: 'relevant', page: 1 });
    expect(found.items.map((i) => i.name)).toContain('велосипеды');
    expect(found.is_finished).toBe(true);
    const list = await new Visitor(t.app).get(`/v3.0/hashtags?subsite_id=${author.id}`);
    expect(list.json().data.items.map((i: { name: string }) => i.name)).toContain('велосипеды');
    const rss = await new Visitor(t.app).get(`/tag/${encodeURIComponent('велосипеды')}/rss`);
    expect(rss.statusCode).toBe(200);
    expect(rss.body).toContain('<title>#велосипеды');
  });
});

describe('muting hashtags', () => {
  it('a muted tag leaves every feed of the reader but its own page; unmute brings it back', async () => {
    const c = await f.community();
    const tagged = await publish(author.v, 'Новости #крипта');
    await t.database.db.execute(sql`update entries set subsite_id = ${c.id} where id = ${tagged}`);
    const reader = await f.reader();
    await reader.v.post(`/v3.0/subscribe/to/subsite/${c.id}`);
    await reader.v.post(`/v3.0/subscribe/to/subsite/${author.id}`);
    const feeds = [
      'sorting=date',
      'sorting=hotness',
      'sorting=date&all=1',
      'sorting=week',
      'sorting=date&my=1',
      `sorting=date&subsite_id=${c.id}`,
      `sorting=date&subsite_id=${author.id}`,
    ];
    for (const q of feeds) expect(await walkFeed(reader.v, q), q).toContain(tagged);

    const mute = await reader.v.post('/v3.0/hashtags/mute', { hashtags: ['#Крипта'], mode: 'raw' });
    expect(mute.json()).toMatchObject({
      rc: 200,
      rm: messages.hashtagMuted,
      data: { hashtags: ['крипта'], is_muted: true },
    });
    for (const q of feeds) expect(await walkFeed(reader.v, q), q).not.toContain(tagged);
    expect(await walkFeed(reader.v, 'sorting=date&hashtag=крипта')).toContain(tagged);
    // Someone else still sees it.
    expect(await walkFeed(new Visitor(t.app), 'sorting=date')).toContain(tagged);
    expect((await reader.v.get('/v3.0/hashtags/muted')).json().data.hashtags).toEqual(['крипта']);

    const unmute = await reader.v.post('/v3.0/hashtags/unmute', { hashtags: ['крипта'] });
    expect(unmute.json().data.is_muted).toBe(false);
    for (const q of feeds) expect(await walkFeed(reader.v, q), q).toContain(tagged);
  });

  it('refuses bad input in Russian and changes nothing', async () => {
    const reader = await f.reader();
    const bad: unknown[] = [
      {},
      { hashtags: [] },
      { hashtags: ['#'] },
      { hashtags: ['123'] },
      { hashtags: ['a b'] },
      { hashtags: ['x'.repeat(10_000)] },
      { hashtags: Array.from({ length: 21 }, (_, i) => `тег${i}`) },
      { hashtags: [{ a: 1 }] },
      { hashtags: ['ок'], extra: 1 },
    ];
    for (const body of bad) {
      const res = await reader.v.post('/v3.0/hashtags/mute', body);
      expect(isRussianError(res, 400), JSON.stringify(body).slice(0, 80)).toBe(true);
    }
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/hashtags/mute', { hashtags: ['ок'] }), 401)).toBe(true);
    expect((await reader.v.post('/v3.0/hashtags/mute', { hashtags: ['ок'] }, { csrf: false })).statusCode).toBe(403);
    expect((await reader.v.get('/v3.0/hashtags/muted')).json().data.hashtags).toEqual([]);
    expect(isRussianError(await reader.v.get('/v3.0/search-hashtag?query=' + 'x'.repeat(300)), 400)).toBe(true);
    expect(isRussianError(await reader.v.get('/v3.0/feed?hashtag=%23'), 400)).toBe(true);
    expect((await reader.v.get('/v3.0/search-hashtag?query=%27%20%26%20!')).json().data.items).toEqual([]);
    expect((await new Visitor(t.app).get('/tag/%20/rss')).statusCode).toBe(404);
  });
});
