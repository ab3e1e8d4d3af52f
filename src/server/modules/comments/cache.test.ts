import { describe, expect, it } from 'vitest';
import { useTestApp, Visitor } from '../../testing/harness.ts';
import { comments, entries } from '../../db/schema.ts';
import { ANONYMOUS_CACHE_MS } from './service.ts';

/** In production anonymous readers share a discussion for a few seconds; this node's own changes show at once. */
const { t } = useTestApp({ sharedCaches: true });

const pageTexts = async (entryId: number, v = new Visitor(t.app)) =>
  (
    (await v.get(`/v3.0/comments?content_id=${entryId}&sorting=date&count=5`)).json().data.items as { text: string }[]
  ).map((c) => c.text);

const texts = async (entryId: number) =>
  (
    (await new Visitor(t.app).get(`/v3.0/comments?content_id=${entryId}&sorting=date`)).json().data.items as {
      text: string;
    }[]
  ).map((c) => c.text);

describe('anonymous discussion cache', () => {
  it('serves the same list until it expires, and drops it when a comment is added, edited or removed here', async () => {
    const author = new Visitor(t.app);
    const { user } = await author.register({ name: 'Автор Записи' });
    const [e] = await t.database.db
      .insert(entries)
      .values({ subsiteId: user.id, authorId: user.id, title: 'Запись', isPublished: true, publishedAt: new Date() })
      .returning();
    expect(await texts(e.id)).toEqual([]);

    // Written by another node: not seen until the cached list expires.
    await t.database.db.insert(comments).values({ entryId: e.id, authorId: user.id, text: 'с другого узла' });
    expect(await texts(e.id)).toEqual([]);
    t.clock.now = new Date(Date.now() + ANONYMOUS_CACHE_MS + 1);
    try {
      expect(await texts(e.id)).toEqual(['<p>с другого узла</p>']);
      const reader = new Visitor(t.app);
      await reader.register({ name: 'Читатель Быстрый' });
      const add = await reader.post('/v3.0/comment/add', { id: e.id, text: 'отсюда' });
      expect(add.json().rc).toBe(200);
      expect(await texts(e.id)).toEqual(['<p>с другого узла</p>', '<p>отсюда</p>']);
      await reader.post('/v3.0/comment/edit', { id: add.json().data.id, text: 'исправлено' });
      expect(await texts(e.id)).toContain('<p>исправлено</p>');
      await reader.post('/v3.0/comment/remove', { id: add.json().data.id });
      expect(await texts(e.id)).toEqual(['<p>с другого узла</p>']);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('keeps the tree of a paged discussion as long, for every reader, dropped by this node’s own changes', async () => {
    const author = new Visitor(t.app);
    const { user } = await author.register({ name: 'Автор Страниц' });
    const [e] = await t.database.db
      .insert(entries)
      .values({ subsiteId: user.id, authorId: user.id, title: 'Запись', isPublished: true, publishedAt: new Date() })
      .returning();
    expect(await pageTexts(e.id)).toEqual([]);
    await t.database.db.insert(comments).values({ entryId: e.id, authorId: user.id, text: 'с другого узла' });
    // Not in the kept tree yet, for a signed-in reader either.
    expect(await pageTexts(e.id)).toEqual([]);
    expect(await pageTexts(e.id, author)).toEqual([]);
    const add = await author.post('/v3.0/comment/add', { id: e.id, text: 'отсюда' });
    expect(add.json().rc).toBe(200);
    // (The test clock stands still, so the order of the two is not the point.)
    expect((await pageTexts(e.id)).sort()).toEqual(['<p>отсюда</p>', '<p>с другого узла</p>']);
    await author.post('/v3.0/comment/edit', { id: add.json().data.id, text: 'исправлено' });
    expect(await pageTexts(e.id, author)).toContain('<p>исправлено</p>');
    expect(await pageTexts(e.id)).toContain('<p>исправлено</p>');
  });
});
