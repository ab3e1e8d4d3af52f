import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isRussianError, startTestApp, useTestApp, Visitor } from '../../testing/harness.ts';
import { comments, commentsSeen, entries, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { COMMENT_MAX_LENGTH, type Comment } from '../../../shared/comments.ts';
import { seenCleanup } from './service.ts';
import { renderCommentText } from './text.ts';

// The first account runs the site (superuser): our staff member; everyone after is an ordinary user.
const { t, staff, signedIn } = useTestApp();
afterEach(() => {
  t.clock.now = new Date();
  seenCleanup.random = Math.random;
});

const MIN = 60_000;
const DAY = 86_400_000;

/** An entry straight in the database, in its author's blog, published unless told otherwise. */
async function entry(authorId: number, values: Partial<typeof entries.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title: 'Запись для обсуждения',
      slug: 'zapis',
      isPublished: true,
      publishedAt: new Date(Date.now() - DAY),
      ...values,
    })
    .returning();
  return row;
}

/** A comment straight in the database, for dates and ratings the API cannot produce. */
async function seedComment(entryId: number, authorId: number, values: Partial<typeof comments.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(comments)
    .values({ entryId, authorId, text: 'Комментарий', ...values })
    .returning();
  await t.database.db
    .update(entries)
    .set({ commentsCount: sql`${entries.commentsCount} + 1` })
    .where(eq(entries.id, entryId));
  return row;
}

const list = async (v: Visitor, entryId: number, sorting?: string) => {
  const res = await v.get(`/v3.0/comments?content_id=${entryId}${sorting ? `&sorting=${sorting}` : ''}`);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.items as Comment[];
};
const add = (v: Visitor, id: number, text: string, replyTo?: number) =>
  v.post('/v3.0/comment/add', replyTo === undefined ? { id, text } : { id, text, reply_to: replyTo });
const added = async (v: Visitor, id: number, text: string, replyTo?: number) => {
  const res = await add(v, id, text, replyTo);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as Comment;
};

const countOf = async (entryId: number) =>
  (await t.database.db.select({ n: entries.commentsCount }).from(entries).where(eq(entries.id, entryId)))[0].n;
