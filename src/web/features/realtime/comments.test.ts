import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../shared/comments.ts';
import { applyCommentsEvent } from './comments.ts';

const c = (id: number, level: number, replyTo: number | null, extra: Partial<Comment> = {}): Comment => ({
  id,
  entry_id: 1,
  reply_to: replyTo,
  level,
  text: `<p>${id}</p>`,
  source: null,
  date: '2026-01-01T00:00:00Z',
  modification_date: null,
  author: { id: 9, name: 'Иван', url: '/u/9', avatar_url: null, avatar_color: '#000' } as Comment['author'],
  written_by: null,
  likes: { count: 0, summ: 0, is_liked: 0 },
  is_favorited: false,
  is_removed: false,
  is_pinned: false,
  can_edit: false,
  can_remove: false,
  is_new: false,
  attaches: [],
  ...extra,
});
const ids = (list: Comment[]) => list.map((x) => x.id);

describe('applyCommentsEvent', () => {
  const list = [c(1, 0, null), c(2, 1, 1), c(3, 2, 2), c(4, 0, null)];

  it("puts a reply after its parent's last descendant and a top-level comment at the end", () => {
    expect(ids(applyCommentsEvent(list, { type: 'comment_created', comment: c(5, 1, 1), comments_count: 5 }))).toEqual([
      1, 2, 3, 5, 4,
    ]);
    expect(
      ids(applyCommentsEvent(list, { type: 'comment_created', comment: c(6, 0, null), comments_count: 5 })),
    ).toEqual([1, 2, 3, 4, 6]);
    expect(ids(applyCommentsEvent(list, { type: 'comment_created', comment: c(7, 1, 4), comments_count: 5 }))).toEqual([
      1, 2, 3, 4, 7,
    ]);
  });

  it("keeps the reader's own richer copy", () => {
    const own = [c(1, 0, null, { can_edit: true, source: 'x' })];
    expect(applyCommentsEvent(own, { type: 'comment_created', comment: c(1, 0, null), comments_count: 1 })).toBe(own);
  });

  it('edits and votes keep what only this reader sees', () => {
    const mine = [c(1, 0, null, { can_edit: true, likes: { count: 1, summ: 1, is_liked: 1 } })];
    const edited = applyCommentsEvent(mine, {
      type: 'comment_edited',
      comment: c(1, 0, null, { text: '<p>new</p>', modification_date: 'x' }),
      comments_count: 1,
    });
    expect(edited[0]).toMatchObject({ text: '<p>new</p>', modification_date: 'x', can_edit: true });
    const voted = applyCommentsEvent(mine, {
      type: 'comment_voted',
      comment: c(1, 0, null, { likes: { count: 3, summ: 2, is_liked: 0 } }),
    });
    expect(voted[0].likes).toEqual({ count: 3, summ: 2, is_liked: 1 });
  });

  it('a removed comment stays as a stub while replies live under it', () => {
    const removed = applyCommentsEvent(list, {
      type: 'comment_removed',
      comment: null,
      removed_ids: [2],
      comments_count: 3,
    });
    expect(ids(removed)).toEqual([1, 2, 3, 4]);
    expect(removed[1]).toMatchObject({ is_removed: true, author: null, text: '' });
    expect(
      ids(applyCommentsEvent(list, { type: 'comment_removed', comment: null, removed_ids: [3], comments_count: 3 })),
    ).toEqual([1, 2, 4]);
    expect(
      ids(
        applyCommentsEvent(list, { type: 'comment_removed', comment: null, removed_ids: [1, 2, 3], comments_count: 1 }),
      ),
    ).toEqual([4]);
  });
});
