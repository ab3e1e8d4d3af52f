/** Comments as the API and the pages see them (issue #3, item 4). */
import type { z } from 'zod';
import type { comment, commentRemoved, commentsList, commentsPage } from './api/comments.ts';

/** Longest comment, in UTF-16 code units (what a textarea's maxlength counts). */
export const COMMENT_MAX_LENGTH = 5000;

export const COMMENT_SORTINGS = ['popular', 'date'] as const;
export type CommentSorting = (typeof COMMENT_SORTINGS)[number];

/** Seen marks older than this are forgotten (spec/content.md §9: comment-seen data cleared after 30 days). */
export const COMMENTS_SEEN_TTL_DAYS = 30;

/** One comment of an entry's flat list, in tree order with `level` as the indent (its schema: api/comments.ts). */
export type Comment = z.output<typeof comment>;

export type CommentsList = z.output<typeof commentsList>;

/** Threads (a top-level comment with its replies) per page of `GET /comments?count=…`, by default and at most. */
export const COMMENTS_PAGE_THREADS = 15;

/**
 * Best comments (`is_enabled_best_comments`): the first page of a discussion shows, above it, up to this many of its
 * comments rated at least `BEST_COMMENTS_MIN_SUMM`, the best first.
 */
export const BEST_COMMENTS_MAX = 3;
export const BEST_COMMENTS_MIN_SUMM = 3;
export const COMMENTS_PAGE_MAX = 50;
/**
 * What the first page of a discussion, rendered in the entry's HTML, may weigh (the comments' part; the page stays
 * within ~100 KB with 400 comments of a sentence each): the threads that fit, the rest loaded as the reader scrolls.
 */
export const COMMENTS_FIRST_PAGE_BYTES = 60_000;
/** Replies shown under each thread of a page before 'Показать ещё N ответов'. */
export const COMMENTS_REPLIES_SHOWN = 2;

/** A page of a discussion (`GET /comments` with `count`, `cursor`, `thread` or `comment`): whole threads. */
export type CommentsPage = z.output<typeof commentsPage>;

/** What removing a comment (or a branch) changed. */
export type CommentRemoved = z.output<typeof commentRemoved>;

/** The reader's mark for an entry: how many comments they had seen, and when they said so. */
export interface CommentsSeen {
  count: number;
  at: Date | string | number;
}

/**
 * 'New since your last visit', one rule for the server (signed-in readers, `comments_seen`) and the client
 * (anonymous readers, localStorage). A comment is new when it is someone else's, not removed, and either
 * - it lies beyond the seen count in date order (the reader saw the `count` oldest comments), or
 * - it was written after the mark was saved (so removing an old comment, which shifts the count, hides nothing new).
 * No mark (first visit, or older than 30 days) means nothing is new: a first visit highlights nothing.
 */
export function newCommentIds(
  comments: { id: number; date: Date | string; removed: boolean; authorId: number | null }[],
  seen: CommentsSeen | null,
  viewerId: number | null,
  now: Date,
): Set<number> {
  const result = new Set<number>();
  if (!seen) return result;
  const seenAt = new Date(seen.at).getTime();
  if (now.getTime() - seenAt > COMMENTS_SEEN_TTL_DAYS * 86_400_000) return result;
  const living = comments
    .filter((c) => !c.removed)
    .map((c) => ({ ...c, time: new Date(c.date).getTime() }))
    .sort((a, b) => a.time - b.time || a.id - b.id);
  living.forEach((c, rank) => {
    if (c.authorId !== null && c.authorId === viewerId) return;
    if (rank >= seen.count || c.time > seenAt) result.add(c.id);
  });
  return result;
}

/** Line ends made uniform, invisible control characters dropped, trailing spaces and runs of blank lines trimmed. */
export function normalizeCommentText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