const livingOf = async (entryId: number) =>
  Number(
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from comments where entry_id = ${entryId} and not removed`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n,
  );
const snapshot = async (entryId: number) =>
  t.database.db.select().from(comments).where(eq(comments.entryId, entryId)).orderBy(comments.id);

describe('GET /v3.0/comments: the tree', () => {
  it('orders top-level comments by rating (popular) or age (date), replies under their parent by date', async () => {
    const { user: author } = await signedIn();
    const e = await entry(author.id);
    const t0 = Date.now() - 10 * DAY;
    const at = (minutes: number) => new Date(t0 + minutes * MIN);
    const b = await seedComment(e.id, author.id, { text: 'B', likesSumm: 5, createdAt: at(0) });
    const a = await seedComment(e.id, author.id, { text: 'A', likesSumm: 5, createdAt: at(1) });
    const c = await seedComment(e.id, author.id, { text: 'C', likesSumm: -1, createdAt: at(2) });
    const d = await seedComment(e.id, author.id, { text: 'D', likesSumm: 10, createdAt: at(3) });
    // Replies: the later-written one has the higher rating, and still comes second.
    const a1 = await seedComment(e.id, author.id, { text: 'A1', replyTo: a.id, likesSumm: 50, createdAt: at(5) });
    const a2 = await seedComment(e.id, author.id, { text: 'A2', replyTo: a.id, createdAt: at(4) });
    const a2a = await seedComment(e.id, author.id, { text: 'A2a', replyTo: a2.id, createdAt: at(6) });

    const anon = new Visitor(t.app);
    const popular = await list(anon, e.id, 'popular');
    expect(popular.map((x) => [x.id, x.level, x.reply_to])).toEqual([
      [d.id, 0, null],
      [b.id, 0, null],
      [a.id, 0, null],
      [a2.id, 1, a.id],
      [a2a.id, 2, a2.id],
      [a1.id, 1, a.id],
      [c.id, 0, null],
    ]);
    expect(await list(anon, e.id)).toEqual(popular); // popular is the default

    const byDate = await list(anon, e.id, 'date');
    expect(byDate.map((x) => [x.id, x.level])).toEqual([
      [b.id, 0],
      [a.id, 0],
      [a2.id, 1],
      [a2a.id, 2],
      [a1.id, 1],
      [c.id, 0],
      [d.id, 0],
    ]);
  });

  it('keeps replies at any depth (a chain of 12) in order with their levels', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const root = await added(v, e.id, 'Уровень 0');
    expect(root.level).toBe(0);
    const chain = [root];
    for (let i = 1; i < 12; i++) {
      t.clock.now = new Date(Date.now() + i * MIN);
      const reply = await added(v, e.id, `Уровень ${i}`, chain[i - 1].id);
      expect(reply).toMatchObject({ level: i, reply_to: chain[i - 1].id });
      chain.push(reply);
    }
    // A sibling of level 3 written last sorts after the whole deeper chain.
    t.clock.now = new Date(Date.now() + 30 * MIN);
    const sibling = await added(v, e.id, 'Ещё ответ на второй уровень', chain[2].id);
    const items = await list(new Visitor(t.app), e.id, 'date');
    expect(items.map((x) => x.id)).toEqual([...chain.map((c) => c.id), sibling.id]);
    expect(items.map((x) => x.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 3]);
  });

  it('answers every field; a reader sees their own vote, bookmark and rights', async () => {
    const { v: author, user: authorUser } = await signedIn('Автор Записи');
    const e = await entry(authorUser.id);
    const { v: reader, user: readerUser } = await signedIn('Читатель');
    t.clock.now = new Date(Math.floor(Date.now() / 1000) * 1000 + MIN);
    const mine = await added(reader, e.id, 'Мой комментарий');
    await t.database.db.execute(
      sql`insert into likes (user_id, target_type, target_id, sign) values (${authorUser.id}, 'comment', ${mine.id}, 1)`,
    );
    await t.database.db.execute(sql`update comments set likes_count = 1, likes_summ = 1 where id = ${mine.id}`);
    await t.database.db.execute(
      sql`insert into favorites (user_id, target_type, target_id) values (${authorUser.id}, 'comment', ${mine.id})`,
    );

    const seenByReader = (await list(reader, e.id)).find((c) => c.id === mine.id)!;
    expect(seenByReader).toEqual({
      id: mine.id,
      entry_id: e.id,
      reply_to: null,
      level: 0,
      text: '<p>Мой комментарий</p>',
      source: 'Мой комментарий',
      date: t.clock.now.toISOString(),
      modification_date: null,
      author: {
        id: readerUser.id,
        name: 'Читатель',
        url: expect.stringMatching(new RegExp(`^/u/${readerUser.id}-`)),
        avatar_url: null,
        avatar_color: expect.any(String),
        hash: (await reader.get('/v3.0/auth/check')).json().data.user.hash,
        is_paid: false,
        is_plus: false,
      },
      written_by: null,
      likes: { count: 1, summ: 1, is_liked: 0 },
      is_favorited: false,
      is_removed: false,
      is_pinned: false,
      can_edit: true,
      can_remove: true,
      is_new: false,
      attaches: [],
    });
    const seenByAuthor = (await list(author, e.id)).find((c) => c.id === mine.id)!;
    expect(seenByAuthor).toMatchObject({
      likes: { count: 1, summ: 1, is_liked: 1 },
      is_favorited: true,
      can_edit: false,
      can_remove: false,
      source: null,
    });
    const seenByAnon = (await list(new Visitor(t.app), e.id)).find((c) => c.id === mine.id)!;
    expect(seenByAnon).toMatchObject({
      can_edit: false,
      can_remove: false,
      source: null,
      is_favorited: false,
      likes: { is_liked: 0 },
    });
    const seenByStaff = (await list(staff, e.id)).find((c) => c.id === mine.id)!;
    expect(seenByStaff).toMatchObject({ can_edit: true, can_remove: true, source: 'Мой комментарий' });
  });

  it('keeps a removed comment with living replies as a stub, drops it once they are gone', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const parent = await added(v, e.id, 'Родитель');
    const child = await added(v, e.id, 'Ответ', parent.id);
    const grandchild = await added(v, e.id, 'Ответ на ответ', child.id);
    const leaf = await added(v, e.id, 'Одинокий');

    expect((await v.post('/v3.0/comment/remove', { id: parent.id })).json().rc).toBe(200);
    expect((await v.post('/v3.0/comment/remove', { id: child.id })).json().rc).toBe(200);
    expect((await v.post('/v3.0/comment/remove', { id: leaf.id })).json().rc).toBe(200);
    let items = await list(new Visitor(t.app), e.id, 'date');
    expect(items.map((x) => [x.id, x.is_removed, x.level])).toEqual([
      [parent.id, true, 0],
      [child.id, true, 1],
      [grandchild.id, false, 2],
    ]);
    expect(items[0]).toMatchObject({
      text: '',
      source: null,
      author: null,
      can_edit: false,
      can_remove: false,
      likes: { count: 0, summ: 0, is_liked: 0 },
    });
    // The author of a stub is not revealed to anyone, its own author included.
    expect((await list(v, e.id))[0].author).toBeNull();

    expect((await v.post('/v3.0/comment/remove', { id: grandchild.id })).json().rc).toBe(200);
    items = await list(new Visitor(t.app), e.id);
    expect(items).toEqual([]);
    expect(await countOf(e.id)).toBe(0);
  });

  it('renders text safely: escaped markup, paragraphs, line breaks and http(s) links only', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const c = await added(
      v,
      e.id,
      '  <script>alert("x")</script> & <b>жирный</b>\nвторая строка\n\n\n\nабзац: https://example.ru/путь?a=1&b=2, javascript:alert(1) и (https://ru.wikipedia.org/wiki/Кофе_(напиток)).  ',
    );
    expect(c.text).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;жирный&lt;/b&gt;<br>вторая строка</p>' +
        '<p>абзац: <a href="https://example.ru/путь?a=1&amp;b=2" target="_blank" rel="nofollow noopener ugc">https://example.ru/путь?a=1&amp;b=2</a>, javascript:alert(1) и ' +
        '(<a href="https://ru.wikipedia.org/wiki/Кофе_(напиток)" target="_blank" rel="nofollow noopener ugc">https://ru.wikipedia.org/wiki/Кофе_(напиток)</a>).</p>',
    );
    expect(c.source).toBe(
      '<script>alert("x")</script> & <b>жирный</b>\nвторая строка\n\nабзац: https://example.ru/путь?a=1&b=2, javascript:alert(1) и (https://ru.wikipedia.org/wiki/Кофе_(напиток)).',
    );
    expect(renderCommentText('http://localhost" onmouseover="x')).toBe(
      '<p>http://localhost&quot; onmouseover=&quot;x</p>',
    );
    expect(renderCommentText('https://a.ru/"><img src=x>')).toBe(
      '<p><a href="https://a.ru/" target="_blank" rel="nofollow noopener ugc">https://a.ru/</a>&quot;&gt;&lt;img src=x&gt;</p>',
    );
  });

  it('answers 404 for an unknown, unpublished or removed entry and 400 for bad parameters', async () => {
    const { user } = await signedIn();
    const draft = await entry(user.id, { isPublished: false, publishedAt: null });
    const gone = await entry(user.id, { removed: true });
    const anon = new Visitor(t.app);
    for (const id of [draft.id, gone.id, 2 ** 31 - 1]) {
      const res = await anon.get(`/v3.0/comments?content_id=${id}`);
      expect(isRussianError(res, 404)).toBe(true);
      expect(res.json().rm).toBe(messages.entryNotFound);
    }
    const e = await entry(user.id);
    for (const q of [
      '',
      'content_id=',
      'content_id=abc',
      'content_id=-1',
      'content_id=1.5',
      `content_id=${2 ** 31}`,
      'content_id=99999999999999999999',
      `content_id=${e.id}&sorting=best`,
      `content_id=${e.id}&sorting[]=date`,
      `content_id=${e.id}&content_id=${e.id}`,
      `content_id=${e.id}&extra=1`,
    ]) {
      const res = await anon.get(`/v3.0/comments?${q}`);
      expect(isRussianError(res, 400), `${q}: ${res.body}`).toBe(true);
    }
    expect((await anon.get(`/v3.0/comments?content_id=${e.id}&sorting=date&mode=raw`)).json().rc).toBe(200);
  });
});

describe('POST /v3.0/comment/add', () => {
  it('adds a top-level comment and a reply, counting both on the entry; accepts form bodies', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const res = await add(v, e.id, '  Первый!  ');
    expect(res.json()).toMatchObject({
      rc: 200,
      rm: messages.commentAdded,
      data: { entry_id: e.id, text: '<p>Первый!</p>', source: 'Первый!', level: 0, reply_to: null, is_new: false },
    });
    const first = res.json().data as Comment;
    const reply = await v.post(
      '/v3.0/comment/add',
      { id: String(e.id), text: 'Ответ', reply_to: String(first.id), mode: 'raw' },
      { as: 'form' },
    );
    expect(reply.json()).toMatchObject({ rc: 200, data: { reply_to: first.id, level: 1 } });
    const zero = await v.post('/v3.0/comment/add', { id: e.id, text: 'Корневой', reply_to: 0 });
    expect(zero.json()).toMatchObject({ rc: 200, data: { reply_to: null } });
    // A form sends every field as text: reply_to=0 (and an empty one) means no parent there too.
    for (const replyTo of ['0', '']) {
      const form = await v.post(
        '/v3.0/comment/add',
        { id: String(e.id), text: `Корневой из формы ${replyTo}`, reply_to: replyTo },
        { as: 'form' },
      );
      expect(form.json(), form.body).toMatchObject({ rc: 200, data: { reply_to: null, level: 0 } });
    }
    expect(await countOf(e.id)).toBe(5);
    // The stored hotness follows the comment count at once.
    const hotness = async () =>
      (await t.database.db.select({ h: entries.hotness }).from(entries).where(eq(entries.id, e.id)))[0].h;
    const before = await hotness();
    expect(before).not.toBe(0);
    await added(v, e.id, 'Ещё один');
    expect(await hotness()).toBeGreaterThan(before);
    await v.post('/v3.0/comment/remove', { id: first.id });
    expect(await hotness()).toBeLessThan(before + 1e-9);
  });

  it('refuses anonymous visitors (401), banned users (403) and a missing CSRF marker, changing nothing', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const anon = await add(new Visitor(t.app), e.id, 'Аноним');
    expect(isRussianError(anon, 401)).toBe(true);
    expect(anon.json().rm).toBe(messages.authRequired);

    const noCsrf = await v.post('/v3.0/comment/add', { id: e.id, text: 'Без отметки' }, { csrf: false });
    expect(isRussianError(noCsrf, 403)).toBe(true);
    expect(noCsrf.json().rm).toBe(messages.csrf);

    const { v: banned, user: bannedUser } = await signedIn();
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + DAY) })
      .where(eq(users.id, bannedUser.id));
    const res = await add(banned, e.id, 'Забаненный');
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.banned);
    expect(await snapshot(e.id)).toEqual([]);
    expect(await countOf(e.id)).toBe(0);
  });

  it('refuses when comments are off (403), or the entry is a draft, removed or unknown (404)', async () => {
    const { v, user } = await signedIn();
    const closed = await entry(user.id, { isEnabledComments: false });
    const res = await add(v, closed.id, 'Можно?');
    expect(isRussianError(res, 403)).toBe(true);
    expect(res.json().rm).toBe(messages.commentsDisabled);
    // Reading still works while writing is off.
    expect(await list(v, closed.id)).toEqual([]);

    const draft = await entry(user.id, { isPublished: false, publishedAt: null });
    const gone = await entry(user.id, { removed: true });
    for (const id of [draft.id, gone.id, 2 ** 31 - 1]) {
      const r = await add(v, id, 'Куда?');
      expect(isRussianError(r, 404)).toBe(true);
      expect(r.json().rm).toBe(messages.entryNotFound);
    }
    for (const x of [closed, draft, gone]) expect(await snapshot(x.id)).toEqual([]);
  });

  it('refuses a reply to a comment of another entry, a removed one or an unknown one', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const other = await entry(user.id);
    const foreign = await added(v, other.id, 'В другой записи');
    const removed = await added(v, e.id, 'Удалённый');
    await v.post('/v3.0/comment/remove', { id: removed.id });
    for (const replyTo of [foreign.id, removed.id, 2 ** 31 - 1]) {
      const res = await add(v, e.id, 'Ответ', replyTo);
      expect(isRussianError(res, 400)).toBe(true);
      expect(res.json().rm).toBe(messages.commentReplyNotFound);
    }
    expect((await snapshot(e.id)).map((c) => c.id)).toEqual([removed.id]);
    expect(await countOf(e.id)).toBe(0);
    expect(await countOf(other.id)).toBe(1);
  });

  it('enforces the length limit with the catalogue message, counting the trimmed text', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const tooLong = await add(v, e.id, 'я'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(isRussianError(tooLong, 400)).toBe(true);
    expect(tooLong.json().rm).toBe('Комментарий слишком длинный, максимум 5000 символов');
    expect(tooLong.json().data.errors).toEqual({ text: messages.commentTooLong(COMMENT_MAX_LENGTH) });
    const huge = await add(v, e.id, 'я'.repeat(COMMENT_MAX_LENGTH * 10));
    expect(isRussianError(huge, 400)).toBe(true);
    expect(huge.json().rm).toBe(messages.commentTooLong(COMMENT_MAX_LENGTH));
    expect(await snapshot(e.id)).toEqual([]);

    const exact = await add(v, e.id, `\n   ${'я'.repeat(COMMENT_MAX_LENGTH)}   \n`);
    expect(exact.json().rc).toBe(200);
    expect(await countOf(e.id)).toBe(1);
  });

  it('answers bad input of every shape with a Russian 4xx and changes nothing', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const bodies: unknown[] = [
      {},
      { id: e.id },
      { text: 'Без записи' },
      { id: e.id, text: '' },
      { id: e.id, text: '   \n\t  ' },
      { id: e.id, text: '\u200B\u200B' },
      { id: e.id, text: 42 },
      { id: e.id, text: ['а'] },
      { id: e.id, text: { a: 1 } },
      { id: e.id, text: null },
      { id: e.id, text: true },
      { id: 'abc', text: 'а' },
      { id: true, text: 'а' },
      { id: 1.5, text: 'а' },
      { id: -1, text: 'а' },
      { id: 0, text: 'а' },
      { id: 2 ** 31, text: 'а' },
      { id: 1e100, text: 'а' },
      { id: [e.id], text: 'а' },
      { id: null, text: 'а' },
      { id: e.id, text: 'а', reply_to: 'abc' },
      { id: e.id, text: 'а', reply_to: -5 },
      { id: e.id, text: 'а', reply_to: true },
      { id: e.id, text: 'а', reply_to: 1.5 },
      { id: e.id, text: 'а', reply_to: [1] },
      { id: e.id, text: 'а', extra: 1 },
      { id: e.id, text: 'а', user_id: 1 },
      '{"id": 1, "text": ',
      'не json',
      '[]',
      'null',
    ];
    for (const body of bodies) {
      const res = await v.post('/v3.0/comment/add', body);
      expect(res.statusCode >= 400 && res.statusCode < 500, `${JSON.stringify(body)}: ${res.body}`).toBe(true);
      expect(isRussianError(res, res.statusCode), `${JSON.stringify(body)}: ${res.body}`).toBe(true);
    }
    const empty = await v.post('/v3.0/comment/add', { id: e.id, text: '  ' });
    expect(empty.json().rm).toBe(messages.commentEmpty);
    const extra = await v.post('/v3.0/comment/add', { id: e.id, text: 'а', extra: 1 });
    expect(extra.json().rm).toBe(messages.unknownField('extra'));
    const megabyte = await v.post('/v3.0/comment/add', JSON.stringify({ id: e.id, text: 'я'.repeat(1024 * 1024) }));
    expect(isRussianError(megabyte, 413)).toBe(true);
    expect(await snapshot(e.id)).toEqual([]);
    expect(await countOf(e.id)).toBe(0);
  });
});

describe('one comment, one transaction', () => {
  it('keeps nothing when a later step fails: no comment, no count, an honest 500 to repeat', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const db = t.database.db;
    // A real failure in the last write of the action (the hotness refresh), raised by the database itself.
    await db.execute(sql`create function fail_hotness() returns trigger language plpgsql as $$
      begin if new.hotness is distinct from old.hotness and new.id = ${sql.raw(String(e.id))} then raise exception 'injected'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger fail_hotness before update on entries for each row execute function fail_hotness()`,
    );
    try {
      const res = await add(v, e.id, 'Не сохранится');
      expect(res.statusCode).toBe(500);
      expect(await snapshot(e.id)).toEqual([]);
      expect(await countOf(e.id)).toBe(0);
    } finally {
      await db.execute(sql`drop trigger fail_hotness on entries`);
      await db.execute(sql`drop function fail_hotness()`);
    }
    await added(v, e.id, 'Теперь сохранится');
    expect(await countOf(e.id)).toBe(1);
  });
});

describe('POST /v3.0/comment/edit', () => {
  it('lets the author and staff edit; others get 403; anonymous 401; nothing changes on refusal', async () => {
    const { v: author, user } = await signedIn();
    const e = await entry(user.id);
    const c = await added(author, e.id, 'Было');

    t.clock.now = new Date(Date.now() + 5 * MIN);
    const res = await author.post('/v3.0/comment/edit', { id: c.id, text: '  Стало\nлучше  ' });
    expect(res.json()).toMatchObject({
      rc: 200,
      rm: messages.commentEdited,
      data: {
        id: c.id,
        text: '<p>Стало<br>лучше</p>',
        source: 'Стало\nлучше',
        modification_date: t.clock.now.toISOString(),
        date: c.date,
      },
    });

    const { v: other } = await signedIn();
    const before = await snapshot(e.id);
    const denied = await other.post('/v3.0/comment/edit', { id: c.id, text: 'Чужое' });
    expect(isRussianError(denied, 403)).toBe(true);
    expect(denied.json().rm).toBe(messages.commentEditForbidden);
    const anon = await new Visitor(t.app).post('/v3.0/comment/edit', { id: c.id, text: 'Аноним' });
    expect(isRussianError(anon, 401)).toBe(true);
    const noCsrf = await author.post('/v3.0/comment/edit', { id: c.id, text: 'Без отметки' }, { csrf: false });
    expect(isRussianError(noCsrf, 403)).toBe(true);
    expect(await snapshot(e.id)).toEqual(before);

    const byStaff = await staff.post('/v3.0/comment/edit', { id: c.id, text: 'Поправил модератор' });
    expect(byStaff.json()).toMatchObject({
      rc: 200,
      data: { text: '<p>Поправил модератор</p>', author: { id: user.id } },
    });
  });

  it('refuses removed comments (404), unknown ids (404), closed comments (403), bad text (400)', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const c = await added(v, e.id, 'Текст');
    const gone = await added(v, e.id, 'Удалю');
    await v.post('/v3.0/comment/remove', { id: gone.id });
    for (const id of [gone.id, 2 ** 31 - 1]) {
      const res = await v.post('/v3.0/comment/edit', { id, text: 'Новое' });
      expect(isRussianError(res, 404)).toBe(true);
      expect(res.json().rm).toBe(messages.commentNotFound);
    }
    for (const [body, rm] of [
      [{ id: c.id, text: ' ' }, messages.commentEmpty],
      [{ id: c.id, text: 'я'.repeat(COMMENT_MAX_LENGTH + 1) }, messages.commentTooLong(COMMENT_MAX_LENGTH)],
      [{ id: c.id }, messages.commentEmpty],
      [{ id: c.id, text: 5 }, messages.wrongType],
      [{ id: 'x', text: 'а' }, messages.commentIdInvalid],
      [{ text: 'а' }, messages.commentIdInvalid],
      [{ id: c.id, text: 'а', entry_id: 1 }, messages.unknownField('entry_id')],
    ] as const) {
      const res = await v.post('/v3.0/comment/edit', body);
      expect(isRussianError(res, 400), JSON.stringify(body)).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    await t.database.db.update(entries).set({ isEnabledComments: false }).where(eq(entries.id, e.id));
    const closed = await v.post('/v3.0/comment/edit', { id: c.id, text: 'Новое' });
    expect(isRussianError(closed, 403)).toBe(true);
    expect(closed.json().rm).toBe(messages.commentsDisabled);
    expect((await list(v, e.id))[0]).toMatchObject({ can_edit: false, can_remove: true, text: '<p>Текст</p>' });
    expect((await snapshot(e.id)).find((x) => x.id === c.id)).toMatchObject({ text: 'Текст', updatedAt: null });
  });
});

describe('removing comments', () => {
  it('lets the author remove their comment once; others 403, anonymous 401; the count follows', async () => {
    const { v: author, user } = await signedIn();
    const e = await entry(user.id);
    const c = await added(author, e.id, 'Удалю потом');
    await added(author, e.id, 'Останется');
    expect(await countOf(e.id)).toBe(2);

    const { v: other } = await signedIn();
    const denied = await other.post('/v3.0/comment/remove', { id: c.id });
    expect(isRussianError(denied, 403)).toBe(true);
    expect(denied.json().rm).toBe(messages.commentRemoveForbidden);
    expect(isRussianError(await new Visitor(t.app).post('/v3.0/comment/remove', { id: c.id }), 401)).toBe(true);
    expect(isRussianError(await author.post('/v3.0/comment/remove', { id: c.id }, { csrf: false }), 403)).toBe(true);
    for (const body of [{}, { id: 'abc' }, { id: -1 }, { id: c.id, extra: 1 }, { id: 2 ** 31 }]) {
      expect(isRussianError(await author.post('/v3.0/comment/remove', body), 400), JSON.stringify(body)).toBe(true);
    }
    expect(await countOf(e.id)).toBe(2);

    const res = await author.post('/v3.0/comment/remove', { id: c.id });
    expect(res.json()).toEqual({
      rc: 200,
      rm: messages.commentRemoved,
      data: { removed_ids: [c.id], comments_count: 1 },
    });
    const again = await author.post('/v3.0/comment/remove', { id: c.id });
    expect(isRussianError(again, 404)).toBe(true);
    expect(await countOf(e.id)).toBe(1);
    expect(await livingOf(e.id)).toBe(1);
  });

  it('lets staff remove any comment, alone or with its branch; the admin routes are staff only', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const root = await added(v, e.id, 'Корень');
    const r1 = await added(v, e.id, 'Ответ 1', root.id);
    const r2 = await added(v, e.id, 'Ответ 2', r1.id);
    await added(v, e.id, 'Ответ 3', root.id);
    const keep = await added(v, e.id, 'Соседняя ветка');
    const lone = await added(v, e.id, 'Одиночный');
    expect(await countOf(e.id)).toBe(6);

    for (const path of ['/v3.0/admin/comments/remove', '/v3.0/admin/comments/removeBranch']) {
      const res = await v.post(path, { id: root.id });
      expect(isRussianError(res, 403), path).toBe(true);
      expect(isRussianError(await new Visitor(t.app).post(path, { id: root.id }), 401)).toBe(true);
      expect(isRussianError(await staff.post(path, { id: 'x' }), 400)).toBe(true);
      expect(isRussianError(await staff.post(path, { id: 2 ** 31 - 1 }), 404)).toBe(true);
    }
    expect(await countOf(e.id)).toBe(6);

    // One removed reply first: the branch removal counts only what it removed itself.
    expect((await staff.post('/v3.0/comment/remove', { id: r2.id })).json().rc).toBe(200);
    const branch = await staff.post('/v3.0/admin/comments/removeBranch', { id: root.id });
    expect(branch.json().rc).toBe(200);
    expect(branch.json().rm).toBe(messages.commentBranchRemoved);
    expect(branch.json().data.removed_ids).toHaveLength(3);
    expect(branch.json().data.comments_count).toBe(2);
    // A stub left by its author can still have its branch cleared by staff.
    const stub = await added(v, e.id, 'Удалю сам');
    const under = await added(v, e.id, 'Ответ под удалённым', stub.id);
    await v.post('/v3.0/comment/remove', { id: stub.id });
    expect(isRussianError(await v.post('/v3.0/admin/comments/removeBranch', { id: stub.id }), 403)).toBe(true);
    const cleared = await staff.post('/v3.0/admin/comments/removeBranch', { id: stub.id });
    expect(cleared.json().data).toEqual({ removed_ids: [under.id], comments_count: 2 });
    expect(isRussianError(await staff.post('/v3.0/admin/comments/remove', { id: stub.id }), 404)).toBe(true);
    const single = await staff.post('/v3.0/admin/comments/remove', { id: lone.id });
    expect(single.json().data).toEqual({ removed_ids: [lone.id], comments_count: 1 });
    expect((await list(v, e.id)).map((c) => c.id)).toEqual([keep.id]);
    expect(await countOf(e.id)).toBe(1);
    expect(await livingOf(e.id)).toBe(1);
  });
});

describe('new since the last visit', () => {
  it('marks comments beyond the seen count or after the mark as new, never the reader’s own', async () => {
    const { v: author, user } = await signedIn('Автор');
    const e = await entry(user.id);
    const { v: reader, user: readerUser } = await signedIn('Читатель');
    const base = Date.now();
    const at = (m: number) => (t.clock.now = new Date(base + m * MIN));
    at(0);
    const c1 = await added(author, e.id, 'Первый');
    at(1);
    const c2 = await added(author, e.id, 'Второй');
    // First visit: nothing is new.
    expect((await list(reader, e.id)).some((c) => c.is_new)).toBe(false);

    at(2);
    const saved = await reader.post('/v3.0/comments/saveCommentsSeenCount', { content_id: e.id, count: 2 });
    expect(saved.json()).toMatchObject({ rc: 200, data: { count: 2 } });
    at(3);
    const c3 = await added(author, e.id, 'Третий');
    const mine = await added(reader, e.id, 'Мой');
    at(4);
    const newIds = (items: Comment[]) => items.filter((c) => c.is_new).map((c) => c.id);
    expect(newIds(await list(reader, e.id, 'date'))).toEqual([c3.id]);
    // Nobody else has a mark, so nothing is new for them; anonymous readers keep theirs on the client.
    expect(newIds(await list(author, e.id))).toEqual([]);
    expect(newIds(await list(new Visitor(t.app), e.id))).toEqual([]);

    // A count below what exists marks the latest ones new even if they are older than the mark.
    await reader.post('/v3.0/comments/saveCommentsSeenCount', { content_id: e.id, count: 1 });
    expect(newIds(await list(reader, e.id, 'date'))).toEqual([c2.id, c3.id]);
    // Removing an old comment shifts the count, yet what came after the mark stays new.
    await reader.post('/v3.0/comments/saveCommentsSeenCount', { content_id: e.id, count: 4 });
    at(5);
    const c4 = await added(author, e.id, 'Четвёртый');
    await author.post('/v3.0/comment/remove', { id: c1.id });
    expect(newIds(await list(reader, e.id, 'date'))).toEqual([c4.id]);
    void mine;

    // A count above what exists is stored as the real count.
    const clamp = await reader.post('/v3.0/comments/saveCommentsSeenCount', { content_id: e.id, count: 1000 });
    expect(clamp.json().data).toEqual({ count: 4 });
    const [row] = await t.database.db.select().from(commentsSeen).where(eq(commentsSeen.userId, readerUser.id));
    expect(row).toMatchObject({ entryId: e.id, count: 4, updatedAt: t.clock.now });

    // A mark older than 30 days is forgotten even before cleanup removes it.
    const markAge = async (ms: number) =>
      t.database.db
        .update(commentsSeen)
        .set({ updatedAt: new Date(t.clock.now.getTime() - ms) })
        .where(eq(commentsSeen.userId, readerUser.id));
    await markAge(30 * DAY - MIN);
    at(6);
    const late = await added(author, e.id, 'Позже');
    expect(newIds(await list(reader, e.id))).toContain(late.id);
    await markAge(30 * DAY + MIN);
    expect(newIds(await list(reader, e.id))).toEqual([]);
  });

  it('refuses anonymous visitors, bad input and hidden entries, storing nothing', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const draft = await entry(user.id, { isPublished: false, publishedAt: null });
    const path = '/v3.0/comments/saveCommentsSeenCount';
    expect(isRussianError(await new Visitor(t.app).post(path, { content_id: e.id, count: 1 }), 401)).toBe(true);
    expect(isRussianError(await v.post(path, { content_id: e.id, count: 1 }, { csrf: false }), 403)).toBe(true);
    for (const body of [
      {},
      { content_id: e.id },
      { count: 1 },
      { content_id: e.id, count: -1 },
      { content_id: e.id, count: 1.5 },
      { content_id: e.id, count: 'много' },
      { content_id: e.id, count: 2 ** 31 },
      { content_id: 'x', count: 1 },
      { content_id: e.id, count: 1, extra: 1 },
    ]) {
      const res = await v.post(path, body);
      expect(isRussianError(res, 400), JSON.stringify(body)).toBe(true);
    }
    expect((await v.post(path, { content_id: e.id, count: 'x' })).json().rm).toBe(messages.commentSeenCountInvalid);
    for (const id of [draft.id, 2 ** 31 - 1])
      expect(isRussianError(await v.post(path, { content_id: id, count: 0 }), 404)).toBe(true);
    expect(await t.database.db.select().from(commentsSeen).where(eq(commentsSeen.userId, user.id))).toEqual([]);
  });

  it('clears marks older than 30 days on a save, with a 5 % chance', async () => {
    const { v, user } = await signedIn();
    const e = await entry(user.id);
    const now = t.clock.now;
    const { user: oldReader } = await signedIn();
    const { user: recentReader } = await signedIn();
    await t.database.db.insert(commentsSeen).values([
      { userId: oldReader.id, entryId: e.id, count: 1, updatedAt: new Date(now.getTime() - 30 * DAY - MIN) },
      { userId: recentReader.id, entryId: e.id, count: 1, updatedAt: new Date(now.getTime() - 30 * DAY + MIN) },
    ]);
    const readers = async () =>
      (await t.database.db.select().from(commentsSeen).where(eq(commentsSeen.entryId, e.id)))
        .map((r) => r.userId)
        .sort((a, b) => a - b);
    const draws: number[] = [];
    // 0.05 is just outside the 5 % chance: nothing cleaned.
    seenCleanup.random = () => (draws.push(0.05), 0.05);
    await v.post('/v3.0/comments/saveCommentsSeenCount', { content_id: e.id, count: 0 });
    expect(await readers()).toEqual([oldReader.id, recentReader.id, user.id].sort((a, b) => a - b));
    seenCleanup.random = () => (draws.push(0.0499), 0.0499);
    await v.post('/v3.0/comments/saveCommentsSeenCount', { content_id: e.id, count: 0 });
    expect(await readers()).toEqual([recentReader.id, user.id].sort((a, b) => a - b));
    expect(draws).toHaveLength(2); // one draw per save
    expect(seenCleanup.chance).toBe(0.05);
  });
});

describe('rate limit', () => {
  it('answers 429 after 10 comments a minute', async () => {
    const limited = await startTestApp({ rateLimitScale: 1 });
    try {
      const v = new Visitor(limited.app);
      const { user } = await v.register();
      const [e] = await limited.database.db
        .insert(entries)
        .values({ subsiteId: user.id, authorId: user.id, title: 'Т', isPublished: true, publishedAt: new Date() })
        .returning();
      for (let i = 0; i < 10; i++)
        expect((await v.post('/v3.0/comment/add', { id: e.id, text: `№${i}` })).json().rc).toBe(200);
      const res = await v.post('/v3.0/comment/add', { id: e.id, text: 'Одиннадцатый' });
      expect(isRussianError(res, 429)).toBe(true);
      expect(res.json().rm).toBe(messages.tooManyActions);
      const [row] = await limited.database.db
        .select({ n: entries.commentsCount })
        .from(entries)
        .where(eq(entries.id, e.id));
      expect(row.n).toBe(10);
    } finally {
      await limited.close();
    }
  });
});
