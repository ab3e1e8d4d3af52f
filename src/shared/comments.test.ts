import { describe, expect, it } from 'vitest';
import { newCommentIds, normalizeCommentText } from './comments.ts';

const now = new Date('2026-03-10T12:00:00Z');
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
const list = [
  { id: 1, date: at(100), removed: false, authorId: 10 },
  { id: 2, date: at(90), removed: true, authorId: 11 },
  { id: 3, date: at(80), removed: false, authorId: 12 },
  { id: 4, date: at(30), removed: false, authorId: 13 },
  { id: 5, date: at(20), removed: false, authorId: 99 },
];

describe('newCommentIds', () => {
  it('marks nothing without a mark (first visit) or with one older than 30 days', () => {
    expect(newCommentIds(list, null, 99, now)).toEqual(new Set());
    expect(newCommentIds(list, { count: 0, at: new Date(now.getTime() - 31 * 86_400_000) }, 99, now)).toEqual(
      new Set(),
    );
  });

  it('marks what lies beyond the seen count (removed ones not counted) and what came after the mark, never the reader’s own', () => {
    // Two living comments seen (1 and 3), the mark saved before comment 4.
    expect(newCommentIds(list, { count: 2, at: at(60) }, 99, now)).toEqual(new Set([4]));
    // A count that already covers comment 4, but saved before it: still new by time.
    expect(newCommentIds(list, { count: 3, at: at(60) }, 99, now)).toEqual(new Set([4]));
    // Everything seen after comment 4: nothing new; anonymous readers' own comments are unknown, so 5 counts.
    expect(newCommentIds(list, { count: 3, at: at(25) }, null, now)).toEqual(new Set([5]));
    expect(newCommentIds(list, { count: 4, at: at(10) }, null, now)).toEqual(new Set());
  });
});

describe('normalizeCommentText', () => {
  it('trims, unifies line ends, drops invisible characters and collapses runs of blank lines', () => {
    expect(normalizeCommentText('  \r\nПривет,\u200B мир!   \r\n\r\n\r\n\r\nВторой абзац\t \n ')).toBe(
      'Привет, мир!\n\nВторой абзац',
    );
    expect(normalizeCommentText('\u0000\u200F \n\t')).toBe('');
    expect(normalizeCommentText('строка 1\nстрока 2')).toBe('строка 1\nстрока 2');
  });
});
