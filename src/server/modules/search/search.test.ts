import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/index.ts';
import { intArray } from '../../db/rows.ts';
import { isRussianError, useTestApp, type Visitor } from '../../testing/harness.ts';
import { comments, entries, subsites } from '../../db/schema.ts';
import { text } from '../entries/testing.ts';
import { SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE } from '../../../shared/search.ts';
import { highlightSnippet, highlightWhole, joinLines, lexemeOf, queryTerms } from './highlight.ts';
import { queryWords } from '../../db/text-search.ts';
import { markName } from './service.ts';

const { t, staff, signedIn } = useTestApp();
const DAY = 86_400_000;

type Json = Record<string, any>;
const search = async (v: Visitor, entity: string, order: string, page: number | string, query: string, extra = '') => {
  const res = await v.get(`/v3.0/search_ajax/v2/${entity}/${order}/${page}?query=${encodeURIComponent(query)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Json[]; is_finished: boolean };
};
const ids = (page: { items: Json[] }) => page.items.map((i) => i.id);

let author: { v: Visitor; id: number };
let reader: { v: Visitor; id: number };
const made: Record<string, number> = {};

/** Entries and comments go straight into the database: the stored vectors are the database's own work. */
async function publish(key: string, title: string, body: string, values: Partial<typeof entries.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: author.id,
      authorId: author.id,
      title,
      slug: 'zapis',
      blocks: [text(body)],
      isPublished: true,
      publishedAt: new Date(Date.now() - DAY),
      ...values,
    })
    .returning();
  made[key] = row.id;
  return row;
}

beforeAll(async () => {
  author = await signedIn('Иван Иванов');
  reader = await signedIn('Мария Петрова');
  await publish('title', 'Статья о рынке', 'Короткий текст без совпадений.');
  await publish('text', 'Заметки за неделю', 'Здесь много статей о <b>рынке</b> &amp; технологиях.');
  await publish('other', 'Совсем другое', 'Про погоду и море.');
  await publish(
    'xss',
    'Статьи <script>alert(1)</script>',
    'Тест экранирования «статья» &lt;img src=x onerror=alert(1)&gt;',
  );
  // An old, popular one for the period and popularity orders.
  await publish('old', 'Старая статья', 'Давний текст.', {
    publishedAt: new Date(Date.now() - 40 * DAY),
    likesSumm: 50,
  });
  await publish('draft', 'Статья в черновике', 'статья', { isPublished: false, publishedAt: null });
  await publish('removed', 'Удалённая статья', 'статья', { removed: true });
  const [c] = await t.database.db
    .insert(comments)
    .values({ entryId: made.other, authorId: reader.id, text: 'Отличные статьи, спасибо за статью!' })
    .returning();
  made.comment = c.id;
  await t.database.db
    .insert(comments)
    .values({ entryId: made.other, authorId: reader.id, text: 'Удалённая статья', removed: true });
  const community = await t.database.db
    .insert(subsites)
    .values({ type: 'community', slug: 'tehnologii', name: 'Технологии и рынки', subscribersCount: 10 })
    .returning();
  made.community = community[0].id;
});

describe('search: entries', () => {
  it('finds every form of a word through the russian stemmer, title above text, drafts never', async () => {
    // A whole word is matched by its stem, not as a prefix: «статья» does not find «статус».
    await publish('status', 'Статус проекта', 'Ничего о текстах.');
    for (const query of ['статья', 'статьи', 'статей', 'СТАТЬЯМИ']) {
      const page = await search(staff, 'entries', 'relevant', 1, query);
      expect(ids(page), query).toEqual(expect.arrayContaining([made.title, made.text, made.xss, made.old]));
      expect(ids(page)).not.toContain(made.draft);
      expect(ids(page)).not.toContain(made.removed);
      expect(ids(page)).not.toContain(made.other);
      expect(ids(page)).not.toContain(made.status);
      // A title match outranks a match in the text only.
      expect(ids(page).indexOf(made.title)).toBeLessThan(ids(page).indexOf(made.text));
    }
    const both = await search(staff, 'entries', 'relevant', 1, 'статьи рынка');
    expect(ids(both).sort()).toEqual([made.title, made.text].sort());
    // The last word while it is being typed: a prefix.
    expect(ids(await search(staff, 'entries', 'relevant', 1, 'проек'))).toEqual([made.status]);
    expect(ids(await search(staff, 'entries', 'relevant', 1, 'статьи технол'))).toEqual([made.text]);
  });

  it('marks the matches in title and text, escaping everything else', async () => {
    const page = await search(staff, 'entries', 'relevant', 1, 'статьи рынка');
    const title = page.items.find((i) => i.id === made.title)!;
    expect(title.title_html).toBe('<mark>Статья</mark> о <mark>рынке</mark>');
    const inText = page.items.find((i) => i.id === made.text)!;
    expect(inText.snippet_html).toContain('<mark>статей</mark>');
    expect(inText.snippet_html).toContain('<mark>рынке</mark>');
    expect(inText.snippet_html).toContain('&amp;');
    expect(inText.snippet_html).not.toContain('<b>');
    // The card keeps the feed's shape.
    expect(inText).toMatchObject({ url: expect.stringContaining(`/${made.text}`), author: { id: author.id } });

    const xss = (await search(staff, 'entries', 'relevant', 1, 'статья')).items.find((i) => i.id === made.xss)!;
    expect(xss.title_html).toContain('<mark>Статьи</mark>');
    expect(xss.title_html).not.toMatch(/<script|<img/);
    expect(xss.snippet_html).not.toMatch(/<script|<img/);
    expect(xss.snippet_html).toContain('«<mark>статья</mark>»');
  });

  it('marks the forms the database matches, and only those', async () => {
    await publish(
      'forms',
      'Ёлки и рыночные цены',
      'Продавцы ёлок ждут покупателей. Running totals. Только елка, рыночный торг и ёлочная распродажа, 2026.',
    );
    const page = await search(staff, 'entries', 'relevant', 1, 'елки');
    const found = page.items.find((i) => i.id === made.forms)!;
    // «ёлки» and «елка» share the stem «елк»; «ёлок» (елок) and «ёлочная» (елочн) do not.
    expect(found.title_html).toBe('<mark>Ёлки</mark> и рыночные цены');
    expect(found.snippet_html).toBe(
      'Продавцы ёлок ждут покупателей. Running totals. Только <mark>елка</mark>, рыночный торг и ёлочная распродажа, 2026.',
    );
    // «рынок» (рынок) is not «рыночные» (рыночн); English words by the English stemmer, numbers as they are.
    const other = (await search(staff, 'entries', 'relevant', 1, 'runs 2026')).items.find((i) => i.id === made.forms)!;
    expect(other.snippet_html).toContain('<mark>Running</mark> totals');
    expect(other.snippet_html).toContain('<mark>2026</mark>');
    expect(other.title_html).toBe('Ёлки и рыночные цены');
  });

  it('orders by date and by popularity, filters by period and subsite', async () => {
    const byDate = ids(await search(staff, 'entries', 'date', 1, 'статья'));
    expect(byDate[byDate.length - 1]).toBe(made.old);
    expect(byDate.indexOf(made.xss)).toBeLessThan(byDate.indexOf(made.title));
    expect(ids(await search(staff, 'entries', 'popular', 1, 'статья'))[0]).toBe(made.old);
    const month = ids(await search(staff, 'entries', 'relevant', 1, 'статья', '&period=month'));
    expect(month).not.toContain(made.old);
    expect(month).toContain(made.title);
    expect(ids(await search(staff, 'entries', 'relevant', 1, 'статья', `&subsite_id=${author.id}`))).toContain(
      made.title,
    );
    expect(ids(await search(staff, 'entries', 'relevant', 1, 'статья', `&subsite_id=${made.community}`))).toEqual([]);
  });

  it('keeps the stored vector current when an entry is edited', async () => {
    await t.database.db
      .update(entries)
      .set({ blocks: [text('Теперь про баобабы.')] })
      .where(eq(entries.id, made.other));
    expect(ids(await search(staff, 'entries', 'relevant', 1, 'баобаб'))).toEqual([made.other]);
    expect(ids(await search(staff, 'entries', 'relevant', 1, 'погода'))).toEqual([]);
  });

  it('follows an entry being hidden, published again, moved and voted on', async () => {
    const { id } = await publish('moving', 'Мангустин в саду', 'Сладкий плод.');
    const found = async (extra = '') => ids(await search(staff, 'entries', 'date', 1, 'мангустин', extra));
    const set = async (values: Partial<typeof entries.$inferInsert>) =>
      t.database.db.update(entries).set(values).where(eq(entries.id, id));
    expect(await found()).toEqual([id]);
    await set({ removed: true });
    expect(await found()).toEqual([]);
    await set({ removed: false });
    expect(await found()).toEqual([id]);
    await set({ isPublished: false });
    expect(await found()).toEqual([]);
    await set({ isPublished: true, publishedAt: new Date(Date.now() - 40 * DAY) });
    expect(await found('&period=month')).toEqual([]);
    expect(await found()).toEqual([id]);
    await set({ subsiteId: made.community });
    expect(await found(`&subsite_id=${made.community}`)).toEqual([id]);
    // A vote or a hotness refresh leaves the search copy as it was (no rewrite, no GIN pending entries).
    const version = async () =>
      (await queryRows<{ v: string }>(t.database.db, sql`select xmin::text as v from entry_search where id = ${id}`))[0]
        .v;
    const before = await version();
    await set({ likesSumm: 7, hotness: 3 });
    expect(await version()).toBe(before);
    await t.database.db.delete(entries).where(eq(entries.id, id));
    expect(await found()).toEqual([]);
  });

  it('pages through many results without repeats and says when it is finished', async () => {
    const rows = Array.from({ length: SEARCH_PAGE_SIZE + 5 }, (_, i) => ({
      subsiteId: author.id,
      authorId: author.id,
      title: `Квазар номер ${i}`,
      isPublished: true,
      publishedAt: new Date(Date.now() - i * 1000),
    }));
    await t.database.db.insert(entries).values(rows);
    for (const order of ['relevant', 'date', 'popular']) {
      const first = await search(staff, 'entries', order, 1, 'квазар');
      const second = await search(staff, 'entries', order, 2, 'квазар');
      expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
      expect(first.is_finished).toBe(false);
      expect(second.items).toHaveLength(5);
      expect(second.is_finished).toBe(true);
      expect(new Set([...ids(first), ...ids(second)]).size).toBe(SEARCH_PAGE_SIZE + 5);
    }
  });
});

describe('search: entries from windows of recent weeks', () => {
  // The first window (this week and the last) holds a few matches, the rest lie weeks to months back: every page
  // needs wider windows, and the answer must be the one a search over all weeks gives.
  it('gives the newest matches of all days in order, whatever window completes a page, and pages without repeats', async () => {
    const now = Date.now();
    const ages = [0.1, 0.5, 1.5, 3, 4, 6, 9, 13, 17, 20, 24, 26, 31, 33, 38, 45, 52, 60, 75, 90, 120, 150, 200, 300];
    const rows = ages.map((age, i) => ({
      subsiteId: author.id,
      authorId: author.id,
      // One old entry has both words in its title, the others one: relevance puts it first, from beyond the first
      // windows. (Two words: one word is not searched in windows.)
      title: i === ages.length - 2 ? 'Пульсар: наблюдение в заголовке' : `Наблюдение ${i}`,
      blocks: [text(i === ages.length - 2 ? 'Без совпадений.' : `Снова пульсары, запись ${i}.`)],
      isPublished: true,
      publishedAt: new Date(now - age * DAY),
    }));
    const inserted = await t.database.db.insert(entries).values(rows).returning({ id: entries.id });
    const newestFirst = inserted.map((r) => r.id);
    const all = async (order: string, extra = '') => {
      const first = await search(staff, 'entries', order, 1, 'наблюдения пульсаров', extra);
      const second = await search(staff, 'entries', order, 2, 'наблюдения пульсаров', extra);
      return { first, second, ids: [...ids(first), ...ids(second)] };
    };
    const byDate = await all('date');
    expect(byDate.first.items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(byDate.first.is_finished).toBe(false);
    expect(byDate.second.is_finished).toBe(true);
    expect(byDate.ids).toEqual(newestFirst);
    const relevant = await all('relevant');
    expect(relevant.ids[0]).toBe(newestFirst[ages.length - 2]);
    expect(relevant.ids.slice(1)).toEqual(newestFirst.filter((_, i) => i !== ages.length - 2));
    expect(relevant.first.items[0].title_html).toBe('<mark>Пульсар</mark>: <mark>наблюдение</mark> в заголовке');
    // The period ends the widening: a month back, no more.
    const month = await all('date', '&period=month');
    expect(month.ids).toEqual(newestFirst.filter((_, i) => ages[i] < 30));
    expect((await all('date', `&subsite_id=${author.id}`)).ids).toEqual(newestFirst);
    expect((await all('date', `&subsite_id=${made.community}`)).ids).toEqual([]);
    await t.database.db.delete(entries).where(sql`id = any(${intArray(newestFirst)}::int[])`);
  });

  it('ranks by each of the words found in the title, even without the others', async () => {
    await publish('comet', 'Кометы', 'Кометы и астероиды.', { publishedAt: new Date(Date.now() - 10 * DAY) });
    await publish('asteroid', 'Разное', 'Про кометы и астероиды.');
    await publish('both', 'Кометы и астероиды', 'Текст.', { publishedAt: new Date(Date.now() - 20 * DAY) });
    expect(ids(await search(staff, 'entries', 'relevant', 1, 'астероиды кометы'))).toEqual([
      made.both,
      made.comet,
      made.asteroid,
    ]);
  });
});

describe('search: comments, people, subsites, hashtags', () => {
  it('finds comments by word forms, with the entry and a highlighted fragment', async () => {
    for (const order of ['relevant', 'date', 'popular']) {
      const page = await search(staff, 'comments', order, 1, 'статья');
      expect(ids(page)).toEqual([made.comment]);
      expect(page.items[0]).toMatchObject({
        entry: { id: made.other },
        author: { id: reader.id },
        url: expect.stringContaining(`?comment=${made.comment}`),
      });
      expect(page.items[0].text_html).toBe('Отличные <mark>статьи</mark>, спасибо за <mark>статью</mark>!');
    }
  });

  it('finds people and communities by name, with a typo too', async () => {
    for (const order of ['relevant', 'date', 'popular']) {
      const people = await search(staff, 'users', order, 1, 'иванов');
      expect(ids(people)).toEqual([author.id]);
      expect(people.items[0].name_html).toBe('Иван <mark>Иванов</mark>');
      expect(ids(await search(staff, 'subsites', order, 1, 'технологии'))).toEqual([made.community]);
    }
    expect(ids(await search(staff, 'users', 'relevant', 1, 'ивнов'))).toEqual([author.id]);
    expect(ids(await search(staff, 'users', 'relevant', 1, 'Петрва'))).toEqual([reader.id]);
    expect(ids(await search(staff, 'subsites', 'relevant', 1, 'техналогии'))).toEqual([made.community]);
    // People are not communities and the other way round.
    expect(ids(await search(staff, 'subsites', 'relevant', 1, 'иванов'))).toEqual([]);
    const sub = await search(staff, 'subsites', 'relevant', 1, 'рынки');
    expect(sub.items[0]).toMatchObject({ type: 'community', url: '/s/tehnologii', is_subscribed: false });
  });

  it("lays each reader's own votes, bookmarks and subscriptions over the page everyone gets", async () => {
    const ok = async (res: { json(): Json; body: string }) => expect(res.json().rc, res.body).toBe(200);
    await ok(await reader.v.post('/v3.0/like', { id: made.title, type: 'content', sign: 1 }));
    await ok(await reader.v.post('/v3.0/favorite/change', { id: made.title, type: 'content', state: 1 }));
    await ok(await author.v.post('/v3.0/like', { id: made.comment, type: 'comment', sign: -1 }));
    await ok(await reader.v.post(`/v3.0/subscribe/to/subsite/${made.community}`, {}));
    const entryOf = async (v: Visitor) =>
      (await search(v, 'entries', 'relevant', 1, 'статья')).items.find((i) => i.id === made.title)!;
    expect(await entryOf(reader.v)).toMatchObject({ likes: { is_liked: 1 }, is_favorited: true });
    for (const other of [author.v, staff])
      expect(await entryOf(other)).toMatchObject({ likes: { is_liked: 0 }, is_favorited: false });
    const commentOf = async (v: Visitor) => (await search(v, 'comments', 'date', 1, 'статья')).items[0];
    expect((await commentOf(author.v)).likes.is_liked).toBe(-1);
    expect((await commentOf(reader.v)).likes.is_liked).toBe(0);
    const communityOf = async (v: Visitor) => (await search(v, 'subsites', 'relevant', 1, 'рынки')).items[0];
    expect((await communityOf(reader.v)).is_subscribed).toBe(true);
    expect((await communityOf(staff)).is_subscribed).toBe(false);
    await ok(await reader.v.post(`/v3.0/unsubscribe/to/subsite/${made.community}`, {}));
  });

  it("keeps the search indexes' GIN pending lists short (every search reads them through)", async () => {
    const found = await queryRows<{ relname: string; reloptions: string[] }>(
      t.database.db,
      sql`select relname, reloptions from pg_class where relname in ('entry_search_vector', 'comments_search') order by 1`,
    );
    expect(found).toEqual([
      { relname: 'comments_search', reloptions: ['gin_pending_list_limit=256'] },
      { relname: 'entry_search_vector', reloptions: ['gin_pending_list_limit=256'] },
    ]);
  });

  it('answers hashtags in the same envelope', async () => {
    const page = await search(staff, 'hashtags', 'relevant', 1, 'нетакоготега');
    expect(page).toEqual({ items: [], is_finished: true });
  });
});

describe('search: bad input', () => {
  const bad = async (path: string, rc = 400) => {
    const res = await staff.get(path);
    expect(isRussianError(res, rc), `${path}: ${res.statusCode} ${res.body}`).toBe(true);
    return res.json().rm as string;
  };

  it('refuses what it cannot take with a Russian 4xx', async () => {
    const base = '/v3.0/search_ajax/v2';
    expect(await bad(`${base}/entries/relevant/1?query=${'я'.repeat(10_000)}`)).toMatch(/длинный запрос/);
    expect(await bad(`${base}/entries/relevant/1?query=${'а '.repeat(150)}`)).toMatch(/длинный запрос/);
    expect(await bad(`${base}/entries/relevant/1`)).toMatch(/что искать/);
    expect(await bad(`${base}/entries/relevant/1?query=%20%20`)).toMatch(/что искать/);
    expect(await bad(`${base}/entries/relevant/-1?query=x`)).toMatch(/страницы/);
    expect(await bad(`${base}/entries/relevant/0?query=x`)).toMatch(/страницы/);
    expect(await bad(`${base}/entries/relevant/1000000000?query=x`)).toMatch(/страницы/);
    expect(await bad(`${base}/entries/relevant/${SEARCH_MAX_PAGE + 1}?query=x`)).toMatch(/страницы/);
    expect(await bad(`${base}/entries/relevant/1.5?query=x`)).toMatch(/страницы/);
    expect(await bad(`${base}/posts/relevant/1?query=x`)).toMatch(/Искать можно/);
    expect(await bad(`${base}/entries/best/1?query=x`)).toMatch(/Сортировка/);
    expect(await bad(`${base}/entries/relevant/1?query=x&period=century`)).toMatch(/Период/);
    expect(await bad(`${base}/entries/relevant/1?query=x&subsite_id=abc`)).toMatch(/подсайта/);
    expect(await bad(`${base}/entries/relevant/1?query=x&sort=1`)).toMatch(/Неизвестное поле/);
    expect(await bad(`${base}/entries/relevant/1?query[]=x`)).toBeTruthy();
  });

  it('takes tsquery operators, quotes and other symbols as plain text, never a 5xx', async () => {
    const queries = [
      `"статья`,
      `'статья'`,
      'статья & | ! ( ) :* <-> <2>',
      'статья:*A',
      '!!!',
      "'''",
      '\\',
      '%_',
      'и или но',
      'a'.repeat(200),
      '😀 статья',
      '<script>',
    ];
    for (const query of queries)
      for (const entity of ['entries', 'comments', 'users', 'subsites', 'hashtags'])
        for (const order of ['relevant', 'date', 'popular']) {
          const page = await search(staff, entity, order, 1, query);
          expect(Array.isArray(page.items)).toBe(true);
        }
    expect(ids(await search(staff, 'entries', 'relevant', 1, '"статья" & !рынка'))).toEqual(
      expect.arrayContaining([made.title, made.text]),
    );
    // `%` and `_` are not wildcards in names.
    expect(ids(await search(staff, 'users', 'relevant', 1, '%'))).toEqual([]);
  });
});

