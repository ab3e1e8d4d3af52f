import { sql, type SQL } from 'drizzle-orm';
import { messages } from '../../shared/catalogue.ts';

/**
 * A comment's text where it is shown without its gif (the live feed, search, moderation lists, link cards): a comment
 * that holds only a gif (`comments.attach_uuid`, text '') reads as the catalogue's placeholder «[GIF]», never as
 * nothing. `alias` is the comments table's alias in the query.
 */
export function shownCommentText(alias = 'c'): SQL {
  const c = sql.identifier(alias);
  return sql`(case when ${c}.text = '' and ${c}.attach_uuid is not null then ${messages.commentGifQuote}::text else ${c}.text end)`;
}

/** The same in code, for a comment already read: its text, or the placeholder when it holds only a gif. */
export const commentTextOrGif = (text: string, hasAttach: boolean): string =>
  text === '' && hasAttach ? messages.commentGifQuote : text;
