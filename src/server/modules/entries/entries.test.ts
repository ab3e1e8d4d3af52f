import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text, withHotnessFailing } from './testing.ts';
import { entries, entryVersions, likes, subsiteRoles, subsites, users } from '../../db/schema.ts';
import { seedEntries } from '../../db/seed-data.ts';
import { messages } from '../../../shared/catalogue.ts';
import { entryBlocksField } from '../../../shared/blocks.ts';
import { sanitizeInline } from './sanitize.ts';

// The first account runs the site (superuser): it plays staff here, every later account is an ordinary user.
const { t, staff } = useTestApp();

type Json = Record<string, any>;
/** Fixed clocks in the near future: session cookies set at a past clock would already be expired for the harness. */
const BASE = Math.ceil(Date.now() / 86_400_000 + 1) * 86_400_000;
const at = (hours: number) => new Date(BASE + hours * 3_600_000);
const SAVE = '/v3.0/writing/save';

const signedIn = (name = 'Автор Записей') => newUser(t.app, name);

let seq = 0;
async function community(values: Partial<typeof subsites.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(subsites)
    .values({
      type: 'community',
      slug: `club-${seq}-${Date.now()}`,
      name: `Клуб ${seq}`,
      ...values,
    })
    .returning();
  return row;
}

const body = (over: Json = {}) => ({
  title: 'Первая запись',
  entry: [text('Привет, <b>мир</b>!')],
  is_published: 0,
  ...over,
});
const save = (v: Visitor, over: Json = {}) => v.post(SAVE, body(over));

const created = (v: Visitor, over: Json = {}) => savedEntry(v, body(over));

const rowOf = async (id: number) => (await t.database.db.select().from(entries).where(eq(entries.id, id)))[0];
const totalEntries = async () => (await t.database.db.select({ n: count() }).from(entries))[0].n;

