import type { CommentSorting, CommentsPage } from '../comments.ts';

/** A server-rendered first state for `<Comments initial={…}>`; `now` keeps relative dates equal on both sides. */
export interface CommentsInitial {
  page: CommentsPage;
  sorting: CommentSorting;
  now: number;
}

/** What page loaders may ask the server about comments; implemented in src/server/modules/comments/page.ts. */
export interface CommentsPageServices {
  /**
   * The first page of an entry's discussion for this reader, as `GET /v3.0/comments?count=…` answers it; with
   * `comment` (a `?comment=` link) that comment's thread is on it down to the comment.
   */
  page(entryId: number, options?: { sorting?: CommentSorting; comment?: number }): Promise<CommentsInitial>;
}