describe('search: the text helpers', () => {
  it('builds the tsquery from letters and digits only and escapes highlights', () => {
    expect(queryWords(`"Статья" & !рынок:* | 'x' <-> 2026`)).toEqual(['статья', 'рынок', 'x', '2026']);
    expect(markName('Ivan <b> ivanov', ['ivan'])).toBe('<mark>Ivan</mark> &lt;b&gt; <mark>ivan</mark>ov');
  });
});

describe('search: highlighting in the server', () => {
  it("stems every word as the database's russian configuration does", async () => {
    // Endings, «нн», superlatives, the soft sign, «ё», stop words (also as a stem: «только»), English and numbers.
    const words = `статья статьи статей статьями статус рынок рынка рыночные рыночный длинный длиннейшая
      ёлки ёлок елка ёлочная её ещё еще только толька быстрейший учитель учительница бегающими красивейшего
      пересмотревшись окно окон колокольня the running runs studies happily covid19 2026 iphone x5`.split(/\s+/);
    const found = await queryRows<{ w: string; lexemes: string[] }>(
      t.database.db,
      sql`select w, tsvector_to_array(to_tsvector('russian', w)) as lexemes
            from unnest(${`{${words.join(',')}}`}::text[]) w`,
    );
    expect(found).toHaveLength(words.length);
    for (const { w, lexemes } of found) expect(lexemeOf(w), w).toBe(lexemes[0] ?? null);
  });

  it('marks whole short texts and titles, and fragments around the matches of longer ones', () => {
    const terms = queryTerms(`'стат' & 'рынок':*`);
    expect(terms.map(({ lexeme, prefix }) => ({ lexeme, prefix }))).toEqual([
      { lexeme: 'стат', prefix: false },
      { lexeme: 'рынок', prefix: true },
    ]);
    // «рынках» is «рынк», which does not start with «рынок».
    expect(highlightWhole('Статус <статей> о рынках & рынок', terms)).toBe(
      'Статус &lt;<mark>статей</mark>&gt; о рынках &amp; <mark>рынок</mark>',
    );
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `слово${i}`).join(' ');
    const long = `${filler(40)} статья о рынке. ${filler(40)} ещё статьи про рынку ${filler(40)} статья`;
    const fragments = highlightSnippet(long, queryTerms(`'стат' & 'рынк'`)).split(' … ');
    // Two fragments of MaxWords (28) words around the two places that hold every word, in the text's order.
    expect(fragments).toHaveLength(2);
    expect(fragments[0]).toContain('<mark>статья</mark> о <mark>рынке</mark>');
    expect(fragments[1]).toContain('<mark>статьи</mark> про <mark>рынку</mark>');
    for (const f of fragments) expect(f.split(' ')).toHaveLength(28);
    // No place holds every word (the match is in the title): the text's first 10 words, marks where they match.
    expect(highlightSnippet(`статья ${filler(60)}`, queryTerms(`'стат' & 'нет'`))).toBe(
      `<mark>статья</mark> ${filler(9)}`,
    );
  });

  it('joins paragraphs and list items with the punctuation their breaks stand for, not run together', () => {
    const terms = queryTerms(`'стат'`);
    // As search_entry_text writes blocks: each ends in spaces (its empty caption and name), then a line break.
    expect(highlightSnippet('Конец абзаца   \nНачало статьи   \nмолоко\nхлеб', terms)).toBe(
      'Конец абзаца. Начало <mark>статьи</mark>; молоко; хлеб',
    );
    expect(highlightSnippet('Вопрос?\n\nОтвет статьи:\nпервое,\n— второе', terms)).toBe(
      'Вопрос? Ответ <mark>статьи</mark>: первое, — второе',
    );
    expect(joinLines('без переносов')).toBe('без переносов');
    // Long texts: the fragments too.
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `слово${i}`).join(' ');
    const snippet = highlightSnippet(`${filler(40)} конец абзаца\nНачало статьи ${filler(40)}`, terms);
    expect(snippet).toContain('конец абзаца. Начало <mark>статьи</mark>');
  });
});