describe('POST /v3.0/writing/save: creating', () => {
  it("keeps a draft in the author's blog and answers the whole entry", async () => {
    const { v, id: userId } = await signedIn('Анна Черновикова');
    t.clock.now = at(0);
    const res = await save(v, { title: '  Как   мы  переехали на Postgres  ' });
    expect(res.json()).toMatchObject({ rc: 200, rm: messages.entrySaved });
    const e = res.json().data.entry;
    expect(e).toMatchObject({
      type: 'entry',
      title: 'Как мы переехали на Postgres',
      is_published: false,
      removed: false,
      date: at(0).toISOString(),
      modification_date: at(0).toISOString(),
      author: { id: userId, name: 'Анна Черновикова' },
      subsite: { id: userId, type: 'user' },
      subsite_id: userId,
      user_id: userId,
      can_edit: true,
      likes: { count: 0, summ: 0, is_liked: 0 },
      counters: { comments: 0, favorites: 0, hits: 0 },
      is_enabled_comments: true,
      is_enabled_likes: true,
      is_nsfw: false,
      is_hidden_from_main: false,
      intro: 'Привет, мир!',
      blocks: [{ type: 'text', data: { text: 'Привет, <b>мир</b>!' } }],
    });
    expect(e.url).toBe(`/u/${userId}-anna-chernovikova/${e.id}-kak-my-pereehali-na-postgres`);
    const row = await rowOf(e.id);
    expect(row).toMatchObject({
      authorId: userId,
      subsiteId: userId,
      isPublished: false,
      publishedAt: null,
      slug: 'kak-my-pereehali-na-postgres',
    });
  });

  it('publishes at once when asked, stamping the publication time', async () => {
    const { v } = await signedIn();
    t.clock.now = at(1);
    const res = await save(v, { is_published: 1, is_enabled_comments: 0, is_nsfw: true });
    expect(res.json()).toMatchObject({
      rc: 200,
      rm: messages.entryPublished,
      data: { entry: { is_published: true, is_enabled_comments: false, is_nsfw: true, date: at(1).toISOString() } },
    });
    const row = await rowOf(res.json().data.entry.id);
    expect(row.publishedAt).toEqual(at(1));
    // Ranked at once (feed/ranking.ts), so it does not wait at the bottom of the popular feed for the batch refresh.
    expect(row.hotness).toBeGreaterThan(0);
  });

  it('accepts a form body with the blocks as a JSON string', async () => {
    const { v } = await signedIn();
    const blocks = [
      { type: 'header', data: { text: 'Раздел', level: 2 } },
      text('Абзац'),
      { type: 'delimiter', data: {}, hidden: '1' },
    ];
    const res = await v.call(SAVE, {
      method: 'POST',
      as: 'form',
      body: { mode: 'raw', title: 'Из формы', entry: JSON.stringify(blocks), is_published: '1', is_nsfw: 'false' },
    });
    expect(res.json(), res.body).toMatchObject({
      rc: 200,
      data: { entry: { title: 'Из формы', is_published: true, is_nsfw: false } },
    });
    expect(res.json().data.entry.blocks).toEqual([blocks[0], blocks[1], { type: 'delimiter', data: {}, hidden: true }]);
  });

  it('stores every block type with its flags, dropping false flags', async () => {
    const { v } = await signedIn();
    const all = [
      text('Текст'),
      { type: 'header', data: { text: 'Заголовок', level: 3 } },
      { type: 'list', data: { style: 'ordered', items: ['раз', '<b>два</b>'] } },
      { type: 'quote', data: { text: 'Цитата', caption: 'Автор' } },
      { type: 'incut', data: { text: 'Врезка' } },
      {
        type: 'media',
        data: {
          items: [
            {
              image: { uuid: '0f8fad5b-d9cb-469f-a165-70867728950e', width: 800, height: 600 },
              title: 'Кот',
              author: 'Фото автора',
            },
            { image: { url: 'https://example.com/a.jpg', width: 10, height: 10 } },
          ],
        },
        cover: true,
      },
      {
        type: 'video',
        data: {
          service: 'youtube',
          id: 'dQw4w9WgXcQ',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90',
          thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
          title: 'Клип',
          timecode: 90,
        },
      },
      {
        type: 'link',
        data: {
          url: 'https://example.com',
          title: 'Пример',
          description: 'Описание',
          image: 'https://example.com/i.png',
        },
      },
      { type: 'code', data: { text: 'select 1;\n<script>', lang: 'sql' } },
      { type: 'delimiter', data: {}, cover: false },
      { type: 'audio', data: { url: 'https://example.com/a.mp3', title: 'Подкаст' } },
      {
        type: 'audio',
        data: {
          uuid: '0f8fad5b-d9cb-869f-a165-70867728950e',
          type: 'mp3',
          size: 48_000,
          duration: 125,
          title: 'Запись эфира',
        },
      },
      { type: 'audio', data: { uuid: '0f8fad5b-d9cb-869f-a165-70867728950f' } },
      { type: 'warning', data: { title: 'Осторожно', text: 'Горячо' } },
      { type: 'number', data: { number: '42', title: 'ответ' } },
      { type: 'person', data: { name: 'Иван', description: 'Герой', image: 'https://example.com/p.png' } },
      { type: 'text', data: { text: 'Спойлер' }, hidden: true },
    ];
    const e = await created(v, { entry: all });
    const expected = all.map((b) => {
      const { cover, hidden, ...rest } = b as Json;
      // An audio block gets its hash on save: listens and deep links name it.
      if (rest.type === 'audio') rest.data = { ...rest.data, hash: expect.stringMatching(/^[A-Za-z0-9]{12}$/) };
      return { ...rest, ...(cover ? { cover: true } : {}), ...(hidden ? { hidden: true } : {}) };
    });
    expect(e.blocks).toEqual(expected);
    expect(e.cover).toMatchObject({ type: 'media' });
  });

  it('takes the seed blocks as they are', () => {
    for (const e of seedEntries) {
      const parsed = entryBlocksField.safeParse(e.blocks);
      expect(parsed.success, `${e.key}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('allows an entry with only a title or only text', async () => {
    const { v } = await signedIn();
    expect((await save(v, { title: '', entry: [text('Только текст')] })).json().rc).toBe(200);
    const e = await created(v, { title: 'Только заголовок', entry: [] });
    expect(e.url).toMatch(/\/\d+-tolko-zagolovok$/);
  });
});

describe('sanitizing inline HTML', () => {
  it('removes scripts, event handlers and javascript: links and keeps the allowed markup', async () => {
    const { v } = await signedIn();
    const e = await created(v, {
      entry: [
        text(
          'до<script>alert(1)</script>после <img src=x onerror=alert(1)>картинка <a href="javascript:alert(1)">плохая</a> <a href="https://example.com" onclick="x()">хорошая</a> <i>к</i><em>у</em><strong>р</strong><mark>с</mark><s>и</s><del>в</del><code>c</code><br><u>подчёркнутый</u><div style="color:red">блок</div>',
        ),
        {
          type: 'list',
          data: {
            style: 'unordered',
            items: [
              '<b onmouseover="x">пункт</b>',
              '<iframe src="https://evil.example"></iframe>фрейм',
              '<a href="mailto:a@b.ru">почта</a>',
            ],
          },
        },
        { type: 'quote', data: { text: '<svg onload=alert(1)>цитата</svg>', caption: '<b>подпись</b>' } },
        { type: 'incut', data: { text: '<a href=" JaVaScRiPt:alert(1)">врезка</a>' } },
        {
          type: 'warning',
          data: {
            title: '<script>x</script>',
            text: '<a href="//evil.example">протокол</a><a href="data:text/html,x">данные</a>',
          },
        },
      ],
    });
    expect(e.blocks[0].data.text).toBe(
      'допосле картинка плохая <a href="https://example.com" rel="nofollow noopener" target="_blank">хорошая</a> <i>к</i><em>у</em><strong>р</strong><mark>с</mark><s>и</s><del>в</del><code>c</code><br />подчёркнутыйблок',
    );
    expect(e.blocks[1].data.items).toEqual([
      '<b>пункт</b>',
      'фрейм',
      '<a href="mailto:a@b.ru" rel="nofollow noopener" target="_blank">почта</a>',
    ]);
    expect(e.blocks[2].data).toEqual({ text: 'цитата', caption: '<b>подпись</b>' }); // a caption is plain text, escaped when shown
    expect(e.blocks[3].data.text).toBe('врезка');
    expect(e.blocks[4].data).toEqual({ title: '<script>x</script>', text: 'протоколданные' });
    const stored = JSON.stringify((await rowOf(e.id)).blocks);
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      'JaVaScRiPt',
      '<iframe',
      '<img',
      'onload',
      '//evil',
    ]) {
      expect(stored.replace('"title":"<script>x</script>"', '')).not.toContain(bad);
    }
  });

  it('links the http(s) addresses typed in the text, as comments do; not inside a link or code', async () => {
    const { v } = await signedIn();
    const e = await created(v, {
      entry: [
        text('Подробности на https://example.com/a?b=1&c=2, а <b>также http://x.ru/путь</b>.'),
        text('<a href="https://a.ru">https://a.ru</a> и <code>https://b.ru</code>, ftp://c.ru и https://localhost'),
      ],
    });
    const link = (url: string, shown = url) => `<a href="${url}" rel="nofollow noopener" target="_blank">${shown}</a>`;
    expect(e.blocks[0].data.text).toBe(
      `Подробности на ${link('https://example.com/a?b=1&amp;c=2')}, а <b>также ${link('http://x.ru/путь')}</b>.`,
    );
    expect(e.blocks[1].data.text).toBe(
      `${link('https://a.ru')} и <code>https://b.ru</code>, ftp://c.ru и https://localhost`,
    );
  });

  it('exports the same rules for comments', () => {
    expect(sanitizeInline('<p onclick="x">а</p><b>б</b><a href="http://x.ru">в</a>')).toBe(
      'а<b>б</b><a href="http://x.ru" rel="nofollow noopener" target="_blank">в</a>',
    );
  });
});

describe('editing', () => {
  it('publishes a draft once: later edits and a second publication keep the first date', async () => {
    const { v } = await signedIn();
    t.clock.now = at(2);
    const draft = await created(v);
    t.clock.now = at(3);
    const pub = await save(v, { id: draft.id, is_published: 1 });
    expect(pub.json()).toMatchObject({
      rc: 200,
      rm: messages.entryPublished,
      data: { entry: { id: draft.id, is_published: true, date: at(3).toISOString() } },
    });

    t.clock.now = at(4);
    const edit = await save(v, {
      id: draft.id,
      title: 'Исправленный заголовок',
      entry: [text('Новый текст')],
      is_published: 1,
    });
    expect(edit.json()).toMatchObject({
      rc: 200,
      rm: messages.entryUpdated,
      data: {
        entry: {
          title: 'Исправленный заголовок',
          date: at(3).toISOString(),
          modification_date: at(4).toISOString(),
          intro: 'Новый текст',
        },
      },
    });
    expect(edit.json().data.entry.url).toMatch(new RegExp(`/${draft.id}-ispravlennyy-zagolovok$`));

    t.clock.now = at(5);
    expect((await save(v, { id: draft.id, is_published: 0 })).json()).toMatchObject({
      rc: 200,
      rm: messages.entrySaved,
      data: { entry: { is_published: false } },
    });
    expect((await new Visitor(t.app).get(`/v3.0/entry/${draft.id}`)).statusCode).toBe(404);
    t.clock.now = at(6);
    expect((await save(v, { id: draft.id, is_published: 1 })).json().data.entry.date).toBe(at(3).toISOString());
    expect((await rowOf(draft.id)).publishedAt).toEqual(at(3));
    expect(await totalEntries()).toBeGreaterThan(0);
  });

  it('keeps the flags a save leaves out', async () => {
    const { v } = await signedIn();
    const e = await created(v, { is_enabled_comments: 0, is_enabled_likes: 0, is_nsfw: 1 });
    const again = (await save(v, { id: e.id })).json().data.entry;
    expect(again).toMatchObject({ is_enabled_comments: false, is_enabled_likes: false, is_nsfw: true });
  });

  it("refuses another user's published entry with 403 and their draft with 404, changing nothing", async () => {
    const author = await signedIn();
    const other = await signedIn('Чужой Человек');
    const published = await created(author.v, { is_published: 1 });
    const draft = await created(author.v);
    const before = [await rowOf(published.id), await rowOf(draft.id)];
    const r1 = await save(other.v, { id: published.id, title: 'Взлом' });
    expect(isRussianError(r1, 403)).toBe(true);
    expect(r1.json().rm).toBe(messages.entryEditForbidden);
    const r2 = await save(other.v, { id: draft.id, title: 'Взлом' });
    expect(isRussianError(r2, 404)).toBe(true);
    expect(r2.json().rm).toBe(messages.entryNotFound);
    expect([await rowOf(published.id), await rowOf(draft.id)]).toEqual(before);
  });

  it("lets staff edit anyone's entry; the author stays the author", async () => {
    const author = await signedIn();
    const e = await created(author.v);
    const res = await save(staff, { id: e.id, title: 'Поправил модератор' });
    expect(res.json()).toMatchObject({
      rc: 200,
      data: { entry: { title: 'Поправил модератор', user_id: author.id, subsite_id: author.id, can_edit: true } },
    });
    expect((await rowOf(e.id)).authorId).toBe(author.id);
  });

  it('answers 404 for unknown and removed entries', async () => {
    const { v } = await signedIn();
    const unknown = await save(v, { id: 2_000_000_000 });
    expect(isRussianError(unknown, 404)).toBe(true);
    const e = await created(v);
    await t.database.db.update(entries).set({ removed: true }).where(eq(entries.id, e.id));
    const before = await rowOf(e.id);
    expect(isRussianError(await save(v, { id: e.id, title: 'Воскрешение' }), 404)).toBe(true);
    expect(await rowOf(e.id)).toEqual(before);
  });
});

describe('where one may post', () => {
  it('posts into an open community and into a closed one only with a role', async () => {
    const { v, id: userId } = await signedIn();
    const open = await community();
    const closed = await community({ posting: 'authors' });
    const e = await created(v, { subsite_id: open.id, is_published: 1 });
    expect(e).toMatchObject({
      subsite: { id: open.id, type: 'community', url: `/s/${open.slug}` },
      subsite_id: open.id,
      author: { id: userId },
    });
    expect(e.url).toBe(`/s/${open.slug}/${e.id}-pervaya-zapis`);

    const before = await totalEntries();
    const refused = await save(v, { subsite_id: closed.id });
    expect(isRussianError(refused, 403)).toBe(true);
    expect(refused.json().rm).toBe(messages.entryPostingAuthorsOnly);
    expect(await totalEntries()).toBe(before);

    await t.database.db.insert(subsiteRoles).values({ subsiteId: closed.id, userId, role: 'author' });
    expect((await save(v, { subsite_id: closed.id })).json().rc).toBe(200);
  });

  it('keeps company blogs to their team', async () => {
    const { v, id: userId } = await signedIn();
    const company = await community({ type: 'company' });
    expect(isRussianError(await save(v, { subsite_id: company.id }), 403)).toBe(true);
    await t.database.db.insert(subsiteRoles).values({ subsiteId: company.id, userId, role: 'editor' });
    expect((await save(v, { subsite_id: company.id })).json().rc).toBe(200);
  });

  it("never posts into another person's blog, staff included", async () => {
    const other = await signedIn();
    const { v } = await signedIn();
    const before = await totalEntries();
    expect(isRussianError(await save(v, { subsite_id: other.id }), 403)).toBe(true);
    expect(isRussianError(await save(staff, { subsite_id: other.id }), 403)).toBe(true);
    expect(await totalEntries()).toBe(before);
  });

  it('lets staff post into a closed community', async () => {
    const closed = await community({ posting: 'authors' });
    expect((await save(staff, { subsite_id: closed.id })).json().rc).toBe(200);
  });

  it('checks the new subsite when an entry moves, and not the old one on a plain edit', async () => {
    const { v, id: userId } = await signedIn();
    const club = await community();
    const e = await created(v, { subsite_id: club.id });
    const closed = await community({ posting: 'authors' });
    const before = await rowOf(e.id);
    expect(isRussianError(await save(v, { id: e.id, subsite_id: closed.id }), 403)).toBe(true);
    expect(await rowOf(e.id)).toEqual(before);
    // The community closes later: its authors still edit what they wrote there.
    await t.database.db.update(subsites).set({ posting: 'authors' }).where(eq(subsites.id, club.id));
    expect((await save(v, { id: e.id, title: 'Правка' })).json().rc).toBe(200);
    expect((await save(v, { id: e.id, subsite_id: userId })).json().data.entry.subsite_id).toBe(userId);
  });

  it('answers 404 for an unknown subsite', async () => {
    const { v } = await signedIn();
    const res = await save(v, { subsite_id: 2_000_000_000 });
    expect(isRussianError(res, 404)).toBe(true);
    expect(res.json().rm).toBe(messages.subsiteNotFound);
  });
});

describe('is_hidden_from_main', () => {
  it('is a staff decision: others get 403 for a change, an unchanged value passes', async () => {
    const { v } = await signedIn();
    const before = await totalEntries();
    const refused = await save(v, { is_hidden_from_main: 1 });
    expect(isRussianError(refused, 403)).toBe(true);
    expect(refused.json().rm).toBe(messages.entryHideFromMainForbidden);
    expect(await totalEntries()).toBe(before);

    const e = await created(v, { is_hidden_from_main: 0, is_published: 1 });
    const hidden = await save(staff, { id: e.id, is_hidden_from_main: 1, is_published: 1 });
    expect(hidden.json()).toMatchObject({ rc: 200, data: { entry: { is_hidden_from_main: true } } });
    // The author's next edit keeps it hidden, echoing the flag is fine, clearing it is not.
    expect((await save(v, { id: e.id, title: 'Правка', is_published: 1 })).json().data.entry.is_hidden_from_main).toBe(
      true,
    );
    expect((await save(v, { id: e.id, is_hidden_from_main: 1, is_published: 1 })).json().rc).toBe(200);
    expect(isRussianError(await save(v, { id: e.id, is_hidden_from_main: 0, is_published: 1 }), 403)).toBe(true);
    expect((await rowOf(e.id)).isHiddenFromMain).toBe(true);
  });
});

describe('refused saves change nothing', () => {
  const AUDIO_UUID = '0f8fad5b-d9cb-869f-a165-70867728950e';
  const long = (n: number, ch = 'я') => ch.repeat(n);
  const cases: [string, Json | string, number, string?][] = [
    ['a title over 120 characters', body({ title: long(121) }), 400, messages.entryTitleTooLong(120)],
    ['a title that is not a string', body({ title: 5 }), 400, messages.entryTitleType],
    ['no title', { entry: [text('x')], is_published: 0 }, 400, messages.fieldRequired],
    ['no blocks field', { title: 'x', is_published: 0 }, 400, messages.fieldRequired],
    ['no is_published', { title: 'x', entry: [] }, 400],
    ['an empty entry', body({ title: '   ', entry: [text('  <br> &nbsp; ')] }), 400, messages.entryEmpty],
    ['blocks that are not JSON', body({ entry: '[{"type":' }), 400, messages.entryBlocksInvalid],
    ['blocks that are an object', body({ entry: { type: 'text' } }), 400, messages.entryBlocksInvalid],
    ['blocks as a JSON object string', body({ entry: '{"a":1}' }), 400, messages.entryBlocksInvalid],
    [
      '201 blocks',
      body({ entry: Array.from({ length: 201 }, () => text('a')) }),
      400,
      messages.entryBlocksTooMany(200),
    ],
    [
      'a text block over 20 000 characters',
      body({ entry: [text(long(20_001, 'a'))] }),
      400,
      messages.entryBlockTextTooLong('20\u00a0000'),
    ],
    [
      'blocks over 500 KB as a string',
      body({ entry: JSON.stringify(Array.from({ length: 30 }, () => text(long(19_000, 'a')))) }),
      400,
      messages.entryTooLarge(500),
    ],
    [
      'blocks over 500 KB as an array',
      body({ entry: Array.from({ length: 30 }, () => text(long(19_000, 'a'))) }),
      400,
      messages.entryTooLarge(500),
    ],
    [
      'an unknown block type',
      body({ entry: [{ type: 'iframe', data: { src: 'https://x' } }] }),
      400,
      messages.entryBlockUnknown,
    ],
    ['a block without a type', body({ entry: [{ data: { text: 'x' } }] }), 400, messages.entryBlockUnknown],
    ['a block that is a string', body({ entry: ['text'] }), 400],
    [
      'a stray field in block data',
      body({ entry: [{ type: 'text', data: { text: 'x', style: 'color:red' } }] }),
      400,
      messages.unknownField('style'),
    ],
    [
      'a stray field on a block',
      body({ entry: [{ type: 'text', data: { text: 'x' }, onclick: 'x' }] }),
      400,
      messages.unknownField('onclick'),
    ],
    ['a text that is a number', body({ entry: [{ type: 'text', data: { text: 5 } }] }), 400, messages.wrongType],
    [
      'a header of level 1',
      body({ entry: [{ type: 'header', data: { text: 'x', level: 1 } }] }),
      400,
      messages.entryBlockInvalid,
    ],
    [
      'a list without items',
      body({ entry: [{ type: 'list', data: { style: 'unordered', items: [] } }] }),
      400,
      messages.entryBlockInvalid,
    ],
    [
      'a list of 101 items',
      body({ entry: [{ type: 'list', data: { style: 'ordered', items: Array(101).fill('x') } }] }),
      400,
      messages.entryListTooLong(100),
    ],
    [
      'an image without uuid or url',
      body({ entry: [{ type: 'media', data: { items: [{ image: { width: 1, height: 1 } }] } }] }),
      400,
      messages.entryBlockImageInvalid,
    ],
    [
      'an image of zero width',
      body({
        entry: [{ type: 'media', data: { items: [{ image: { url: 'https://x.ru/a.png', width: 0, height: 1 } }] } }],
      }),
      400,
      messages.entryBlockImageInvalid,
    ],
    [
      'a javascript: link block',
      body({ entry: [{ type: 'link', data: { url: 'javascript:alert(1)' } }] }),
      400,
      messages.entryBlockUrlInvalid,
    ],
    [
      'a video from an unknown service',
      body({ entry: [{ type: 'video', data: { service: 'rutube', id: 'x', url: 'https://rutube.ru/x' } }] }),
      400,
      messages.entryBlockVideoInvalid,
    ],
    [
      'a video id with a quote',
      body({ entry: [{ type: 'video', data: { service: 'youtube', id: 'a"b', url: 'https://youtu.be/x' } }] }),
      400,
      messages.entryBlockVideoInvalid,
    ],
    [
      'a video timecode of -1',
      body({
        entry: [{ type: 'video', data: { service: 'youtube', id: 'x', url: 'https://youtu.be/x', timecode: -1 } }],
      }),
      400,
      messages.entryBlockVideoInvalid,
    ],
    [
      'a video timecode as text',
      body({
        entry: [{ type: 'video', data: { service: 'youtube', id: 'x', url: 'https://youtu.be/x', timecode: '1:30' } }],
      }),
      400,
      messages.entryBlockVideoInvalid,
    ],
    [
      'a video timecode past a day',
      body({
        entry: [{ type: 'video', data: { service: 'youtube', id: 'x', url: 'https://youtu.be/x', timecode: 86_401 } }],
      }),
      400,
      messages.entryBlockVideoInvalid,
    ],
    [
      'a data: audio url',
      body({ entry: [{ type: 'audio', data: { url: 'data:audio/mp3;base64,AAAA' } }] }),
      400,
      messages.entryBlockUrlInvalid,
    ],
    [
      'an audio without uuid or url',
      body({ entry: [{ type: 'audio', data: { title: 'Подкаст' } }] }),
      400,
      messages.entryBlockAudioInvalid,
    ],
    [
      'an audio with both uuid and url',
      body({ entry: [{ type: 'audio', data: { uuid: AUDIO_UUID, url: 'https://example.com/a.mp3' } }] }),
      400,
      messages.entryBlockAudioInvalid,
    ],
    [
      'an audio uuid that is a path',
      body({ entry: [{ type: 'audio', data: { uuid: '../../etc/passwd' } }] }),
      400,
      messages.entryBlockAudioInvalid,
    ],
    [
      'an audio duration of -1',
      body({ entry: [{ type: 'audio', data: { uuid: AUDIO_UUID, duration: -1 } }] }),
      400,
      messages.entryBlockAudioFileInvalid,
    ],
    [
      'an audio duration as text',
      body({ entry: [{ type: 'audio', data: { uuid: AUDIO_UUID, duration: '2:05' } }] }),
      400,
      messages.entryBlockAudioFileInvalid,
    ],
    [
      'an audio of a thousand years',
      body({ entry: [{ type: 'audio', data: { uuid: AUDIO_UUID, duration: 1e15 } }] }),
      400,
      messages.entryBlockAudioFileInvalid,
    ],
    [
      'an audio of type jpg',
      body({ entry: [{ type: 'audio', data: { uuid: AUDIO_UUID, type: 'jpg' } }] }),
      400,
      messages.entryBlockAudioFileInvalid,
    ],
    [
      'an audio size of 1.5',
      body({ entry: [{ type: 'audio', data: { uuid: AUDIO_UUID, size: 1.5 } }] }),
      400,
      messages.entryBlockAudioFileInvalid,
    ],
    [
      'a stray field in audio data',
      body({ entry: [{ type: 'audio', data: { uuid: AUDIO_UUID, src: 'x' } }] }),
      400,
      messages.unknownField('src'),
    ],
    [
      'a hidden flag of "yes"',
      body({ entry: [{ type: 'text', data: { text: 'x' }, hidden: 'yes' }] }),
      400,
      messages.entryFlagInvalid,
    ],
    ['is_published of 2', body({ is_published: 2 }), 400, messages.entryFlagInvalid],
    ['is_nsfw of "on"', body({ is_nsfw: 'on' }), 400, messages.entryFlagInvalid],
    ['an unknown field', body({ author_id: 1 }), 400, messages.unknownField('author_id')],
    ['published_at from the client', body({ published_at: '2020-01-01' }), 400, messages.unknownField('published_at')],
    ['an id of "abc"', body({ id: 'abc' }), 400, messages.entryIdInvalid],
    ['an id of 0', body({ id: 0 }), 400, messages.entryIdInvalid],
    ['an id of -1', body({ id: -1 }), 400, messages.entryIdInvalid],
    ['an id of 1.5', body({ id: 1.5 }), 400, messages.entryIdInvalid],
    ['an id over int4', body({ id: 2 ** 31 }), 400, messages.entryIdInvalid],
    ['a subsite_id of "x"', body({ subsite_id: 'x' }), 400, messages.subsiteNotFound],
    ['a body that is an array', [1, 2] as unknown as Json, 400],
    ['a body that is not JSON', '{"title":', 400, messages.badJson],
  ];

  it.each(cases)('%s', async (_label, payload, rc, rm) => {
    const { v } = await signedIn();
    const e = await created(v, { is_published: 1 });
    const before = await rowOf(e.id);
    const total = await totalEntries();
    // Once as a new entry, once as an edit of an existing one (where an id is not the point).
    const withId =
      typeof payload === 'object' && !Array.isArray(payload) && !('id' in payload) ? { ...payload, id: e.id } : payload;
    for (const p of [payload, withId]) {
      const res = await v.post(SAVE, p);
      expect(isRussianError(res, rc), `${res.statusCode} ${res.body.slice(0, 300)}`).toBe(true);
      if (rm) expect(res.json().rm).toBe(rm);
    }
    expect(await totalEntries()).toBe(total);
    expect(await rowOf(e.id)).toEqual(before);
  });

  it('a title of 121 characters that collapses to 120 is fine', async () => {
    const { v } = await signedIn();
    const e = await created(v, { title: `${long(60)}  ${long(59)}` });
    expect(e.title).toHaveLength(120);
  });

  it('names the failing block field', async () => {
    const { v } = await signedIn();
    const res = await save(v, { entry: [text('ok'), { type: 'quote', data: { text: 5 } }] });
    expect(res.json().data.errors).toEqual({ 'entry.1.data.text': messages.wrongType });
  });

  it('a body over the request limit is 413', async () => {
    const { v } = await signedIn();
    const total = await totalEntries();
    const res = await save(v, { entry: [text(long(1_100_000, 'a'))] });
    expect(isRussianError(res, 413)).toBe(true);
    expect(await totalEntries()).toBe(total);
  });

  it('anonymous visitors get 401, a missing CSRF marker 403, a banned author 403', async () => {
    const total = await totalEntries();
    const anon = await new Visitor(t.app).post(SAVE, body());
    expect(isRussianError(anon, 401)).toBe(true);
    expect(anon.json().rm).toBe(messages.authRequired);
    const { v, id } = await signedIn();
    const csrf = await v.post(SAVE, body(), { csrf: false });
    expect(isRussianError(csrf, 403)).toBe(true);
    expect(csrf.json().rm).toBe(messages.csrf);
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 86_400_000 * 365) })
      .where(eq(users.id, id));
    t.clock.now = new Date();
    const banned = await v.post(SAVE, body());
    expect(isRussianError(banned, 403)).toBe(true);
    expect(banned.json().rm).toBe(messages.banned);
    expect(await totalEntries()).toBe(total);
  });
});

