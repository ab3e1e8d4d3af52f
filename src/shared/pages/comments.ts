import type { Comment, CommentSorting } from '../comments.ts';

/** A server-rendered first state for `<Comments initial={…}>`; `now` keeps relative dates equal on both sides. */
export interface CommentsInitial {
  items: Comment[];
  sorting: CommentSorting;
  now: number;
}

/** What page loaders may ask the server about comments; implemented in src/server/modules/comments/page.ts. */
export interface CommentsPageServices {
  /** An entry's comments in tree order, as `GET /v3.0/comments` answers them for this reader. */
  list(entryId: number, sorting?: CommentSorting): Promise<CommentsInitial>;
}
