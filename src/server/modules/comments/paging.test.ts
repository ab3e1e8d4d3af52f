import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { commentPins, comments, entries } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { COMMENTS_PAGE_MAX, type Comment, type CommentsPage } from '../../../shared/comments.ts';

const { t, staff, signedIn } = useTestApp();

const DAY = 86_400_000;

async function entry(authorId: number, values: Partial<typeof entries.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title: 'Длинное обсуждение',
      isPublished: true,
      publishedAt: new Date(Date.now() - DAY),
      ...values,
    })
    .returning();
  return row;
}

/** Comments straight in the database (dates and ratings the API cannot produce), counted on the entry. */
async function seed(entryId: number, rows: Partial<typeof comments.$inferInsert>[]) {
  const made = await t.database.db
    .insert(comments)
    .values(rows.map((r) => ({ entryId, authorId: r.authorId!, text: 'Комментарий', ...r })))
    .returning();
  await t.database.db
    .update(entries)
    .set({ commentsCount: sql`${entries.commentsCount} + ${made.filter((c) => !c.removed).length}` })
    .where(eq(entries.id, entryId));
  return made;
}

const query = (params: Record<string, string | number>) =>
  '/v3.0/comments?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

async function page(v: Visitor, params: Record<string, string | number>): Promise<CommentsPage> {
  const res = await v.get(query(params));
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as CommentsPage;
}

const whole = async (v: Visitor, entryId: number, sorting: string) =>
  (await v.get(query({ content_id: entryId, sorting }))).json().data.items as Comment[];

/** Reads a discussion the way the page does: threads page by page, each thread's hidden replies `per` at a time. */
async function walk(v: Visitor, entryId: number, sorting: string, count: number, per: number) {
  const seen: Comment[] = [];
  let cursor: string | null = null;
  do {
    const p: CommentsPage = await page(v, { content_id: entryId, sorting, count, ...(cursor ? { cursor } : {}) });
    for (let i = 0; i < p.items.length;) {
      let end = i + 1;
      while (end < p.items.length && p.items[end].level > 0) end++;
      const root = p.items[i].id;
      seen.push(...p.items.slice(i, end));
      let after = p.items[end - 1].id;
      let left = p.more[root] ?? 0;
      while (left > 0) {
        const r = await page(v, { content_id: entryId, sorting, thread: root, after, count: per });
        expect(r.items.length).toBeGreaterThan(0);
        seen.push(...r.items);
        after = r.items[r.items.length - 1].id;
        left = r.more[root] ?? 0;
      }
      i = end;
    }
    cursor = p.cursor;
  } while (cursor);
  return seen;
}

const shape = (list: Comment[]) => list.map((c) => `${c.id}:${c.level}`);

/** 14 threads with different ratings and dates, long and deep ones among them, a removed stub and a pinned one. */
async function discussion() {
  const { user: author } = await signedIn();
  const { user: other } = await signedIn();
  const e = await entry(author.id);
  const t0 = Date.now() - 5 * DAY;
  const roots = await seed(
    e.id,
    Array.from({ length: 14 }, (_, i) => ({
      authorId: i % 2 ? author.id : other.id,
      likesSumm: (i * 7) % 5,
      createdAt: new Date(t0 + i * 60_000),
      removed: i === 3,
    })),
  );
  let at = t0 + DAY;
  const reply = async (to: number, n: number) =>
    seed(
      e.id,
      Array.from({ length: n }, () => ({ authorId: other.id, replyTo: to, createdAt: new Date((at += 1000)) })),
    );
  const long = await reply(roots[0].id, 7);
  const deep = await reply(long[2].id, 2);
  await reply(deep[1].id, 1);
  await reply(roots[3].id, 2); // under the removed one: it stays as a stub
  await reply(roots[9].id, 3);
  await t.database.db.insert(commentPins).values({ entryId: e.id, commentId: roots[12].id, byId: author.id });
  return { e, roots, long, deep, author, other };
}

