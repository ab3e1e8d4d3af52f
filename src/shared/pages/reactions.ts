import type { BookmarkedComments, BookmarkedEntries } from '../reactions.ts';

/** A position in a bookmarks list: the last item of the previous page. */
export interface BookmarksCursor {
  lastId: number;
  lastSortingValue: string;
}

/** What page loaders may ask the server about reactions; implemented in src/server/modules/bookmarks/page.ts. */
export interface ReactionsPageServices {
  /** The reader's bookmarked entries, newest bookmark first (rc 401 for anonymous readers). */
  bookmarkedEntries(cursor?: BookmarksCursor): Promise<BookmarkedEntries>;
  bookmarkedComments(cursor?: BookmarksCursor): Promise<BookmarkedComments>;
}