describe('GET /v3.0/entry/{id} and /v3.0/writing/get/{id}', () => {
  it("shows a published entry to everyone, with the reader's own vote", async () => {
    const author = await signedIn();
    const reader = await signedIn('Читатель');
    const e = await created(author.v, { is_published: 1 });
    await t.database.db.insert(likes).values({ userId: reader.id, targetType: 'content', targetId: e.id, sign: 1 });
    await t.database.db
      .update(entries)
      .set({ likesCount: 1, likesSumm: 1, commentsCount: 3, favoritesCount: 2, hitsCount: 40 })
      .where(eq(entries.id, e.id));

    const anon = await new Visitor(t.app).get(`/v3.0/entry/${e.id}?mode=raw`);
    expect(anon.json()).toMatchObject({
      rc: 200,
      rm: '',
      data: {
        entry: {
          id: e.id,
          url: e.url,
          title: e.title,
          can_edit: false,
          likes: { count: 1, summ: 1, is_liked: 0 },
          counters: { comments: 3, favorites: 2, hits: 40 },
        },
      },
    });
    expect((await reader.v.get(`/v3.0/entry/${e.id}`)).json().data.entry.likes).toEqual({
      count: 1,
      summ: 1,
      is_liked: 1,
    });
    expect((await author.v.get(`/v3.0/entry/${e.id}`)).json().data.entry.can_edit).toBe(true);
    expect((await staff.get(`/v3.0/entry/${e.id}`)).json().data.entry.can_edit).toBe(true);
  });

  it('keeps drafts to their author and staff', async () => {
    const author = await signedIn();
    const other = await signedIn();
    const d = await created(author.v);
    for (const v of [new Visitor(t.app), other.v]) {
      const res = await v.get(`/v3.0/entry/${d.id}`);
      expect(isRussianError(res, 404)).toBe(true);
      expect(res.json().rm).toBe(messages.entryNotFound);
    }
    expect((await author.v.get(`/v3.0/entry/${d.id}`)).json()).toMatchObject({
      rc: 200,
      data: { entry: { id: d.id, is_published: false } },
    });
    expect((await staff.get(`/v3.0/entry/${d.id}`)).json().rc).toBe(200);

    expect((await author.v.get(`/v3.0/writing/get/${d.id}`)).json()).toMatchObject({
      rc: 200,
      data: { entry: { id: d.id, blocks: d.blocks } },
    });
    expect((await staff.get(`/v3.0/writing/get/${d.id}`)).json().rc).toBe(200);
    expect(isRussianError(await other.v.get(`/v3.0/writing/get/${d.id}`), 404)).toBe(true);
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/writing/get/${d.id}`), 401)).toBe(true);
  });

  it("writing/get refuses another user's published entry with 403", async () => {
    const author = await signedIn();
    const other = await signedIn();
    const e = await created(author.v, { is_published: 1 });
    const res = await other.v.get(`/v3.0/writing/get/${e.id}`);
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.entryEditForbidden);
  });

  it('hides removed entries from everyone', async () => {
    const author = await signedIn();
    const e = await created(author.v, { is_published: 1 });
    await t.database.db.update(entries).set({ removed: true }).where(eq(entries.id, e.id));
    for (const v of [new Visitor(t.app), author.v, staff])
      expect(isRussianError(await v.get(`/v3.0/entry/${e.id}`), 404)).toBe(true);
    expect(isRussianError(await author.v.get(`/v3.0/writing/get/${e.id}`), 404)).toBe(true);
  });

  it("reads a private community's entries to its members and author only (403 entry_private for the rest)", async () => {
    const { v, id } = await signedIn();
    const club = await community({ isPrivate: true });
    await t.database.db.insert(subsiteRoles).values({ subsiteId: club.id, userId: id, role: 'author' });
    const e = await created(v, { subsite_id: club.id, is_published: 1 });
    expect((await v.get(`/v3.0/entry/${e.id}`)).json().rc).toBe(200);
    const res = await new Visitor(t.app).get(`/v3.0/entry/${e.id}`);
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json()).toMatchObject({ error: 'entry_private', data: { subsite_id: club.id } });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3', '0x10', '%20', 'NaN'])(
    'refuses the id %j with a Russian 400',
    async (id) => {
      const { v } = await signedIn();
      for (const path of [`/v3.0/entry/${id}`, `/v3.0/writing/get/${id}`]) {
        const res = await v.get(path);
        expect(isRussianError(res, 400), `${path}: ${res.body}`).toBe(true);
        expect(res.json().rm).toBe(messages.entryIdInvalid);
      }
    },
  );

  it('answers 404 for an unknown id and 400 for a stray query field', async () => {
    const { v } = await signedIn();
    expect(isRussianError(await v.get('/v3.0/entry/2000000000'), 404)).toBe(true);
    expect(isRussianError(await v.get('/v3.0/writing/get/2000000000'), 404)).toBe(true);
    const e = await created(v, { is_published: 1 });
    expect(isRussianError(await v.get(`/v3.0/entry/${e.id}?x=1`), 400)).toBe(true);
  });
});

describe('one save, one transaction', () => {
  const versionsCount = async () => (await t.database.db.select({ n: count() }).from(entryVersions))[0].n;

  it('keeps no new entry and no version when the hotness refresh fails, and answers 500 to repeat', async () => {
    const { v } = await signedIn();
    const [entriesBefore, versionsBefore] = [await totalEntries(), await versionsCount()];
    const res = await withHotnessFailing(t.database.db, null, () =>
      save(v, { title: 'Не сохранится', is_published: 1 }),
    );
    expect(res.statusCode).toBe(500);
    expect(await totalEntries()).toBe(entriesBefore);
    expect(await versionsCount()).toBe(versionsBefore);
    expect((await created(v, { title: 'Теперь сохранится', is_published: 1 })).title).toBe('Теперь сохранится');
  });

  it('keeps the old text and no version when an edit fails at its last step', async () => {
    const { v } = await signedIn();
    const e = await created(v, { title: 'Было', is_published: 1 });
    const versionsBefore = await versionsCount();
    const res = await withHotnessFailing(t.database.db, e.id, () =>
      save(v, { id: e.id, title: 'Стало', entry: [text('Другое')], is_published: 1 }),
    );
    expect(res.statusCode).toBe(500);
    expect(await rowOf(e.id)).toMatchObject({
      title: 'Было',
      blocks: [{ type: 'text', data: { text: 'Привет, <b>мир</b>!' } }],
    });
    expect(await versionsCount()).toBe(versionsBefore);
  });
});

describe('ids in the save body', () => {
  it.each(['0x10', '1e3', '1.5', '-1', ' ', '', 'abc'])(
    'refuses the id %j with a Russian 400, changing nothing',
    async (id) => {
      const { v } = await signedIn();
      const before = await totalEntries();
      for (const field of ['id', 'subsite_id']) {
        const res = await save(v, { [field]: id });
        expect(isRussianError(res, 400), res.body).toBe(true);
        expect(res.json().rm).toBe(field === 'id' ? messages.entryIdInvalid : messages.subsiteNotFound);
      }
      expect(await totalEntries()).toBe(before);
    },
  );

  it('takes an id sent as form text like the same JSON number', async () => {
    const { v } = await signedIn();
    const e = await created(v);
    const res = await v.post(SAVE, { ...body({ title: 'Из формы' }), id: String(e.id) });
    expect(res.json().data.entry).toMatchObject({ id: e.id, title: 'Из формы' });
  });
});