describe('GET /v3.0/comments: pages', () => {
  it('walks every sorting page by page and thread by thread to exactly the whole tree, nothing twice', async () => {
    const { e, roots } = await discussion();
    const v = new Visitor(t.app);
    for (const sorting of ['popular', 'date']) {
      const all = await whole(v, e.id, sorting);
      expect(all[0].id).toBe(roots[12].id); // pinned first
      expect(shape(await walk(v, e.id, sorting, 4, 2))).toEqual(shape(all));
      expect(shape(await walk(v, e.id, sorting, COMMENTS_PAGE_MAX, COMMENTS_PAGE_MAX))).toEqual(shape(all));
    }
    const first = await page(v, { content_id: e.id, count: 3 });
    expect(first.count).toBe(14 - 1 + 7 + 2 + 1 + 2 + 3);
    expect(first.seen).toBeNull();
    expect(first.items.find((c) => c.id === roots[3].id)).toBeUndefined();
    // Each thread shows its first two replies and counts the rest.
    const p = await page(v, { content_id: e.id, sorting: 'date', count: 1, cursor: '0.0.0.0' });
    expect(p.items.map((c) => c.level)).toEqual([0, 1, 1]);
    expect(p.more).toEqual({ [p.items[0].id]: 7 + 2 + 1 - 2 });
  });

  it('keeps its place while comments are added: no repeats, no gaps, the new ones after', async () => {
    const { e, roots } = await discussion();
    const v = new Visitor(t.app);
    const before = await whole(v, e.id, 'popular');
    const first = await page(v, { content_id: e.id, count: 5 });
    const writer = (await signedIn()).v;
    const fresh: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await writer.post('/v3.0/comment/add', { id: e.id, text: `новый ${i}` });
      fresh.push(res.json().data.id);
    }
    await writer.post('/v3.0/comment/add', { id: e.id, text: 'ответ', reply_to: roots[5].id });
    const seen = first.items.filter((c) => c.level === 0).map((c) => c.id);
    let cursor = first.cursor;
    while (cursor) {
      const p = await page(v, { content_id: e.id, count: 5, cursor });
      seen.push(...p.items.filter((c) => c.level === 0).map((c) => c.id));
      cursor = p.cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const rootsBefore = before.filter((c) => c.level === 0).map((c) => c.id);
    expect(seen.filter((id) => rootsBefore.includes(id))).toEqual(rootsBefore);
    expect(seen.filter((id) => fresh.includes(id))).toEqual(fresh);
  });

  it('puts a linked comment deep in a late thread on the first page with its thread down to it', async () => {
    const { e, roots, long, deep } = await discussion();
    const v = new Visitor(t.app);
    const all = await whole(v, e.id, 'date');
    const target = deep[1].id;
    const p = await page(v, { content_id: e.id, sorting: 'date', count: 2, comment: target });
    const ids = p.items.map((c) => c.id);
    expect(ids).toContain(target);
    const threadIds = all.slice(all.findIndex((c) => c.id === roots[0].id)).map((c) => c.id);
    expect(ids.slice(ids.indexOf(roots[0].id), ids.indexOf(target) + 1)).toEqual(
      threadIds.slice(0, threadIds.indexOf(target) + 1),
    );
    expect(p.more[roots[0].id]).toBe(7 + 2 + 1 - (threadIds.indexOf(target) + 1) + 1);
    // Late in the popular order: the thread comes first, then the page as usual.
    const late = await page(v, { content_id: e.id, count: 2, comment: long[6].id });
    expect(late.items[0].id).toBe(roots[0].id);
    // An unknown comment leaves the page as it is.
    expect(shape((await page(v, { content_id: e.id, count: 2, comment: 2 ** 31 - 1 })).items)).toEqual(
      shape((await page(v, { content_id: e.id, count: 2 })).items),
    );
  });

  it('marks new comments by the mark the visit started with, on every page of it', async () => {
    const { e, roots } = await discussion();
    const { v: reader } = await signedIn();
    const start = await page(reader, { content_id: e.id, count: 2 });
    expect(start.items.some((c) => c.is_new)).toBe(false);
    const total = start.count;
    await reader.post('/v3.0/comments/saveCommentsSeenCount', { content_id: e.id, count: total - 3 });
    const visit = await page(reader, { content_id: e.id, sorting: 'date', count: 50 });
    const newest = [...(await whole(reader, e.id, 'date'))]
      .filter((c) => !c.is_removed)
      .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
      .slice(-3)
      .map((c) => c.id);
    expect(visit.seen?.count).toBe(total - 3);
    // The page records the visit; the next pages send the mark back and agree.
    await reader.post('/v3.0/comments/saveCommentsSeenCount', { content_id: e.id, count: total });
    const later = await page(reader, {
      content_id: e.id,
      sorting: 'date',
      thread: roots[9].id,
      count: 50,
      seen_count: visit.seen!.count,
      seen_at: visit.seen!.at,
    });
    const marked = [...new Set([...visit.items, ...later.items].filter((c) => c.is_new).map((c) => c.id))];
    expect(marked.sort()).toEqual([...newest].sort());
    // Without it the stored (new) mark counts: nothing is new any more.
    expect((await page(reader, { content_id: e.id, thread: roots[9].id, count: 50 })).items.some((c) => c.is_new)).toBe(
      false,
    );
  });

  it('refuses bad cursors, counts and combinations with a Russian 400; hidden entries 404', async () => {
    const { e, roots, long } = await discussion();
    const v = new Visitor(t.app);
    const bad: [Record<string, string | number>, string][] = [
      [{ cursor: 'abc' }, messages.commentCursorInvalid],
      [{ cursor: '2.0.0.1' }, messages.commentCursorInvalid],
      [{ cursor: '0.1.99999999999999999999.1' }, messages.commentCursorInvalid],
      [{ cursor: 'x'.repeat(500) }, messages.commentCursorInvalid],
      [{ count: 0 }, messages.commentsCountInvalid(COMMENTS_PAGE_MAX)],
      [{ count: COMMENTS_PAGE_MAX + 1 }, messages.commentsCountInvalid(COMMENTS_PAGE_MAX)],
      [{ count: 1e12 }, messages.commentsCountInvalid(COMMENTS_PAGE_MAX)],
      [{ count: 'много' }, messages.commentsCountInvalid(COMMENTS_PAGE_MAX)],
      [{ thread: long[0].id }, messages.commentThreadInvalid],
      [{ thread: 'первая' }, messages.commentThreadInvalid],
      [{ thread: roots[0].id, after: roots[1].id }, messages.commentCursorInvalid],
      [{ thread: roots[0].id, cursor: '0.0.0.1' }, messages.commentPageParams],
      [{ after: long[0].id }, messages.commentPageParams],
      [{ comment: long[0].id, cursor: '0.0.0.1' }, messages.commentPageParams],
      [{ seen_count: 3 }, messages.commentSeenPair],
      [{ seen_count: 3, seen_at: -1 }, messages.commentSeenAtInvalid],
      [{ page: 2 }, messages.unknownField('page')],
    ];
    for (const [params, rm] of bad) {
      const res = await v.get(query({ content_id: e.id, ...params }));
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().rm, JSON.stringify(params)).toBe(rm);
      expect(isRussianError(res, 400)).toBe(true);
    }
    // A reply of another entry's thread is no thread of this one.
    const { e: other } = await discussion();
    expect((await v.get(query({ content_id: other.id, thread: roots[0].id }))).statusCode).toBe(400);
    await t.database.db.update(entries).set({ isPublished: false }).where(eq(entries.id, e.id));
    const hidden = await v.get(query({ content_id: e.id, count: 5 }));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().rm).toBe(messages.entryNotFound);
  });

  it('shows a staff reader their rights on the page’s comments only', async () => {
    const { e } = await discussion();
    const p = await page(staff, { content_id: e.id, count: 3 });
    expect(p.items.filter((c) => !c.is_removed).every((c) => c.can_remove)).toBe(true);
  });
});
