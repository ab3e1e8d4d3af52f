import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/catalogue.ts';
import type { Comment } from '../../../shared/comments.ts';
import { commentPins } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

const { t, staff } = useTestApp();

const pins = () => t.database.db.select().from(commentPins);
const list = async (v: Visitor, entryId: number, sorting = 'date') =>
  (await v.get(`/v3.0/comments?content_id=${entryId}&sorting=${sorting}`)).json().data.items as Comment[];
async function comment(v: Visitor, entryId: number, body: string, replyTo?: number) {
  const res = await v.post('/v3.0/comment/add', { id: entryId, text: body, ...(replyTo ? { reply_to: replyTo } : {}) });
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as Comment;
}

describe('comment pins', () => {
  it('one pinned comment per entry, shown first; the blog owner and staff pin, others get 403; logged', async () => {
    const author = await newUser(t.app, 'Автор');
    const reader = await newUser(t.app, 'Читатель');
    const e = await savedEntry(author.v, { title: 'Обсуждение', entry: [text('т')], is_published: 1 });
    const first = await comment(reader.v, e.id, 'Первый');
    const second = await comment(reader.v, e.id, 'Второй');
    const reply = await comment(author.v, e.id, 'Ответ', first.id);

    // The entry's author owns the blog the entry is in: a manager of its subsite.
    const pinned = await author.v.post('/v3.0/admin/comments/pin', { id: second.id, state: 1 });
    expect(pinned.json().rc, pinned.body).toBe(200);
    expect(pinned.json().rm).toBe(messages.commentPinned);
    for (const sorting of ['date', 'popular']) {
      const items = await list(new Visitor(t.app), e.id, sorting);
      expect(items[0]).toMatchObject({ id: second.id, is_pinned: true });
      expect(items.filter((c) => c.is_pinned)).toHaveLength(1);
    }

    // Pinning another replaces the first: still one per entry.
    const other = await staff.post('/v3.0/admin/comments/pin', { id: first.id, state: true });
    expect(other.json().data).toMatchObject({ is_pinned: true, unpinned_id: second.id });
    expect(await pins()).toHaveLength(1);
    expect((await list(reader.v, e.id)).map((c) => c.id)).toEqual([first.id, reply.id, second.id]);

    // Wrong roles, bad input and wrong targets: Russian 4xx, nothing changed.
    const before = await pins();
    const anon = new Visitor(t.app);
    const cases: [Visitor, Record<string, unknown>, number][] = [
      [reader.v, { id: second.id, state: 1 }, 403],
      [reader.v, { id: first.id, state: 0 }, 403],
      [anon, { id: second.id, state: 1 }, 401],
      [staff, { id: reply.id, state: 1 }, 400],
      [staff, { id: second.id, state: 0 }, 400],
      [staff, { id: 99999999, state: 1 }, 404],
      [staff, { id: 'x', state: 1 }, 400],
      [staff, { id: -1, state: 1 }, 400],
      [staff, { id: 1e12, state: 1 }, 400],
      [staff, { id: second.id, state: 2 }, 400],
      [staff, { id: second.id }, 400],
      [staff, { state: 1 }, 400],
      [staff, { id: second.id, state: 1, extra: 1 }, 400],
      [staff, { id: second.id, state: 'x'.repeat(1_000_000) }, 400],
    ];
    for (const [v, body, status] of cases) {
      const res = await v.post('/v3.0/admin/comments/pin', body);
      expect(
        isRussianError(res, status),
        `${JSON.stringify(body).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
      ).toBe(true);
    }
    expect(await pins()).toEqual(before);

    // A removed comment cannot be pinned; removing the pinned one leaves no pin shown.
    await reader.v.post('/v3.0/comment/remove', { id: second.id });
    expect(isRussianError(await staff.post('/v3.0/admin/comments/pin', { id: second.id, state: 1 }), 400)).toBe(true);

    const off = await staff.post('/v3.0/admin/comments/pin', { id: first.id, state: 0 });
    expect(off.json().rm).toBe(messages.commentUnpinned);
    expect(await pins()).toHaveLength(0);
    const log = (await staff.get('/v3.0/admin/audit')).json().data.items.map((i: { action: string }) => i.action);
    expect(log.slice(0, 3)).toEqual(['comment.unpin', 'comment.pin', 'comment.pin']);
  });
});
