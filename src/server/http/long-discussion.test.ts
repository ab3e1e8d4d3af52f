import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ensureBuild, root } from '../../../scripts/ensure-build.ts';
import { startTestApp, Visitor, type TestApp } from '../testing/harness.ts';
import { comments, entries } from '../db/schema.ts';
import { feedFixtures } from '../modules/feed/testing.ts';
import { COMMENTS_PAGE_MAX, type CommentsPage } from '../../shared/comments.ts';

/** An ordinary sentence of a discussion, ~190 bytes of UTF-8 (Cyrillic letters take two). */
const SENTENCE = (n: number) =>
  `Комментарий ${n}: согласен с автором, но в нашем городе всё устроено иначе, и цены заметно выше, чем в Москве.`;

describe('the first page of a long discussion', () => {
  let t: TestApp;
  let f: ReturnType<typeof feedFixtures>;
  beforeAll(async () => {
    ensureBuild();
    t = await startTestApp({}, { web: { buildDir: path.join(root, 'build') } });
    f = feedFixtures(t);
    await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  // 400 comments written and rendered: 31 s at load 20 on two cores.
  it('stays within 100 KB of HTML with 400 comments', { timeout: 120_000 }, async () => {
    const author = await f.reader();
    const id = await f.entry({ subsiteId: author.id, authorId: author.id, title: 'Длинное обсуждение' });
    const readers = await Promise.all(Array.from({ length: 10 }, () => f.reader()));
    // A third top-level, the rest replies to a recent comment (the shape of bench/run.ts's discussion).
    const made: number[] = [];
    for (let n = 0; n < 400; n++) {
      const replyTo = n % 3 === 0 || made.length === 0 ? null : (made[made.length - 1 - (n % 5 === 0 ? 1 : 0)] ?? null);
      const [row] = await t.database.db
        .insert(comments)
        .values({
          entryId: id,
          authorId: readers[n % readers.length].id,
          text: SENTENCE(n),
          replyTo,
          createdAt: new Date(t.clock.now.getTime() - (400 - n) * 60_000),
        })
        .returning({ id: comments.id });
      made.push(row.id);
    }
    await t.database.db
      .update(entries)
      .set({ commentsCount: sql`400` })
      .where(eq(entries.id, id));
    expect(Buffer.byteLength(SENTENCE(100))).toBeGreaterThan(180);
    const url = (await new Visitor(t.app).get(`/${id}`)).headers.location as string;
    const open = async (address: string) => {
      const res = await new Visitor(t.app).get(address);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.body;
    };
    const shownIn = (html: string) => [...html.matchAll(/id="comment-(\d+)"/g)].map((m) => Number(m[1]));

    const html = await open(url);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(100 * 1024);
    const shown = shownIn(html);
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(400);
    // The loader names what it brings: every comment neither shown nor behind a thread's own «Показать ещё N ответов».
    const hidden = [...html.matchAll(/Показать ещё(?:<!-- -->)? (?:<!-- -->)?(\d+) ответ/g)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
    expect(html).toContain(`Показать ещё ${400 - shown.length - hidden} комментари`);

    // A link to a comment deep in the discussion (a reply near its end) brings it onto the first page.
    const linked = made[398];
    const withLink = await open(`${url}?comment=${linked}`);
    expect(shownIn(withLink)).toContain(linked);
    expect(Buffer.byteLength(withLink)).toBeLessThanOrEqual(100 * 1024);

    // The loader's call (Comments.tsx: the next threads after the page's cursor, then each thread's hidden replies)
    // brings every other comment, each once.
    const cursor = /cursor\\?",\\?"(\d\.-?\d+\.\d+\.\d+)/.exec(html)?.[1];
    expect(cursor).toBeDefined();
    const seen = [...shown];
    const api = async (params: Record<string, string | number>) => {
      const res = await new Visitor(t.app).get(
        '/v3.0/comments?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
      );
      expect(res.json().rc, res.body).toBe(200);
      return res.json().data as CommentsPage;
    };
    const threads = async (roots: number[]) => {
      for (const root of roots) {
        const thread = await api({ content_id: id, sorting: 'popular', thread: root, count: COMMENTS_PAGE_MAX });
        seen.push(...thread.items.map((c) => c.id));
      }
    };
    // The first page's threads' hidden replies, then the later pages' threads with theirs.
    await threads([...html.matchAll(/id="comment-(\d+)"[^>]*data-level="0"/g)].map((m) => Number(m[1])));
    let next: string | null = cursor!;
    while (next) {
      const p: CommentsPage = await api({ content_id: id, sorting: 'popular', cursor: next });
      seen.push(...p.items.map((c) => c.id));
      await threads(Object.keys(p.more).map(Number));
      next = p.cursor;
    }
    expect(new Set(seen).size).toBe(400);
    expect([...new Set(seen)].sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
  });
});
