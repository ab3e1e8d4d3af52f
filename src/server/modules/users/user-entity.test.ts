import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

/**
 * The user entity (spec/content.md §3 "User: id, url, name, hash, is_paid"): every author an answer names — of an
 * entry card, a comment, a repost, a bookmarked comment, a found comment — carries the person's `hash` (the same as
 * their current user object's) and `is_paid` (Plus), with `is_plus` kept beside it.
 */
const { t, signedIn } = useTestApp();

type Json = Record<string, any>;
const me = async (v: Visitor) => (await v.get('/v3.0/auth/check')).json().data.user as Json;

describe('the user entity', () => {
  it('carries hash and is_paid wherever an author is named, the hash being the current user object’s', async () => {
    const author = await signedIn('Автор Сущности');
    const reader = await signedIn('Читатель Сущности');
    await t.database.db.update(users).set({ isPaid: true }).where(eq(users.id, author.id));
    const own = await me(author.v);
    expect(own).toMatchObject({ is_paid: true, hash: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const entry = await savedEntry(author.v, {
      title: 'Сущность пользователя в ответах',
      entry: [text('Проверяем поля автора')],
      is_published: 1,
    });
    const expected = { id: author.id, hash: own.hash, is_paid: true, is_plus: true };
    expect(entry.author).toMatchObject(expected);

    const card = ((await reader.v.get(`/v3.0/feed?subsite_id=${author.id}`)).json().data.items as Json[])[0];
    expect(card.author).toMatchObject(expected);
    const comment = await author.v.post('/v3.0/comment/add', { id: entry.id, text: 'Сущностный комментарий автора' });
    expect(comment.json().data.author).toMatchObject(expected);
    const list = (await reader.v.get(`/v3.0/comments?content_id=${entry.id}`)).json().data.items as Json[];
    expect(list[0].author).toMatchObject(expected);

    // The reader has no Plus: is_paid false, their own hash.
    const readerOwn = await me(reader.v);
    const reply = await reader.v.post('/v3.0/comment/add', {
      id: entry.id,
      text: 'Ответ читателя',
      reply_to: list[0].id,
    });
    expect(reply.json().data.author).toMatchObject({ id: reader.id, hash: readerOwn.hash, is_paid: false });
    expect(readerOwn.hash).not.toBe(own.hash);

    const repost = await reader.v.post('/v3.0/repost/create', { entry_id: entry.id, subsite_id: reader.id });
    expect(repost.json().rc, repost.body).toBe(200);
    const reposts = (await reader.v.get(`/v3.0/reposts/subsite/${reader.id}`)).json();
    expect(reposts.data.items[0].by, JSON.stringify(reposts)).toMatchObject({
      id: reader.id,
      hash: readerOwn.hash,
      is_paid: false,
    });

    await reader.v.post('/v3.0/favorite/change', { id: list[0].id, type: 'comment', state: 1 });
    const marked = (await reader.v.get('/v3.0/bookmarks?type=comment')).json().data.items as Json[];
    expect(marked[0].author).toMatchObject(expected);

    const found = await reader.v.get(`/v3.0/search_ajax/v2/comments/date/1?query=${encodeURIComponent('сущностный')}`);
    expect((found.json().data.items as Json[])[0]?.author, found.body).toMatchObject(expected);
  });

  it('the same person has the same hash for every reader, anonymous ones included', async () => {
    const author = await signedIn('Автор Для Всех');
    const entry = await savedEntry(author.v, { title: 'Для всех', entry: [text('Текст')], is_published: 1 });
    const hashes = new Set<string>();
    for (const v of [new Visitor(t.app), (await signedIn()).v, author.v])
      hashes.add((await v.get(`/v3.0/entry/${entry.id}`)).json().data.entry.author.hash);
    expect([...hashes]).toEqual([(await me(author.v)).hash]);
  });
});
